/**
 * Media (spec §7 Media): upload one file, delete one the caller may remove. Logged-in users upload
 * anything the field accepts; anonymous callers (the public register form's logo) upload images only,
 * and only into `logos` (any other folder needs a login: 401), rate-limited per address, and may delete such a file from the same address within the hour.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { MessageEnvelope } from '../../../common/schemas/auth.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import {
  DeleteMediaBody,
  UPLOAD_ANONYMOUS_FOLDER,
  UPLOAD_FIELD_DEFAULT,
  UploadEnvelope,
  UploadFields,
  UPLOAD_MAX_BYTES,
} from '../../../common/schemas/media.js';
import { bearerToken } from '../../lib/authenticate.js';
import { forbidden, HttpError, notFound, unauthenticated, ValidationError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { byAddress, rateLimited } from '../../lib/rate-limits.js';
import { now } from '../../lib/time.js';
import { acceptFiles } from '../../lib/multipart.js';
import { storageKey } from './media-paths.js';
import { processUpload, UploadRefused } from './process-upload.js';

/** An anonymous uploader may take back its own file for this long (the register form's undo). */
const ANONYMOUS_DELETE_WINDOW_MS = 60 * 60 * 1000;
const ANONYMOUS_LIMIT = { max: 30, timeWindow: '10 minutes' };

const schema = { tags: ['media'], security: [{ bearer: [] }] };

/** The form fields checked as any body is, so messages get their limits; the file itself passes through. */
const UploadBody = z.preprocess((v) => v ?? {}, UploadFields.loose());

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app;

  // Only this scope takes files; its size errors get the spec's message.
  await acceptFiles(app, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 5, fields: 8, fieldSize: 1000, parts: 13 },
    tooLarge: () => new HttpError(413, 'upload_too_large'),
    onLimit: (code) => (code === 'FST_FILES_LIMIT_REACHED' ? new HttpError(413, 'upload_one_file') : undefined),
  });

  const limitAnonymous = rateLimited(app, [{ ...ANONYMOUS_LIMIT, key: byAddress('media') }]);
  const limitAccount = rateLimited(app, [
    { max: app.config.uploads.perTenMinutes, timeWindow: '10 minutes', key: (request) => `media:account:${request.user!.id}` },
  ]);
  /** A token, when sent, must be valid; without one the caller is anonymous and rate-limited. */
  async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (bearerToken(request)) {
      await app.authenticate(request);
      // An examiner enters marks and nothing else (docs/integrators/results.md): it has no file to upload.
      if (request.user!.role === 'examiner') throw forbidden();
    } else await limitAnonymous.call(app, request, reply);
  }
  /** A logged-in upload counts against its account when it arrives, before its body is read (docs/operators/security.md). */
  async function limitUploads(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.user) await limitAccount.call(app, request, reply);
  }

  /** An account's stored uploads may not pass the quota (admins, who keep the site's images, excepted). */
  async function refuseOverQuota(request: FastifyRequest, fieldName: string, size: number): Promise<void> {
    const user = request.user;
    if (!user || user.role === 'admin') return;
    const { used } = await db
      .selectFrom('media')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (Number(used) + size > app.config.uploads.quotaBytes) throw new ValidationError({ [fieldName]: ['upload_quota_exceeded'] });
  }

  api.post(
    '/upload',
    {
      schema: {
        ...schema,
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: { 200: UploadEnvelope, 401: ErrorEnvelope, 413: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope },
      },
      onRequest: [optionalUser, limitUploads],
    },
    async (request) => {
      const fields = request.body;
      const anonymous = request.user === null;
      if (anonymous && fields.folder !== UPLOAD_ANONYMOUS_FOLDER) throw unauthenticated();
      const body: Record<string, unknown> = request.isMultipart() ? request.body : {};
      const fileEntries = Object.entries(body).filter(([, v]) => Buffer.isBuffer(v) || (Array.isArray(v) && v.some((item) => Buffer.isBuffer(item))));
      const fieldName = fileEntries[0]?.[0] ?? UPLOAD_FIELD_DEFAULT;
      if (fileEntries.length === 0) throw new ValidationError({ [fieldName]: ['upload_file_required'] });
      const file = fileEntries[0]![1];
      if (fileEntries.length > 1 || !Buffer.isBuffer(file)) throw new ValidationError({ [fieldName]: ['upload_one_file'] });

      const accept = anonymous ? (fields.accept ?? ['image/*']).filter((type) => type.startsWith('image/')) : fields.accept;

      let processed;
      try {
        processed = await processUpload(file, { width: fields.width, height: fields.height, accept });
      } catch (error) {
        if (error instanceof UploadRefused) throw new ValidationError({ [fieldName]: [error.messageKey] });
        throw error;
      }

      await refuseOverQuota(request, fieldName, processed.bytes.length);
      const key = `${fields.folder}/${randomBytes(16).toString('hex')}.${processed.ext}`;
      const path = `uploads/${key}`;
      await storage.put(key, processed.bytes, processed.mime);
      try {
        await db
          .insertInto('media')
          .values({
            path,
            owner_id: request.user?.id ?? null,
            uploader_ip: anonymous ? request.ip : null,
            mime: processed.mime,
            size: processed.bytes.length,
            width: processed.width,
            height: processed.height,
            created_at: now(),
          })
          .execute();
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      return { message: translate(requestLang(request), 'uploaded'), data: path };
    },
  );

  api.delete(
    '/delete',
    {
      schema: {
        ...schema,
        body: DeleteMediaBody,
        response: { 200: MessageEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ValidationErrorEnvelope },
      },
      onRequest: optionalUser,
    },
    async (request) => {
      const { path } = request.body;
      const row = await db.selectFrom('media').select(['id', 'owner_id', 'uploader_ip', 'created_at']).where('path', '=', path).executeTakeFirst();
      if (!row) throw notFound();
      const user = request.user;
      const allowed = user
        ? user.role === 'admin' || row.owner_id === user.id
        : row.owner_id === null && row.uploader_ip === request.ip && Date.now() - new Date(row.created_at).getTime() < ANONYMOUS_DELETE_WINDOW_MS;
      if (!allowed) throw forbidden();
      // The row goes first: a failed file delete then leaves an unreachable file, never a row without one.
      await db.deleteFrom('media').where('id', '=', row.id).execute();
      await storage.delete(storageKey(path));
      return { message: translate(requestLang(request), 'upload_deleted'), data: null };
    },
  );
}
