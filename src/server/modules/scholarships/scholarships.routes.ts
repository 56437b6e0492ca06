/**
 * Scholarships awarded (docs/integrators/results.md, documents.md):
 * GET  /api/v1/scholarships                          the amounts set now and the live awards per grade (admin);
 * POST /api/v1/scholarships/letters                  `{institute_id?}`: a job printing award letters (202 `{job_id}`, then
 *                                                    GET /api/v1/jobs/{id}/file): an institute's own, an admin's of any
 *                                                    institute or, without one, of every institute in turn;
 * GET  /api/v1/scholarships/awards/{id}/letter       one student's letter (the registration's id), at once.
 * Letters are of live awards only, so only while the result is published (409 results_not_published).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { AwardLettersBody, ScholarshipsView } from '../../../common/schemas/scholarships.js';
import { requiredId } from '../../../common/validation.js';
import type { Database } from '../../db/types.js';
import { requireRole } from '../../lib/authenticate.js';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/errors.js';
import { limitPdfJobs, limitSinglePdfs, startPdfJob } from '../../lib/jobs/pdf-jobs.js';
import { requestLang } from '../../lib/language.js';
import { readSeason } from '../season/index.js';
import type { Kysely } from 'kysely';
import { awardAmounts } from './amounts.js';
import { countLiveAwards, everyInstituteLetters, instituteLetters, letterExam, studentLetter } from './letters.js';
import { awardLetterHtml, awardLetterParts } from './pdf/award-letters.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const Started = z.object({ message: z.string(), data: z.object({ job_id: z.number() }) });
const ViewAnswer = z.object({ data: ScholarshipsView });
const Params = z.object({ id: requiredId() });

async function scholarshipsView(db: Kysely<Database>): Promise<ScholarshipsView> {
  const rows = await db
    .selectFrom('scholarship_awards')
    .select((eb) => ['grade', eb.fn.countAll<number>().as('students'), eb.fn.sum<number>('amount').as('taka')])
    .where('withdrawn_at', 'is', null)
    .groupBy('grade')
    .execute();
  const withdrawn = await db
    .selectFrom('scholarship_awards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('withdrawn_at', 'is not', null)
    .executeTakeFirstOrThrow();
  const of = (grade: string) => {
    const row = rows.find((r) => r.grade === grade);
    return { students: Number(row?.students ?? 0), taka: Number(row?.taka ?? 0) };
  };
  return {
    amounts: await awardAmounts(db),
    published: (await readSeason(db)).results_version > 0,
    awarded: { talent_pool: of('talent_pool'), general: of('general') },
    withdrawn: Number(withdrawn.n),
  };
}

export async function scholarshipRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['scholarships'], security: [{ bearer: [] }] };
  const limitJobs = limitPdfJobs(app);
  const limitSingle = limitSinglePdfs(app);
  const refuseUnpublished = async () => {
    if ((await readSeason(app.db)).results_version === 0) throw new HttpError(409, 'results_not_published');
  };

  api.get('/scholarships', { onRequest: requireRole('admin'), schema: { ...schema, response: { 200: ViewAnswer, ...errors } } }, async () => ({
    data: await scholarshipsView(app.db),
  }));

  api.post(
    '/scholarships/letters',
    {
      onRequest: [requireRole('admin', 'institute'), limitJobs],
      schema: { ...schema, body: AwardLettersBody, response: { 202: Started, ...errors, 429: ErrorEnvelope } },
    },
    async (request, reply) => {
      const user = request.user!;
      const asked = request.body.institute_id;
      if (user.role === 'institute' && asked !== undefined && asked !== user.id) throw forbidden();
      const instituteId = user.role === 'institute' ? user.id : asked;
      await refuseUnpublished();
      const total = await countLiveAwards(app.db, instituteId);
      if (total === 0) throw new ValidationError({ institute_id: ['no_award_letters'] });
      const jobId = await startPdfJob(app, { kind: 'award-letters', user, params: { institute_id: instituteId ?? null } }, async (job) => {
        const exam = await letterExam(app);
        let name = 'award-letters.pdf';
        async function* institutes() {
          if (instituteId === undefined) return yield* everyInstituteLetters(app);
          const own = await instituteLetters(app, instituteId);
          if (!own) return;
          name = `award-letters-${own.institute.uid}.pdf`;
          yield own;
        }
        let done = 0;
        job.progress(0, total);
        const file = await app.pdf.render(
          awardLetterParts(exam, institutes(), () => done++),
          () => job.progress(done, total),
        );
        return { result: { letters: done, pages: file.pages }, file: { name, type: 'application/pdf', size: file.bytes, stream: () => file.stream() } };
      });
      reply.status(202);
      return { message: translate(requestLang(request), 'document_started'), data: { job_id: jobId } };
    },
  );

  api.get(
    '/scholarships/awards/:id/letter',
    {
      onRequest: [requireRole('admin', 'institute'), limitSingle],
      schema: { ...schema, params: Params, response: { 200: FileAnswer, ...errors, 429: ErrorEnvelope } },
    },
    async (request, reply) => {
      const user = request.user!;
      const found = await studentLetter(app, request.params.id);
      if (!found) throw notFound();
      if (user.role === 'institute' && found.institute_id !== user.id) throw forbidden();
      const file = await app.pdf.render([awardLetterHtml(await letterExam(app), found.letter)]);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="award-letter-${found.letter.student.reg_no}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await file.read());
    },
  );
}
