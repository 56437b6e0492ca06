/**
 * POST /api/v1/users/release-phone {id}: an admin frees the mobile number an account holds without having
 * confirmed it, so the school that really owns the number can register with it (docs/operators/security.md). A
 * number confirmed by SMS (`phone_confirmed_at`) is never released (409), and the holder has a day from
 * taking the number to confirm it (409 before then), so a claim made at once cannot take a real school's
 * number before its SMS arrives.
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
import { now, secondsFromNow } from '../../lib/time.js';

/** How long the holder of a number has to confirm it before the admin may release it. */
const CONFIRM_HOURS = 24;

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
        const account = await trx.selectFrom('users').select(['phone_number', 'phone_confirmed_at', 'phone_set_at']).where('id', '=', id).executeTakeFirst();
        if (!account) throw notFound();
        if (account.phone_confirmed_at) throw new HttpError(409, 'phone_confirmed');
        if (account.phone_set_at && account.phone_set_at > secondsFromNow(-CONFIRM_HOURS * 3600)) throw new HttpError(409, 'phone_confirmation_due');
        await trx.updateTable('users').set({ phone_number: null, phone_set_at: null, updated_at: now() }).where('id', '=', id).execute();
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
