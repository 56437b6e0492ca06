/**
 * The public result lookup (docs/integrators/results.md), server-rendered in the site's frame, without JavaScript:
 * GET /result                  the form;
 * GET /result?roll=&reg=       one student's result, when the roll and the registration number (or the
 *                              birth registration number) belong together; every other pair gets the same
 *                              answer, and an address giving too many wrong pairs, or making too many
 *                              lookups of any outcome, gets 429 for a while; the page shows the result and
 *                              whose it is (name, institute, class, numbers), nothing of the family;
 * GET /result/slip?roll=&reg=  the same result as a PDF slip, printed once per publication and then served from
 *                              storage (result-slips.ts), SLIP_LIMIT a window per address;
 * GET /merit-list              each class's merit list: GET /merit-list/{class}?page= (HTML), /merit-list/{class}.pdf.
 * Each answer is one read of the published snapshot (architecture §9: result day).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResultDocument } from '../../../common/schemas/results.js';
import { toAsciiDigits } from '../../../common/validation.js';
import { preparedQuery } from '../../db/prepared.js';
import { failureCounter, uncounted } from '../../lib/failure-counter.js';
import { formField } from '../../lib/form-field.js';
import { html, type RawHtml } from '../../lib/html.js';
import { byAddress, rateLimited } from '../../lib/rate-limits.js';
import { SitePageQuery, SiteQueryValue } from '../../lib/site-query.js';
import { CLASS_CODES } from '../../../common/constants.js';
import { bengaliNumber, notFoundMain } from '../site/index.js';
import { readSeason } from '../season/index.js';
import { meritListPage, withheldRolls } from './merit-list.js';
import { parseMeritFiles, parseResultDocument } from './results.repository.js';
import { resultSlips } from './result-slips.js';
import { RESULT_TEXT as T } from './results.texts.js';

/** Wrong pairs an address may give in the window before it is refused: a family's typos, not a scan of rolls. */
export const LOOKUP_MISSES = { max: 20, windowSeconds: 600 };
/** Slips an address may ask for (printed or stored alike): a family's few, a school's computer room on result day. */
export const SLIP_LIMIT = { max: 30, timeWindow: '10 minutes' };
/** Lookups of any outcome (slips included) an address may make in the window: a school's results read one by one, not every result read by whoever holds many pairs. */
export const LOOKUPS = { max: 100, windowSeconds: 600 };

const PATH = '/result';
const MERIT = '/merit-list';
const MERIT_PER_PAGE = 100;

const LookupQuery = z.object({ roll: SiteQueryValue, reg: SiteQueryValue });
type LookupQuery = z.output<typeof LookupQuery>;
const MeritListParams = z.object({ list: z.string() });

/** The live version's row for a roll, with the version itself (0: not published) even when the roll has none. */
const snapshotRow = preparedQuery((db, args: { roll: string }) =>
  db
    .selectFrom('exams as e')
    .leftJoin('result_snapshot as s', (join) => join.onRef('s.version', '=', 'e.results_version').on('s.roll_no', '=', args.roll))
    .select(['e.results_version as version', 's.reg_no', 's.birth_certificate_no', 's.doc'])
    .where('e.id', '=', 1),
);

/** A number as typed in either script, spaces and dashes dropped; undefined when it is not digits. */
const digitsOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const digits = toAsciiDigits(value).replace(/[\s-]/g, '');
  return /^\d{1,20}$/.test(digits) ? digits : undefined;
};

const marksText = (value: number) => bengaliNumber(value);

type FormState = { roll?: string; reg?: string; errors?: { roll?: string; reg?: string }; message?: string };

function formHtml(state: FormState): RawHtml {
  const field = (name: 'roll' | 'reg', label: string, value: string | undefined, error: string | undefined) =>
    formField({ name, label, value, error, inputmode: 'numeric' });
  return html`<form class="result-form" method="get" action="${PATH}">
${field('roll', T.roll, state.roll, state.errors?.roll)}
${field('reg', T.reg, state.reg, state.errors?.reg)}
<button class="button" type="submit">${T.search}</button>
</form>`;
}

