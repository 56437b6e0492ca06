/**
 * POST /api/v1/users/release-phone {id}: an admin frees the mobile number an account holds without having
 * confirmed it, so the school that really owns the number can register with it (README "Security"). A
 * number confirmed by SMS (`phone_confirmed_at`, set once the SMS outbox confirms numbers) stays (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { MessageEnvelope } from '../../../common/schemas/auth.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { requiredId } from '../../../common/validation.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { now } from '../../lib/time.js';

export async function releasePhoneRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/users/release-phone',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        body: z.object({ id: requiredId() }),
        response: { 200: MessageEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope },
      },
      onRequest: requireRole('admin'),
    },
    async (request) => {
      const { id } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const account = await trx.selectFrom('users').select(['phone_number', 'phone_confirmed_at']).where('id', '=', id).executeTakeFirst();
        if (!account) throw notFound();
        if (account.phone_confirmed_at) throw new HttpError(409, 'phone_confirmed');
        await trx.updateTable('users').set({ phone_number: null, updated_at: now() }).where('id', '=', id).execute();
        await recordAudit(trx, {
          actor: request.user,
          client: clientOf(request),
          action: 'phone.release',
          entity: 'users',
          entityId: id,
          before: { phone_number: account.phone_number },
          after: { phone_number: null },
        });
      });
      return { message: translate(requestLang(request), 'phone_released'), data: null };
    },
  );
}
