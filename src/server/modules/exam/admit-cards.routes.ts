/**
 * Admit cards and centre sheets as PDFs (architecture §9: one generator, long work as jobs):
 * POST /api/v1/admit-cards `{institute_id}` or `{centre_id}` starts a job making the cards as one PDF
 *   (202; GET /api/v1/jobs/{id}, then …/file). An institute gets its own, only once admit cards are
 *   published; an admin any institute's or centre's, at any time.
 * GET  /api/v1/scholarship-registrations/{id}/admit-card: one student's card, at once.
 * POST /api/v1/exam-centres/{id}/sheets: a job making the centre's room sheets (admin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { AdmitCardsBody } from '../../../common/schemas/exam.js';
import { requiredId } from '../../../common/validation.js';
import { requireRole } from '../../lib/authenticate.js';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/errors.js';
import { limitPdfJobs, limitSinglePdfs, startPdfJob } from '../../lib/jobs/pdf-jobs.js';
import { requestLang } from '../../lib/language.js';
import { type CardScope, countCards, roomSheets, seatedCards } from './admit-cards.js';
import type { AdmitCard, RoomSheet } from './documents.js';
import { centreSeated, instituteUid, registrationOfCard } from './exam.repository.js';
import { admitCardsPublished } from './exam.service.js';
import { admitCardParts } from './pdf/admit-cards.js';
import { roomSheetParts } from './pdf/room-sheets.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const Started = z.object({ message: z.string(), data: z.object({ job_id: z.number() }) });
const Params = z.object({ id: requiredId() });

export async function admitCardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['exam'], security: [{ bearer: [] }] };
  const limitJobs = limitPdfJobs(app);
  const limitSingle = limitSinglePdfs(app);

  /** Institutes see admit cards only once the admin has published them. */
  const refuseUnpublished = async (request: FastifyRequest) => {
    if (request.user!.role === 'admin') return;
    if (!(await admitCardsPublished(app.db))) throw new HttpError(403, 'admit_cards_unpublished');
  };

  api.post(
    '/admit-cards',
    {
      onRequest: [requireRole('admin', 'institute'), limitJobs],
      schema: { ...schema, body: AdmitCardsBody, response: { 202: Started, ...errors, 429: ErrorEnvelope } },
    },
    async (request, reply) => {
      const user = request.user!;
      await refuseUnpublished(request);
      const { institute_id: instituteId, centre_id: centreId } = request.body;
      let scope: CardScope;
      if (user.role === 'institute') {
        if (instituteId !== undefined && instituteId !== user.id) throw forbidden();
        scope = { institute_id: user.id };
      } else if (centreId !== undefined) scope = { centre_id: centreId };
      else if (instituteId !== undefined) scope = { institute_id: instituteId };
      else throw new ValidationError({ institute_id: ['required'] });
      const total = await countCards(app.db, scope);
      if (total === 0) throw new ValidationError({ ['centre_id' in scope ? 'centre_id' : 'institute_id']: ['nothing_to_print'] });
      // An institute's file is named by the ID it logs in with; a centre has no other number than its own.
      const name =
        'centre_id' in scope
          ? `admit-cards-centre-${scope.centre_id}.pdf`
          : `admit-cards-${(await instituteUid(app.db, 'institute_id' in scope ? scope.institute_id : 0)) ?? ''}.pdf`;
      const jobId = await startPdfJob(app, { kind: 'admit-cards', user, params: scope }, async (job) => {
        job.progress(0, total);
        let done = 0;
        const file = await app.pdf.render(admitCardParts(counted(seatedCards(app, scope), () => done++)), () => job.progress(done, total));
        return { result: { cards: total, pages: file.pages }, file: { name, type: 'application/pdf', size: file.bytes, stream: () => file.stream() } };
      });
      reply.status(202);
      return { message: translate(requestLang(request), 'document_started'), data: { job_id: jobId } };
    },
  );

  api.get(
    '/scholarship-registrations/:id/admit-card',
    {
      onRequest: [requireRole('admin', 'institute'), limitSingle],
      schema: { ...schema, params: Params, response: { 200: FileAnswer, ...errors, 429: ErrorEnvelope } },
    },
    async (request, reply) => {
      const user = request.user!;
      const student = await registrationOfCard(app.db, request.params.id);
      if (!student) throw notFound();
      if (user.role === 'institute' && student.institute_id !== user.id) throw forbidden();
      await refuseUnpublished(request);
      if ((await countCards(app.db, { registration_id: student.id })) === 0) throw new HttpError(409, 'not_seated');
      const file = await app.pdf.render(admitCardParts(seatedCards(app, { registration_id: student.id })));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="admit-card-${student.reg_no}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await file.read());
    },
  );

  api.post(
    '/exam-centres/:id/sheets',
    { onRequest: [requireRole('admin'), limitJobs], schema: { ...schema, params: Params, response: { 202: Started, ...errors, 429: ErrorEnvelope } } },
    async (request, reply) => {
      const centre = await centreSeated(app.db, request.params.id);
      if (!centre) throw notFound();
      if (centre.seated === 0) throw new ValidationError({ centre_id: ['nothing_to_print'] });
      const jobId = await startPdfJob(app, { kind: 'room-sheets', user: request.user!, params: { centre_id: centre.id } }, async (job) => {
        let rooms = 0;
        const file = await app.pdf.render(roomSheetParts(counted(roomSheets(app, centre.id), () => rooms++)), () => job.progress(rooms));
        return {
          result: { rooms, pages: file.pages },
          file: { name: `room-sheets-centre-${centre.id}.pdf`, type: 'application/pdf', size: file.bytes, stream: () => file.stream() },
        };
      });
      reply.status(202);
      return { message: translate(requestLang(request), 'document_started'), data: { job_id: jobId } };
    },
  );
}

/** Passes `items` on, telling `seen` of each as the generator takes it (the job's progress). */
async function* counted<T extends AdmitCard | RoomSheet>(items: AsyncIterable<T>, seen: () => void): AsyncGenerator<T> {
  for await (const item of items) {
    seen();
    yield item;
  }
}
