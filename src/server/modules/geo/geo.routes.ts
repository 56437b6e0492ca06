/** GET /api/geo: the division → district → upazila tree, the same data the client bundles. */
import type { FastifyInstance } from 'fastify';
import { geoTree } from '../../../common/geo/index.js';
import { GeoTreeEnvelope } from '../../../common/schemas/reference.js';

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  // Serialised once (a string answer skips the route's serialiser): the tree never changes while the server runs.
  const body = JSON.stringify({ message: 'OK.', data: geoTree() });
  app.get('/geo', { schema: { tags: ['reference'], response: { 200: GeoTreeEnvelope } } }, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body),
  );
}
