/**
 * The award letter's QR code opens GET /verify/award/{code} (docs/integrators/documents.md): a page of the public site
 * with whose award it is (names, father, institute, class, roll), the scholarship, its amount and day, read from
 * `scholarship_awards` by the code; a withdrawn award says so (a printed letter outlives its award); any other code
 * gets the site's 404. The code is printed under the QR in groups of four, typed in any case with dashes or not.
 */
import type { FastifyInstance } from 'fastify';
import { html, type RawHtml } from '../../lib/html.js';
import { bengaliNumber, notFoundMain } from '../site/index.js';
import { typedAwardCode } from './award-codes.js';
import { AWARD_TEXT as T } from './scholarships.texts.js';

const bnDay = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });

type VerifiedAward = {
  grade: string;
  amount: number;
  awarded_at: string;
  withdrawn_at: string | null;
  class: string;
  roll_no: string;
  name_bangla: string | null;
  name_english: string;
  father_name_bangla: string | null;
  father_name_english: string;
  institute_name: string | null;
  institute_name_english: string | null;
};

function awardMain(award: VerifiedAward): RawHtml {
  const live = award.withdrawn_at === null;
  return html`<section class="card verify">
<h1>${T.verifyTitle}</h1>
${live ? html`<p class="verified" data-testid="award-state">✔ ${T.valid}</p>` : html`<p class="withdrawn" role="alert" data-testid="award-state">✖ ${T.withdrawn}</p>`}
<dl>
<dt>${T.name}</dt><dd data-testid="award-name">${award.name_bangla ?? award.name_english}</dd>
<dt>${T.nameEnglish}</dt><dd lang="en">${award.name_english}</dd>
<dt>${T.father}</dt><dd>${award.father_name_bangla ?? award.father_name_english}</dd>
<dt>${T.institute}</dt><dd>${award.institute_name ?? award.institute_name_english ?? '—'}</dd>
<dt>${T.class}</dt><dd>${T.classes[award.class] ?? award.class}</dd>
<dt>${T.roll}</dt><dd class="number">${award.roll_no}</dd>
<dt>${T.award}</dt><dd>${T.grades[award.grade] ?? award.grade}</dd>
<dt>${T.amount}</dt><dd data-testid="award-amount">${T.taka(bengaliNumber(award.amount))}</dd>
<dt>${T.awardedOn}</dt><dd>${bnDay.format(new Date(award.awarded_at))}</dd>
${live ? null : html`<dt>${T.withdrawnOn}</dt><dd>${bnDay.format(new Date(award.withdrawn_at!))}</dd>`}
</dl>
</section>`;
}

export function awardVerifyRoutes(app: FastifyInstance): void {
  app.get<{ Params: { code: string } }>('/verify/award/:code', async (request, reply) => {
    const path = `/verify/award/${request.params.code}`;
    const head = { title: T.verifyTitle, path };
    const code = typedAwardCode(request.params.code);
    const award = code
      ? await app.db
          .selectFrom('scholarship_awards as a')
          .innerJoin('scholarship_registrations as r', 'r.id', 'a.registration_id')
          .leftJoin('users as u', 'u.id', 'a.institute_id')
          .select([
            'a.grade',
            'a.amount',
            'a.awarded_at',
            'a.withdrawn_at',
            'a.class',
            'a.roll_no',
            'r.name_bangla',
            'r.name_english',
            'r.father_name_bangla',
            'r.father_name_english',
            'u.institute_name',
            'u.institute_name_english',
          ])
          .where('a.code', '=', code)
          .executeTakeFirst()
      : undefined;
    if (!award) return app.sendSitePage(request, reply, 404, head, notFoundMain);
    return app.sendSitePage(request, reply, 200, head, () => awardMain(award));
  });
}
