/**
 * The result (docs/integrators/results.md), for admins:
 * GET  /api/v1/results          the rules, whether processed and published, the counts (preview and analytics), the jobs;
 * POST /api/v1/results/rules    `{rules}`: each class's grading rule;
 * POST /api/v1/results/process  starts the processing (202 with the job; GET /api/v1/jobs/{id});
 * POST /api/v1/results/publish  `{published: 1}` starts the publication (202 with the job), `{published: 0}` withdraws it;
 *                               refused (409, naming the classes and subjects) while a candidate has a missing mark,
 *                               unless `withhold_reason` withholds those candidates' results;
 * GET  /api/v1/results/merit    `?class=&page=&per_page=`: a class's students in merit order.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_CODES } from '../../../common/constants.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { type Lang, translate } from '../../../common/messages.js';
import { MeritPage, otherClassParams, ResultPublishBody, ResultRulesBody, ResultsView, Withdrawn } from '../../../common/schemas/results.js';
import { optionalInt, requiredChoice } from '../../../common/validation.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { HttpError } from '../../lib/errors.js';
import { hasLiveJob, startJob } from '../../lib/jobs/jobs.js';
import { requestLang } from '../../lib/language.js';
import { isCurrent, readSeason } from '../season/index.js';
import { processResults } from './processing.js';
import { publishResults } from './publication.js';
import { type Blocker, blockersOf, marksProgress } from './marks-progress.js';
import { meritPage, readResults, refuseOncePublished, releaseWithholdings, saveRules, withdrawResults, withholdIncomplete } from './results.service.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const ResultsAnswer = z.object({ message: z.string().optional(), data: ResultsView });
const WithdrawnAnswer = z.object({ message: z.string(), data: Withdrawn });
const MeritAnswer = z.object({ data: MeritPage });
const Started = z.object({ message: z.string(), data: z.object({ job_id: z.number() }) });
const MeritQuery = z.object({ class: requiredChoice(CLASS_CODES), page: optionalInt(1, 100_000), per_page: optionalInt(1, 200) });

/** The 409's message: how many candidates in which classes lack which subjects' marks. */
function missingMessage(lang: Lang, blockers: readonly Blocker[]): string {
  const bengali = lang === 'bn';
  const count = (n: number) => new Intl.NumberFormat(bengali ? 'bn-BD' : 'en-US').format(n);
  const missing = blockers
    .map((klass) =>
      translate(lang, 'results_missing_class', {
        ...otherClassParams('', klass.class),
        count: klass.candidates,
        subjects: klass.subjects.map((subject) => `${bengali ? subject.name_bn : subject.name_en} ${count(subject.missing)}`).join(', '),
      }),
    )
    .join('; ');
  return translate(lang, 'results_marks_missing', { missing });
}

/** Processing and publishing read and write the same tables: one of them at a time, under one lock. */
const KINDS = { process: 'results-process', publish: 'results-publish' } as const;
const RESULT_JOBS = Object.values(KINDS);

export async function resultRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('admin');
  const schema = { tags: ['results'], security: [{ bearer: [] }] };
  const caller = (request: FastifyRequest) => ({ user: request.user!, client: clientOf(request) });
  const refuseWhileRunning = async () => {
    for (const kind of Object.values(KINDS)) if (await hasLiveJob(app.db, kind)) throw new HttpError(409, 'job_running');
  };
  const refusePublished = () => refuseOncePublished(app.db);

  api.get('/results', { onRequest: admin, schema: { ...schema, response: { 200: ResultsAnswer, ...errors } } }, async () => ({
    data: await readResults(app.db, app.readPool, KINDS),
  }));

  api.post(
    '/results/rules',
    { onRequest: admin, schema: { ...schema, body: ResultRulesBody, response: { 200: ResultsAnswer, ...errors } } },
    async (request) => {
      await refusePublished();
      await app.db.transaction().execute((trx) => saveRules({ ...caller(request), trx }, request.body.rules));
      return { message: translate(requestLang(request), 'stored'), data: await readResults(app.db, app.readPool, KINDS) };
    },
  );

  api.post('/results/process', { onRequest: admin, schema: { ...schema, response: { 202: Started, ...errors } } }, async (request, reply) => {
    await refusePublished();
    await refuseWhileRunning();
    const who = caller(request);
    const jobId = await startJob(app, { kind: KINDS.process, user: who.user, exclusive: true, excludes: RESULT_JOBS }, async (job) => ({
      result: { ...(await processResults(app.db, app.readPool, job)), released: await releaseWithholdings(app.db, who.user, who.client) },
    }));
    // Recorded as it starts, with its job: the counts it comes to are the job's answer.
    await recordAudit(app.db, { actor: who.user, client: who.client, action: 'results.process', entity: 'exam', entityId: 1, after: { job_id: jobId } });
    reply.status(202);
    return { message: translate(requestLang(request), 'processing_started'), data: { job_id: jobId } };
  });

  api.post(
    '/results/publish',
    { onRequest: admin, schema: { ...schema, body: ResultPublishBody, response: { 200: WithdrawnAnswer, 202: Started, ...errors } } },
    async (request, reply) => {
      const who = caller(request);
      const lang = requestLang(request);
      if (!request.body.published) {
        await app.db.transaction().execute((trx) => withdrawResults({ ...who, trx }));
        app.invalidateSite();
        return { message: translate(lang, 'results_withdrawn'), data: { published: false as const } };
      }
      await refuseWhileRunning();
      if (!isCurrent(await readSeason(app.db))) throw new HttpError(409, 'results_not_processed');
      const blockers = blockersOf(await marksProgress(app.db, app.readPool));
      if (blockers.length > 0) {
        const reason = request.body.withhold_reason;
        if (!reason) return reply.status(409).send({ message: missingMessage(lang, blockers), data: null });
        await app.db.transaction().execute((trx) => withholdIncomplete({ ...who, trx }, reason));
      }
      const jobId = await startJob(app, { kind: KINDS.publish, user: who.user, exclusive: true, excludes: RESULT_JOBS }, async (job) => {
        const published = await publishResults(app, job);
        app.invalidateSite();
        await recordAudit(app.db, { actor: who.user, client: who.client, action: 'results.publish', entity: 'exam', entityId: 1, after: published });
        return { result: published };
      });
      reply.status(202);
      return { message: translate(lang, 'publication_started'), data: { job_id: jobId } };
    },
  );

  api.get(
    '/results/merit',
    { onRequest: admin, schema: { ...schema, querystring: MeritQuery, response: { 200: MeritAnswer, ...errors } } },
    async (request) => {
      const { class: klass, page = 1, per_page: perPage = 50 } = request.query;
      return { data: await meritPage(app.db, klass, page, perPage) };
    },
  );
}
