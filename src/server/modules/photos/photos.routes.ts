/**
 * POST /api/v1/photos/import: multipart `file` (a .zip of photos), `dry_run` 1|0, `replace` 1|0 (a
 * student who has a photo gets the new one, or keeps the old), an admin's `institute_id`. Answers the
 * job at once (202); the job's result is the report. Imports' limits apply: one at a time per account,
 * a few at once per server, a rate per account. README: Bulk photos.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { PHOTO_ZIP_MAX_BYTES, PhotoJobEnvelope } from '../../../common/schemas/photos.js';
import { optionalId } from '../../../common/validation.js';
import { requireRole, type SessionUser } from '../../lib/authenticate.js';
import { ValidationError } from '../../lib/errors.js';
import { importGate } from '../../lib/import/gate.js';
import { startJob } from '../../lib/jobs/jobs.js';
import { requestLang } from '../../lib/language.js';
import { institutesAmong } from '../../lib/resource/routes.js';
import { importPhotos, planPhotos } from './photos.service.js';

export const PHOTO_JOB = 'photos';

type Fields = { file?: unknown; dry_run?: unknown; replace?: unknown; institute_id?: unknown };

/** An institute's photos go to its own students; an admin names the institute. */
async function instituteOf(app: FastifyInstance, user: SessionUser, raw: unknown): Promise<number> {
  const parsed = optionalId().safeParse(raw);
  if (!parsed.success) throw new ValidationError({ institute_id: ['invalid_choice'] });
  if (user.role === 'institute') {
    if (parsed.data !== undefined && parsed.data !== user.id) throw new ValidationError({ institute_id: ['not_your_institute'] });
    return user.id;
  }
  if (parsed.data === undefined) throw new ValidationError({ institute_id: ['institute_required'] });
  if (!(await institutesAmong(app.db, [parsed.data])).has(parsed.data)) throw new ValidationError({ institute_id: ['invalid_choice'] });
  return parsed.data;
}

export async function photosRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // This scope takes one zip: the multipart plugin in place of the app's form-data parser.
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: PHOTO_ZIP_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5 },
  });
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError({ file: ['photo_zip_too_big'] });
    throw error;
  });

  const gate = importGate(app);
  api.post(
    '/photos/import',
    {
      onRequest: [requireRole('admin', 'institute'), gate.limit],
      schema: {
        tags: ['photos'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 202: PhotoJobEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const fields = (request.body ?? {}) as Fields;
      if (!Buffer.isBuffer(fields.file) || fields.file.length === 0) throw new ValidationError({ file: ['photo_zip_required'] });
      const zip = fields.file;
      const instituteId = await instituteOf(app, user, fields.institute_id);
      const run = { instituteId, dryRun: fields.dry_run !== '0', replace: fields.replace === '1' };
      const release = gate.take(request, reply);
      let planned;
      try {
        planned = await planPhotos(app, zip, instituteId);
      } catch (error) {
        release();
        throw error;
      }
      try {
        // One bulk upload per account across servers too: each start is its own job, so any live one refuses the next.
        const job = await startJob(
          app,
          { kind: PHOTO_JOB, user, perAccount: [PHOTO_JOB], params: { ...run, upload: randomBytes(8).toString('hex') } },
          async (running) => {
            try {
              return { result: await importPhotos(app, zip, planned, run, (done, total) => running.progress(done, total)) };
            } finally {
              release();
            }
          },
        );
        return reply.code(202).send({ message: translate(requestLang(request), 'ok'), data: { job_id: job } });
      } catch (error) {
        release();
        throw error;
      }
    },
  );
}
