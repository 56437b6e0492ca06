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
import { AllocateBody, ExamBody, MoveSeatsBody, PublishBody, SeatListQuery } from '../../../common/schemas/exam.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { startJob } from '../../lib/jobs/jobs.js';
import { requestLang } from '../../lib/language.js';
import { ValidationError } from '../../lib/errors.js';
import { toAsciiDigits } from '../../../common/validation.js';
import { allocateSeats } from './allocation.js';
import { moveSeats, publishAdmitCards, readExam, saveExam } from './exam.service.js';
import { seatList } from './seat-list.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const ExamAnswer = z.object({ message: z.string().optional(), data: z.record(z.string(), z.unknown()) });
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
    const seating = request.body.seating ?? (await app.db.selectFrom('exams').select('seating').where('id', '=', 1).executeTakeFirstOrThrow()).seating;
    const jobId = await startJob(app, { kind: 'allocation', user: who.user, params: { seating }, exclusive: true }, async (job) => {
      const report = await allocateSeats(app.db, seating, (done, total) => job.progress(done, total), app.readPool);
      await recordAudit(app.db, {
        actor: who.user,
        client: who.client,
        action: 'seats.allocate',
        entity: 'exam',
        entityId: 1,
        after: { seating, kept: report.kept, seated: report.seated, released: report.released, unseated: report.unseated_students },
      });
      return { result: report };
    });
    reply.status(202);
    return { message: translate(requestLang(request), 'allocation_started'), data: { job_id: jobId } };
  });

  api.post('/exam/move-seats', { onRequest: admin, schema: { ...schema, body: MoveSeatsBody, response: { 200: Moved, ...errors } } }, async (request) => {
    const { from_centre_id: from, to_centre_id: to } = request.body;
    const moved = await moveSeats(app.db, caller(request), from, to);
    return { message: translate(requestLang(request), 'seats_moved', { moved }), data: { moved } };
  });

  api.get('/exam/seats', { onRequest: admin, schema: { ...schema, querystring: SeatListQuery, response: { 200: ExamAnswer, ...errors } } }, async (request) => {
    const { centre_id, institute_uid, page = 1, per_page: perPage = 100 } = request.query;
    let { institute_id } = request.query;
    if (institute_uid) {
      const institute = await app.db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
        .select('users.id')
        .where('users.uid', '=', toAsciiDigits(institute_uid))
        .where('user_roles.slug', '=', 'institute')
        .executeTakeFirst();
      if (!institute) throw new ValidationError({ institute_uid: ['invalid_choice'] });
      institute_id = institute.id;
    }
    return { data: await seatList(app.db, { centre_id, institute_id }, page, perPage) };
  });
}
