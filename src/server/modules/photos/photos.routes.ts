/**
 * POST /api/v1/photos/import: multipart `file` (a .zip of photos), `dry_run` 1|0, `replace` 1|0 (a
 * student who has a photo gets the new one, or keeps the old), an admin's `institute_id`. Answers the
 * job at once (202); the job's result is the report. Imports' limits apply: one at a time per account,
 * a few at once per server, a rate per account. docs/integrators/photos.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { PHOTO_ZIP_MAX_BYTES, PhotoJobEnvelope } from '../../../common/schemas/photos.js';
import { optionalId } from '../../../common/validation.js';
import { requireRole, type SessionUser } from '../../lib/authenticate.js';
import { ValidationError } from '../../lib/errors.js';
import { importGate } from '../../lib/import/gate.js';
import { fileSource } from '../../lib/import/zip.js';
import { newUploadFolder } from './upload-files.js';
import { startJob } from '../../lib/jobs/jobs.js';
import { requestLang } from '../../lib/language.js';
import { receiveToFile, streamFiles } from '../../lib/multipart.js';
import { institutesAmong } from '../../lib/resource/routes.js';
import { importPhotos, planPhotos } from './photos.service.js';

export const PHOTO_JOB = 'photos';

/**
 * The form's fields, and its zip written to a file of its own as it arrives (a phone's photos are
 * hundreds of megabytes: more than a server should hold per upload); `discard` removes the file.
 */
async function receive(request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: string; discard: () => Promise<void> }> {
  const dir = await newUploadFolder();
  const discard = () => fs.rm(dir, { recursive: true, force: true });
  try {
    const { fields, written } = await receiveToFile(request, path.join(dir, 'photos.zip'));
    return { fields, file: written, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

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
  // This scope takes one zip, streamed to a file.
  await streamFiles(app, {
    limits: { fileSize: PHOTO_ZIP_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5 },
    tooLarge: () => new ValidationError({ file: ['photo_zip_too_big'] }),
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
      const upload = await receive(request);
      let release: (() => void) | undefined;
      const handle = upload.file ? await fs.open(upload.file, 'r') : undefined;
      let finished = false;
      const finish = async () => {
        if (finished) return;
        finished = true;
        release?.();
        await handle?.close();
        await upload.discard();
      };
      try {
        const { fields } = upload;
        const source = handle ? await fileSource(handle) : undefined;
        if (!source || source.size === 0) throw new ValidationError({ file: ['photo_zip_required'] });
        const instituteId = await instituteOf(app, user, fields.institute_id);
        const run = { instituteId, dryRun: fields.dry_run !== '0', replace: fields.replace === '1' };
        release = gate.take(request, reply);
        const planned = await planPhotos(app, source, instituteId);
        // One bulk upload per account across servers too: each start is its own job, so any live one refuses the next.
        const job = await startJob(
          app,
          { kind: PHOTO_JOB, user, perAccount: [PHOTO_JOB], params: { ...run, upload: randomBytes(8).toString('hex') } },
          async (running) => {
            try {
              return { result: await importPhotos(app, source, planned, run, (done, total) => running.progress(done, total)) };
            } finally {
              await finish();
            }
          },
        );
        return reply.code(202).send({ message: translate(requestLang(request), 'ok'), data: { job_id: job } });
      } catch (error) {
        await finish();
        throw error;
      }
    },
  );
}
