/** GET /api/health: 200 while the database answers, 503 otherwise (for load balancers and scripts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', { schema: { tags: ['system'], response: { 200: Health, 503: Health } } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.config.database.dialect };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: app.config.database.dialect });
    }
  });
}
