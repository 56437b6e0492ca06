/**
 * Stored files at `/{path}` (`/uploads/<folder>/<name>`), before the client's SPA fallback. Only
 * files recorded in the media table are served, with the type recorded at upload; names are random,
 * so they are cached for good. A PDF is always a download and its answer carries a sandbox policy: the
 * upload's screen cannot see scripts hidden in compressed object streams, so a PDF must never open as a
 * document of the app's origin.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_PATH } from '../../../common/schemas/media.js';
import { notFound } from '../../lib/errors.js';
import { storageKey } from './media-paths.js';

const UploadParams = z.object({ '*': z.string() });

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/uploads/*', { schema: { hide: true, params: UploadParams } }, async (request, reply) => {
    const path = `uploads/${request.params['*']}`;
    if (!MEDIA_PATH.test(path)) throw notFound();
    const row = await app.db.selectFrom('media').select('mime').where('path', '=', path).executeTakeFirst();
    const file = row ? await app.storage.get(storageKey(path)) : null;
    if (!row || !file) throw notFound();
    const pdf = row.mime === 'application/pdf';
    if (pdf) reply.header('content-security-policy', "sandbox; default-src 'none'");
    return reply
      .header('content-type', row.mime)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', pdf ? `attachment; filename="${path.slice(path.lastIndexOf('/') + 1)}"` : 'inline')
      .send(file.body);
  });
}