function lookupMain(state: FormState): RawHtml {
  return html`<section class="card result-lookup">
<h1>${T.lookupTitle}</h1>
${state.message ? html`<p class="result-message" role="alert">${state.message}</p>` : html`<p>${T.lookupIntro}</p>`}
${formHtml(state)}
</section>`;
}

export function resultMain(doc: ResultDocument, slipHref: string): RawHtml {
  return html`<section class="card result">
<h1>${T.lookupTitle}</h1>
<dl>
<dt>${T.name}</dt><dd>${doc.name_bn ?? doc.name_en}${doc.name_bn ? html`<br><span lang="en">${doc.name_en}</span>` : null}</dd>
<dt>${T.institute}</dt><dd>${doc.institute}</dd>
<dt>${T.class}</dt><dd>${T.classes[doc.class] ?? doc.class}</dd>
<dt>${T.roll}</dt><dd>${doc.roll_no}</dd>
<dt>${T.regNo}</dt><dd>${doc.reg_no}</dd>
</dl>
${
  doc.state === 'withheld'
    ? html`<p class="result-withheld">${T.withheldNote}</p>`
    : html`<table class="result-marks">
<thead><tr><th scope="col">${T.subject}</th><th scope="col">${T.fullMarks}</th><th scope="col">${T.marks}</th></tr></thead>
<tbody>
${doc.subjects.map(
  (subject) =>
    html`<tr><td>${subject.name_bn}</td><td>${bengaliNumber(subject.full_marks)}</td><td>${subject.absent ? T.absent : subject.marks === null ? '—' : marksText(subject.marks)}</td></tr>`,
)}
</tbody>
<tfoot><tr><th scope="row">${T.total}</th><td>${bengaliNumber(doc.full_marks)}</td><td>${marksText(doc.total)}</td></tr></tfoot>
</table>`
}
<dl class="result-outcome">
<dt>${T.state}</dt><dd>${T.states[doc.state] ?? doc.state}</dd>
${doc.position > 0 ? html`<dt>${T.position}</dt><dd>${bengaliNumber(doc.position)}</dd>` : null}
${doc.state === 'withheld' ? null : html`<dt>${T.grade}</dt><dd class="${doc.grade ? 'result-grade' : ''}">${doc.grade ? T.grades[doc.grade] : T.noGrade}</dd>`}
${doc.grade && typeof doc.award_amount === 'number' ? html`<dt>${T.awardAmount}</dt><dd class="result-grade" data-testid="award-amount">${T.taka(bengaliNumber(doc.award_amount))}</dd>` : null}
</dl>
<p class="result-actions"><a class="button" href="${slipHref}">${T.slip}</a> <a href="${PATH}">${T.another}</a></p>
</section>`;
}

export type LookupAnswer =
  | { kind: 'form'; state: FormState }
  | { kind: 'unpublished' }
  | { kind: 'miss'; roll: string; reg: string }
  | { kind: 'limited' }
  | { kind: 'found'; doc: ResultDocument; roll: string; reg: string };

