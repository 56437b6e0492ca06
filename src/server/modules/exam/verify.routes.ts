/**
 * The admit card's QR code opens GET /verify/{token}: a page of the public site with the student's
 * name, roll, class, centre and photo, and nothing else; any other token (or a student no longer paid
 * and active) gets the site's 404. GET /verify/{token}/photo is the photo at the printed size.
 */
import type { FastifyInstance } from 'fastify';
import { html } from '../../lib/html.js';
import { EXAM_TEXT } from './exam.texts.js';
import { notFoundMain } from '../site/site.templates.js';
import { photoOf, verifiedSeat } from './admit-cards.js';

export function verifyRoutes(app: FastifyInstance): void {
  app.get<{ Params: { token: string } }>('/verify/:token', async (request, reply) => {
    const path = `/verify/${request.params.token}`;
    const seat = await verifiedSeat(app.db, request.params.token);
    if (!seat) return app.sendSitePage(request, reply, 404, { title: EXAM_TEXT.verifyTitle, path }, notFoundMain);
    return app.sendSitePage(
      request,
      reply,
      200,
      { title: EXAM_TEXT.verifyTitle, path },
      () => html`<section class="card verify">
<h1>${EXAM_TEXT.verifyTitle}</h1>
<p class="verified">✔ ${EXAM_TEXT.verifyValid}</p>
${seat.photo ? html`<img class="verify-photo" src="${path}/photo" alt="${EXAM_TEXT.photo}" width="120" height="160">` : null}
<dl>
<dt>${EXAM_TEXT.name}</dt><dd data-testid="verify-name">${seat.name_bangla ?? seat.name_english}</dd>
<dt>${EXAM_TEXT.nameEnglish}</dt><dd>${seat.name_english}</dd>
<dt>${EXAM_TEXT.roll}</dt><dd class="number" data-testid="verify-roll">${seat.roll_no}</dd>
<dt>${EXAM_TEXT.class}</dt><dd>${EXAM_TEXT.classes[seat.class] ?? seat.class}</dd>
<dt>${EXAM_TEXT.centre}</dt><dd>${seat.centre_bn} (${seat.centre_en})</dd>
</dl>
</section>`,
    );
  });

  app.get<{ Params: { token: string } }>('/verify/:token/photo', async (request, reply) => {
    const seat = await verifiedSeat(app.db, request.params.token);
    const photo = seat ? await photoOf(app, seat.photo) : null;
    if (!photo) return reply.status(404).type('text/plain').send('not found');
    return reply.type(photo.type).header('cache-control', 'private, max-age=300').send(photo.bytes);
  });
}
