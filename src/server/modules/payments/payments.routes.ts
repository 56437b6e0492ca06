/**
 * An admin's decisions on a payment (architecture §9): POST /api/v1/scholarship-payments/approve `{id}`
 * and /refuse `{id, reason}`. The form's `is_approved` switch keeps working beside them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { PAYMENT_STATES } from '../../../common/constants.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { ApproveBody, RefuseBody } from '../../../common/schemas/payments.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { HttpError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { approvePayment, refusePayment } from './payments.service.js';

const Decided = z.object({ message: z.string(), data: z.object({ id: z.number(), state: z.enum(PAYMENT_STATES) }) });
const schema = {
  tags: ['scholarship-payments'],
  security: [{ bearer: [] }],
  response: { 200: Decided, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope },
};

export async function paymentDecisionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole('admin');

  api.post('/scholarship-payments/approve', { onRequest, schema: { ...schema, body: ApproveBody } }, async (request) => {
    const { id } = request.body;
    const approved = await app.db.transaction().execute((trx) => approvePayment({ trx, user: request.user!, client: clientOf(request) }, id));
    if (!approved) throw new HttpError(409, 'payment_not_pending');
    return { message: translate(requestLang(request), 'payment_approved'), data: { id, state: 'approved' as const } };
  });

  api.post('/scholarship-payments/refuse', { onRequest, schema: { ...schema, body: RefuseBody } }, async (request) => {
    const { id, reason } = request.body;
    await app.db.transaction().execute((trx) => refusePayment({ trx, user: request.user!, client: clientOf(request) }, id, reason));
    return { message: translate(requestLang(request), 'payment_refused'), data: { id, state: 'refused' as const } };
  });
}