export function resultLookupRoutes(app: FastifyInstance): void {
  const site = app.withTypeProvider<ZodTypeProvider>();
  const misses = app.config.rateLimit ? failureCounter(LOOKUP_MISSES.windowSeconds, app.shared?.client, app.log) : uncounted;
  const missKey = (request: FastifyRequest) => `result:${request.ip}`;
  const lookups = app.config.rateLimit ? failureCounter(LOOKUPS.windowSeconds, app.shared?.client, app.log) : uncounted;
  const lookupKey = (request: FastifyRequest) => `result-lookups:${request.ip}`;

  /** What a lookup request answers; a wrong pair is counted against the address. */
  async function lookUp(request: FastifyRequest, query: LookupQuery): Promise<LookupAnswer> {
    if (query.roll === undefined && query.reg === undefined) return { kind: 'form', state: {} };
    const roll = digitsOf(query.roll);
    const reg = digitsOf(query.reg);
    if (!roll || !reg) {
      const errorOf = (value: unknown, digits: string | undefined) =>
        digits ? undefined : typeof value === 'string' && value.trim() !== '' ? T.digitsOnly : T.required;
      const shown = (value: unknown) => (typeof value === 'string' ? value.slice(0, 40) : undefined);
      return {
        kind: 'form',
        state: { roll: shown(query.roll), reg: shown(query.reg), errors: { roll: errorOf(query.roll, roll), reg: errorOf(query.reg, reg) } },
      };
    }
    // Counted before the look-up and taken back unless it misses, so lookups sent at once each see the ones before them.
    if ((await misses.reserve(missKey(request))) > LOOKUP_MISSES.max) return { kind: 'limited' };
    // Every lookup counts here, whatever it finds.
    if ((await lookups.reserve(lookupKey(request))) > LOOKUPS.max) {
      await misses.release(missKey(request));
      return { kind: 'limited' };
    }
    const [row] = await snapshotRow(app.db, { roll });
    if (!row || row.version === 0) {
      await misses.release(missKey(request));
      return { kind: 'unpublished' };
    }
    if (row.doc && (row.reg_no === reg || (row.birth_certificate_no !== null && row.birth_certificate_no === reg))) {
      await misses.release(missKey(request));
      return { kind: 'found', doc: parseResultDocument(row.doc), roll, reg };
    }
    // As typed (a family corrects one digit rather than typing both numbers again).
    const typed = (value: unknown) => (typeof value === 'string' ? value.slice(0, 40) : '');
    return { kind: 'miss', roll: typed(query.roll), reg: typed(query.reg) };
  }

  const head = { title: T.lookupTitle, path: PATH };
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, main: RawHtml) => app.sendInSiteFrame(request, reply, status, head, main);
  // The empty form is what a search engine should lead families to; every answer stays out of its index.
  const formPage = (request: FastifyRequest, reply: FastifyReply, main: RawHtml) =>
    app.sendInSiteFrame(request, reply, 200, { ...head, description: T.lookupIntro, noindex: false }, main);

  const answerPage = (request: FastifyRequest, reply: FastifyReply, answer: Exclude<LookupAnswer, { kind: 'found' }>) => {
    switch (answer.kind) {
      case 'form':
        return answer.state.errors ? page(request, reply, 422, lookupMain(answer.state)) : formPage(request, reply, lookupMain(answer.state));
      case 'unpublished':
        return page(request, reply, 200, lookupMain({ message: T.notPublished }));
      case 'limited':
        return page(request, reply, 429, lookupMain({ message: T.tooMany }));
      case 'miss':
        return page(request, reply, 404, lookupMain({ message: T.notFound, roll: answer.roll, reg: answer.reg }));
    }
  };

  const limitSlips = rateLimited(app, [{ ...SLIP_LIMIT, key: byAddress('result-slip') }]);
  const slipOf = resultSlips(app);
  site.get(`${PATH}/slip`, { schema: { querystring: LookupQuery } }, async (request, reply) => {
    try {
      await limitSlips(request, reply);
    } catch {
      return answerPage(request, reply, { kind: 'limited' });
    }
    const answer = await lookUp(request, request.query);
    if (answer.kind !== 'found') return answerPage(request, reply, answer);
    const file = await slipOf(answer.roll);
    if (!file) return answerPage(request, reply, { kind: 'miss', roll: answer.roll, reg: answer.reg });
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="result-${answer.roll}.pdf"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  app.get(MERIT, async (request, reply) => {
    const exam = await readSeason(app.db);
    const files = parseMeritFiles(exam.merit_list_files);
    const main =
      exam.results_version === 0
        ? html`<section class="card"><h1>${T.meritTitle}</h1><p>${T.notPublished}</p></section>`
        : html`<section class="card merit"><h1>${T.meritTitle}</h1><p>${T.meritIntro}</p><ul class="merit-classes">
${CLASS_CODES.map((klass) => {
  const pdf = files[klass];
  return html`<li><a href="${MERIT}/${klass}">${T.meritOf(klass)}</a>${pdf ? html` · <a href="${MERIT}/${klass}.pdf">${T.meritPdf}</a>` : null}</li>`;
})}
</ul></section>`;
    return app.sendInSiteFrame(request, reply, 200, { title: T.meritTitle, path: MERIT, description: T.meritIntro, noindex: false }, main);
  });

  site.get(`${MERIT}/:list`, { schema: { params: MeritListParams, querystring: SitePageQuery } }, async (request, reply) => {
    const match = /^(\d\d)(\.pdf)?$/.exec(request.params.list);
    const klass = match && (CLASS_CODES as readonly string[]).includes(match[1]!) ? match[1]! : undefined;
    const exam = await readSeason(app.db);
    const head = { title: klass ? T.meritOf(klass) : T.meritTitle, path: `${MERIT}/${request.params.list}` };
    if (!klass || exam.results_version === 0) return app.sendSitePage(request, reply, 404, head, notFoundMain);
    if (match![2]) {
      const key = parseMeritFiles(exam.merit_list_files)[klass];
      const file = key ? await app.storage.get(key) : null;
      if (!file) return app.sendSitePage(request, reply, 404, head, notFoundMain);
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="merit-list-${klass}.pdf"`)
        .header('cache-control', 'public, max-age=300')
        .send(file.body);
    }
    const pageNumber = request.query.page;
    const { rows, total } = await meritListPage(app.db, klass, pageNumber, MERIT_PER_PAGE);
    const pages = Math.max(1, Math.ceil(total / MERIT_PER_PAGE));
    // The withheld follow the holders on the last page: they have no merit position.
    const withheld = pageNumber >= pages ? await withheldRolls(app.db, klass) : [];
    const link = (n: number) => `${MERIT}/${klass}${n > 1 ? `?page=${n}` : ''}`;
    const main = html`<section class="card merit">
<h1>${T.meritOf(klass)}</h1>
${
  rows.length === 0
    ? html`<p>${T.meritEmpty}</p>`
    : html`<table class="merit-table">
<thead><tr><th scope="col">${T.positionAndRoll}</th><th scope="col">${T.student}</th></tr></thead>
<tbody>${rows.map(
        (row) =>
          html`<tr><td class="merit-place"><strong>${bengaliNumber(row.position)}</strong><span class="merit-roll">${row.roll_no}</span></td><td class="merit-student"><strong>${row.name_bangla ?? row.name_english}</strong>${row.name_bangla ? html`<span lang="en">${row.name_english}</span>` : null}<span>${row.institute_name ?? ''}</span>${row.grade ? html`<span class="result-grade">${T.grades[row.grade]}</span>` : null}</td></tr>`,
      )}</tbody></table>`
}
${withheld.length > 0 ? html`<h2>${T.withheld}</h2><p class="merit-withheld">${T.withheldRolls}</p><ul class="merit-withheld-rolls">${withheld.map((roll) => html`<li>${roll}</li>`)}</ul>` : null}
${pages > 1 ? html`<nav class="pager">${pageNumber > 1 ? html`<a href="${link(pageNumber - 1)}">${T.previous}</a>` : null} <span>${T.pageOf(bengaliNumber(pageNumber), bengaliNumber(pages))}</span> ${pageNumber < pages ? html`<a href="${link(pageNumber + 1)}">${T.next}</a>` : null}</nav>` : null}
</section>`;
    return app.sendInSiteFrame(request, reply, 200, head, main);
  });

  site.get(PATH, { schema: { querystring: LookupQuery } }, async (request, reply) => {
    const answer = await lookUp(request, request.query);
    if (answer.kind !== 'found') return answerPage(request, reply, answer);
    return page(request, reply, 200, resultMain(answer.doc, `${PATH}/slip?roll=${answer.roll}&reg=${answer.reg}`));
  });
}
