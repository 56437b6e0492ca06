/**
 * /api/v1/profile/two-factor: the caller's two-factor login (status, enrolment with a QR code, recovery
 * codes shown once, turning it on or off with the password and a code, which ends the account's other
 * sessions) and, for admins, the policy that every admin must use it.
 * Reachable before enrolment, so an admin the policy stops can enrol (docs/operators/security.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { MessageEnvelope } from '../../../common/schemas/auth.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { envelope, TwoFactorChangeBody, TwoFactorPolicyBody, TwoFactorSetup, TwoFactorStatus } from '../../../common/schemas/two-factor.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { forbidden } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { rateLimited } from '../../lib/rate-limits.js';
import { setAdminsMustUseTwoFactor } from '../../lib/security-policies.js';
import { beginEnrolment, completeEnrolment, disableTwoFactor, twoFactorStatus } from './two-factor.service.js';

const schema = { tags: ['profile'], security: [{ bearer: [] }] };
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope };

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const config = { beforeTwoFactor: true };
  /** Admins only; codes are guessed no faster than at the login's second step. */
  const adminOnly = async (request: { user: { role: string } | null }) => {
    if (request.user?.role !== 'admin') throw forbidden();
  };
  const limitCodes = rateLimited(app, [{ max: 10, timeWindow: '15 minutes', key: (request) => `two-factor-code:${request.user!.id}` }]);

  api.get(
    '',
    { schema: { ...schema, response: { 200: envelope(TwoFactorStatus), ...errors } }, onRequest: [app.authenticate, adminOnly], config },
    async (request) => ({ message: translate(requestLang(request), 'ok'), data: await twoFactorStatus(db, request.user!) }),
  );

  api.post(
    '/setup',
    { schema: { ...schema, response: { 200: envelope(TwoFactorSetup), ...errors } }, onRequest: [app.authenticate, adminOnly], config },
    async (request) => {
      const account = await db.selectFrom('users').select(['email', 'uid']).where('id', '=', request.user!.id).executeTakeFirstOrThrow();
      return { message: translate(requestLang(request), 'ok'), data: await beginEnrolment(db, request.user!, account.email ?? account.uid) };
    },
  );

  api.post(
    '/enable',
    {
      schema: { ...schema, body: TwoFactorChangeBody, response: { 200: envelope(z.object({ recovery_codes: z.array(z.string()) })), ...errors } },
      onRequest: [app.authenticate, adminOnly, limitCodes],
      config,
    },
    async (request) => {
      const codes = await completeEnrolment(db, { userId: request.user!.id, ...request.body, tokenDigest: request.tokenDigest! });
      await recordAudit(db, { actor: request.user, client: clientOf(request), action: 'two_factor.enable', entity: 'users', entityId: request.user!.id });
      return { message: translate(requestLang(request), 'two_factor_enabled'), data: { recovery_codes: codes } };
    },
  );

  api.post(
    '/disable',
    { schema: { ...schema, body: TwoFactorChangeBody, response: { 200: MessageEnvelope, ...errors } }, onRequest: [app.authenticate, adminOnly, limitCodes] },
    async (request) => {
      await disableTwoFactor(db, { userId: request.user!.id, ...request.body, tokenDigest: request.tokenDigest! });
      await recordAudit(db, { actor: request.user, client: clientOf(request), action: 'two_factor.disable', entity: 'users', entityId: request.user!.id });
      return { message: translate(requestLang(request), 'two_factor_disabled'), data: null };
    },
  );

  api.post(
    '/policy',
    { schema: { ...schema, body: TwoFactorPolicyBody, response: { 200: MessageEnvelope, ...errors } }, onRequest: [app.authenticate, adminOnly] },
    async (request) => {
      await setAdminsMustUseTwoFactor(db, request.body.required);
      await recordAudit(db, {
        actor: request.user,
        client: clientOf(request),
        action: 'two_factor.policy',
        entity: 'settings',
        entityId: null,
        after: { admins_must_use_two_factor: request.body.required },
      });
      return { message: translate(requestLang(request), 'two_factor_policy_saved'), data: null };
    },
  );
}
