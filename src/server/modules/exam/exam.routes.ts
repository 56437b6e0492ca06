/**
 * The exam (architecture §9), for admins unless said:
 * GET  /api/v1/exam             the exam, its sittings and subjects, and the centres' totals (institutes too);
 * POST /api/v1/exam/update      the whole exam form;
 * POST /api/v1/exam/publish     `{published}`: admit cards out (1) or withdrawn (0);
 * POST /api/v1/exam/allocate    `{seating?}`: starts the seat allocation (202 with the job; GET /api/v1/jobs/{id});
 * POST /api/v1/exam/move-seats  `{from_centre_id, to_centre_id}`: every student of one centre to another;
 * GET  /api/v1/exam/seats       `?centre_id=` or `?institute_id=` (`&page=&per_page=`): the seat list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { AllocateBody, ExamBody, ExamView, MoveSeatsBody, PublishBody, SeatListPage, SeatListQuery } from '../../../common/schemas/exam.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { startJob } from '../../lib/jobs/jobs.js';
import { requestLang } from '../../lib/language.js';
import { allocate, allocationSeating, moveSeats, publishAdmitCards, readExam, saveExam, seatListOf } from './exam.service.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const ExamAnswer = z.object({ message: z.string().optional(), data: ExamView });
const SeatListAnswer = z.object({ data: SeatListPage });
const Started = z.object({ message: z.string(), data: z.object({ job_id: z.number() }) });
const Moved = z.object({ message: z.string(), data: z.object({ moved: z.number() }) });

export async function examRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('admin');
  const schema = { tags: ['exam'], security: [{ bearer: [] }] };
  const caller = (request: FastifyRequest) => ({ user: request.user!, client: clientOf(request) });

  api.get('/exam', { onRequest: requireRole('admin', 'institute'), schema: { ...schema, response: { 200: ExamAnswer, ...errors } } }, async () => ({
    data: await readExam(app.db),
  }));

  api.post('/exam/update', { onRequest: admin, schema: { ...schema, body: ExamBody, response: { 200: ExamAnswer, ...errors } } }, async (request) => {
    await app.db.transaction().execute((trx) => saveExam({ ...caller(request), trx }, request.body));
    return { message: translate(requestLang(request), 'exam_saved'), data: await readExam(app.db) };
  });

  api.post('/exam/publish', { onRequest: admin, schema: { ...schema, body: PublishBody, response: { 200: ExamAnswer, ...errors } } }, async (request) => {
    const { published } = request.body;
    await app.db.transaction().execute((trx) => publishAdmitCards({ ...caller(request), trx }, published));
    return { message: translate(requestLang(request), published ? 'admit_cards_published' : 'admit_cards_withdrawn'), data: await readExam(app.db) };
  });

  api.post('/exam/allocate', { onRequest: admin, schema: { ...schema, body: AllocateBody, response: { 202: Started, ...errors } } }, async (request, reply) => {
    const who = caller(request);
    const seating = await allocationSeating(app.db, request.body.seating);
    const jobId = await startJob(app, { kind: 'allocation', user: who.user, params: { seating }, exclusive: true }, async (job) => ({
      result: await allocate(app.db, who, seating, (done, total) => job.progress(done, total), app.readPool),
    }));
    reply.status(202);
    return { message: translate(requestLang(request), 'allocation_started'), data: { job_id: jobId } };
  });

  api.post('/exam/move-seats', { onRequest: admin, schema: { ...schema, body: MoveSeatsBody, response: { 200: Moved, ...errors } } }, async (request) => {
    const { from_centre_id: from, to_centre_id: to } = request.body;
    const moved = await moveSeats(app.db, caller(request), from, to);
    return { message: translate(requestLang(request), 'seats_moved', { moved }), data: { moved } };
  });

  api.get(
    '/exam/seats',
    { onRequest: admin, schema: { ...schema, querystring: SeatListQuery, response: { 200: SeatListAnswer, ...errors } } },
    async (request) => ({
      data: await seatListOf(app.db, request.query),
    }),
  );
}
