/** GET /api/geo: the division → district → upazila tree, the same data the client bundles. */
import type { FastifyInstance } from 'fastify';
import { geoTree } from '../../../common/geo/index.js';

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  // Serialised once: the tree never changes while the server runs.
  const body = JSON.stringify({ message: 'OK.', data: geoTree() });
  app.get('/geo', { schema: { tags: ['reference'] } }, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body),
  );
}
