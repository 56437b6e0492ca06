/**
 * The admit card's QR code opens GET /verify/{token}: a page of the public site with the student's
 * name, roll, class, centre and photo, and nothing else; any other token (or a student no longer paid
 * and active) gets the site's 404. GET /verify/{token}/photo is the photo at the printed size.
 * GET /verify is the same check for a person without a scanner: the roll and the six-character code
 * printed under the QR (verify-code.ts); a wrong pair is counted against the address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toAsciiDigits } from '../../../common/validation.js';
import { failureCounter, uncounted } from '../../lib/failure-counter.js';
import { formField } from '../../lib/form-field.js';
import { html, type RawHtml } from '../../lib/html.js';
import { SiteQueryValue } from '../../lib/site-query.js';
import { EXAM_TEXT } from './exam.texts.js';
import { notFoundMain } from '../site/index.js';
import { photoOf, verifiedSeat, verifiedSeatByCode } from './admit-cards.js';
import { typedCode } from './verify-code.js';

/** Wrong roll and code pairs an address may give in the window: an invigilator's typos, not a scan of rolls. */
export const VERIFY_MISSES = { max: 20, windowSeconds: 600 };

const VerifyQuery = z.object({ roll: SiteQueryValue, code: SiteQueryValue });
const TokenParams = z.object({ token: z.string() });

type Seat = NonNullable<Awaited<ReturnType<typeof verifiedSeat>>>;
type FormState = { roll?: string; code?: string; errors?: { roll?: string; code?: string }; message?: string };

function seatMain(seat: Seat, photoPath: string): RawHtml {
  return html`<section class="card verify">
<h1>${EXAM_TEXT.verifyTitle}</h1>
<p class="verified">✔ ${EXAM_TEXT.verifyValid}</p>
${seat.photo ? html`<img class="verify-photo" src="${photoPath}" alt="${EXAM_TEXT.photo}" width="120" height="160">` : null}
<dl>
<dt>${EXAM_TEXT.name}</dt><dd data-testid="verify-name">${seat.name_bangla ?? seat.name_english}</dd>
<dt>${EXAM_TEXT.nameEnglish}</dt><dd>${seat.name_english}</dd>
<dt>${EXAM_TEXT.roll}</dt><dd class="number" data-testid="verify-roll">${seat.roll_no}</dd>
<dt>${EXAM_TEXT.class}</dt><dd>${EXAM_TEXT.classes[seat.class] ?? seat.class}</dd>
<dt>${EXAM_TEXT.centre}</dt><dd>${seat.centre_bn} (${seat.centre_en})</dd>
</dl>
</section>`;
}

function formMain(state: FormState): RawHtml {
  const field = (name: 'roll' | 'code', label: string, inputmode: 'numeric' | 'text', error: string | undefined) =>
    formField({ name, label, value: state[name], error, inputmode, autocapitalize: 'characters' });
  return html`<section class="card result-lookup">
<h1>${EXAM_TEXT.verifyTitle}</h1>
${state.message ? html`<p class="result-message" role="alert">${state.message}</p>` : html`<p>${EXAM_TEXT.verifyCodeIntro}</p>`}
<form class="result-form" method="get" action="/verify">
${field('roll', EXAM_TEXT.roll, 'numeric', state.errors?.roll)}
${field('code', EXAM_TEXT.verifyCode, 'text', state.errors?.code)}
<button class="button" type="submit">${EXAM_TEXT.verifyButton}</button>
</form>
</section>`;
}

export function verifyRoutes(app: FastifyInstance): void {
  const site = app.withTypeProvider<ZodTypeProvider>();
  const misses = app.config.rateLimit ? failureCounter(VERIFY_MISSES.windowSeconds, app.shared?.client, app.log) : uncounted;
  const missKey = (request: FastifyRequest) => `verify:${request.ip}`;
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, main: () => RawHtml) =>
    app.sendSitePage(request, reply, status, { title: EXAM_TEXT.verifyTitle, path: '/verify' }, main);

  site.get('/verify', { schema: { querystring: VerifyQuery } }, async (request, reply) => {
    const query = request.query;
    if (query.roll === undefined && query.code === undefined) return page(request, reply, 200, () => formMain({}));
    const shown = (value: unknown) => (typeof value === 'string' ? value.slice(0, 40) : undefined);
    const typedRoll = typeof query.roll === 'string' ? toAsciiDigits(query.roll).replace(/[\s-]/g, '') : '';
    const roll = /^\d{1,20}$/.test(typedRoll) ? typedRoll : undefined;
    const code = typedCode(query.code);
    const typed = { roll: shown(query.roll), code: shown(query.code) };
    if (!roll || !code) {
      const errors = { roll: roll ? undefined : EXAM_TEXT.verifyRollError, code: code ? undefined : EXAM_TEXT.verifyCodeError };
      return page(request, reply, 422, () => formMain({ ...typed, errors }));
    }
    // Counted before the check and given back when it matches, so guesses sent at once each see the ones before them.
    if ((await misses.reserve(missKey(request))) > VERIFY_MISSES.max)
      return page(request, reply, 429, () => formMain({ ...typed, message: EXAM_TEXT.verifyTooMany }));
    const seat = await verifiedSeatByCode(app.db, roll, code);
    if (!seat) return page(request, reply, 404, () => formMain({ ...typed, message: EXAM_TEXT.verifyCodeMiss }));
    await misses.release(missKey(request));
    return page(request, reply, 200, () => seatMain(seat, `/verify/${seat.token}/photo`));
  });

  site.get('/verify/:token', { schema: { params: TokenParams } }, async (request, reply) => {
    const path = `/verify/${request.params.token}`;
    const seat = await verifiedSeat(app.db, request.params.token);
    if (!seat) return app.sendSitePage(request, reply, 404, { title: EXAM_TEXT.verifyTitle, path }, notFoundMain);
    return app.sendSitePage(request, reply, 200, { title: EXAM_TEXT.verifyTitle, path }, () => seatMain(seat, `${path}/photo`));
  });

  site.get('/verify/:token/photo', { schema: { params: TokenParams } }, async (request, reply) => {
    const seat = await verifiedSeat(app.db, request.params.token);
    const photo = seat ? await photoOf(app, seat.photo) : null;
    if (!photo) return reply.status(404).type('text/plain').send('not found');
    return reply.type(photo.type).header('cache-control', 'private, max-age=300').send(photo.bytes);
  });
}
