/**
 * POST /api/v1/outbox/retry {id}: an admin sends a failed message again. It is due at once with all
 * its attempts ahead; the dispatcher is woken after the commit like after any queueing; the retry is
 * in the audit log. GET /api/v1/outbox/sends: the sends in bulk and how far they have got.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { NoticeSendsEnvelope, OutboxRetryEnvelope } from '../../../common/schemas/outbox.js';
import { requiredId } from '../../../common/validation.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { requireRole, type SessionUser } from '../../lib/authenticate.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { sendViews } from './bulk-sends.js';
import { retryFailed } from './outbox.repository.js';

const RetryBody = z.object({ id: requiredId() });

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/outbox/retry',
      { onRequest: requireRole('admin'), schema: { tags: ['outbox'], security: [{ bearer: [] }], body: RetryBody, response: { 200: OutboxRetryEnvelope } } },
      async (request) => {
        const { id } = request.body;
        await app.db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('outbox').select('state').where('id', '=', id).executeTakeFirst();
          if (!row) throw notFound();
          if (!(await retryFailed(trx, id))) throw new HttpError(409, 'notice_not_failed');
          await recordAudit(trx, {
            actor: request.user as SessionUser,
            client: clientOf(request),
            action: 'notice.retry',
            entity: 'outbox',
            entityId: id,
            before: { state: row.state },
            after: { state: 'pending' },
          });
        });
        app.dispatcher.wake();
        return { message: translate(requestLang(request), 'updated'), data: { id, state: 'pending' as const } };
      },
    )
    .get(
      '/outbox/sends',
      { onRequest: requireRole('admin'), schema: { tags: ['outbox'], security: [{ bearer: [] }], response: { 200: NoticeSendsEnvelope } } },
      async () => ({ data: await sendViews(app.db, app.config.outbox.smsPerSecond) }),
    );
}
