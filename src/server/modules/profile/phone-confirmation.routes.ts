/** /api/v1/profile/phone: the caller confirms the account's mobile number with a code sent to it by SMS (docs/operators/security.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { MessageEnvelope, UserEnvelope } from '../../../common/schemas/auth.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { PhoneCodeBody } from '../../../common/schemas/phone.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { requestLang } from '../../lib/language.js';
import { rateLimited } from '../../lib/rate-limits.js';
import { findPublicUser } from '../users/index.js';
import { confirmPhoneCode, sendPhoneCode } from './phone-confirmation.js';

const schema = { tags: ['profile'], security: [{ bearer: [] }] };
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope };

/** Each SMS costs money and lands on a phone that may not be the caller's: a few an hour per account. */
const SEND_LIMIT = { max: 3, timeWindow: '1 hour' };

export async function phoneConfirmationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const limitSend = rateLimited(app, [{ ...SEND_LIMIT, key: (request) => `phone-code:account:${request.user!.id}` }]);

  api.post(
    '/send-code',
    { schema: { ...schema, response: { 200: MessageEnvelope, 409: ErrorEnvelope, ...errors } }, onRequest: [requireRole('admin', 'institute'), limitSend] },
    async (request) => {
      await sendPhoneCode(db, request.user!.id);
      return { message: translate(requestLang(request), 'phone_code_sent'), data: null };
    },
  );

  api.post(
    '/confirm',
    { schema: { ...schema, body: PhoneCodeBody, response: { 200: UserEnvelope, ...errors } }, onRequest: requireRole('admin', 'institute') },
    async (request) => {
      await confirmPhoneCode(db, request.user!, request.body.code, clientOf(request));
      return { message: translate(requestLang(request), 'phone_confirmed_now'), data: { user: (await findPublicUser(db, request.user!.id))! } };
    },
  );
}
