/**
 * Watching a job (architecture §9): GET /api/v1/jobs/{id} answers its state and progress, and
 * GET /api/v1/jobs/{id}/file the file it made. Only its starter and admins see a job.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, FileAnswer } from '../../../common/schemas/envelope.js';
import { JobAnswer } from '../../../common/schemas/jobs.js';
import { requiredId } from '../../../common/validation.js';
import { requireRole } from '../authenticate.js';
import { HttpError, notFound } from '../errors.js';
import { jobFor, jobView } from './jobs.js';

const Params = z.object({ id: requiredId() });

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole('admin', 'institute');
  const schema = { tags: ['jobs'], security: [{ bearer: [] }], params: Params };

  api.get('/jobs/:id', { onRequest, schema: { ...schema, response: { 200: JobAnswer, 401: ErrorEnvelope, 404: ErrorEnvelope } } }, async (request) => {
    const job = await jobFor(app, request.params.id, request.user!);
    if (!job) throw notFound();
    return { data: jobView(job) };
  });

  api.get(
    '/jobs/:id/file',
    { onRequest, schema: { ...schema, response: { 200: FileAnswer, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 410: ErrorEnvelope } } },
    async (request, reply) => {
      const job = await jobFor(app, request.params.id, request.user!);
      if (!job) throw notFound();
      if (job.state === 'done' && job.file_name && !job.file_key) throw new HttpError(410, 'file_expired');
      if (job.state !== 'done' || !job.file_key) throw new HttpError(409, 'file_not_ready');
      const file = await app.storage.get(job.file_key);
      if (!file) throw notFound();
      const type = job.file_name?.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
      return reply
        .type(type)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${job.file_name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
