/** POST /api/auth/{login,two-factor,me,logout,register,forget-password} (spec §7), GET /api/auth/confirm-email (docs/operators/security.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { ForgetPasswordBody, LoginBody, LoginEnvelope, LoginStepEnvelope, MessageEnvelope, UserEnvelope } from '../../../common/schemas/auth.js';
import { TwoFactorLoginBody } from '../../../common/schemas/two-factor.js';
import { z } from 'zod';
import { confirmEmailChange } from '../profile/index.js';
import { RegisterBody } from '../../../common/schemas/institute.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { sessionAccount } from '../users/index.js';
import { requestLang } from '../../lib/language.js';
import { byAddress, rateLimited } from '../../lib/rate-limits.js';
import { failureCounter, uncounted } from '../../lib/failure-counter.js';
import { deviceTokenOf, knownDevice, rememberDevice, setDeviceCookie } from '../two-factor/index.js';
import { CODE_FAILURES } from '../two-factor/index.js';
import { secondStep } from '../two-factor/index.js';
import { clientOf } from '../../lib/audit.js';
import { findPublicUser } from '../users/index.js';
import { LOGIN_FAILURES, RESET_MAILS, login, logout, openSession, registerInstitute, sendTemporaryPassword } from './auth.service.js';

const errors = { 401: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const counter = (windowSeconds: number) => (config.rateLimit ? failureCounter(windowSeconds, app.shared?.client, app.log) : uncounted);
  const loginFailures = counter(LOGIN_FAILURES.windowSeconds);
  const resetMails = counter(RESET_MAILS.windowSeconds);
  const codeFailures = counter(CODE_FAILURES.windowSeconds);
  const secureCookie = config.appUrl.startsWith('https:');

  api.post(
    '/login',
    {
      schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginStepEnvelope, ...errors } },
      onRequest: rateLimited(app, [{ max: 60, timeWindow: '1 minute', key: byAddress('login') }]),
    },
    async (request, reply) => {
      const attempt = { identifier: request.body.email, password: request.body.password, deviceToken: deviceTokenOf(request), client: clientOf(request) };
      const result = await login(db, loginFailures, attempt, config.tokenTtlSeconds);
      if ('challenge' in result)
        return { message: translate(requestLang(request), 'two_factor_enter_code'), data: { two_factor: { challenge: result.challenge } } };
      const { userId, token, deviceToken } = result.session;
      if (deviceToken) setDeviceCookie(reply, deviceToken, secureCookie);
      return { message: translate(requestLang(request), 'logged_in'), data: { user: (await findPublicUser(db, userId))!, token } };
    },
  );

  api.post(
    '/two-factor',
    {
      schema: { tags: ['auth'], body: TwoFactorLoginBody, response: { 200: LoginEnvelope, ...errors } },
      onRequest: rateLimited(app, [{ max: 60, timeWindow: '1 minute', key: byAddress('two-factor') }]),
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const deviceToken = deviceTokenOf(request);
      const result = await secondStep(db, codeFailures, { challenge, code, deviceToken });
      const token = await openSession(db, result.userId, result.reset, clientOf(request), config.tokenTtlSeconds);
      if (!(await knownDevice(db, result.userId, deviceToken))) setDeviceCookie(reply, await rememberDevice(db, result.userId, deviceToken), secureCookie);
      return { message: translate(requestLang(request), 'logged_in'), data: { user: (await findPublicUser(db, result.userId))!, token } };
    },
  );

  // The link mailed to a new email address (profile update-info): applied when opened, then the app's profile.
  api.get(
    '/confirm-email',
    {
      schema: { tags: ['auth'], querystring: z.object({ token: z.string().max(100).default('') }) },
      onRequest: rateLimited(app, [{ max: 30, timeWindow: '1 minute', key: byAddress('confirm-email') }]),
    },
    async (request, reply) => {
      const confirmed = request.query.token !== '' && (await confirmEmailChange(db, request.query.token, clientOf(request)));
      return reply.redirect(`/profile?email_confirmed=${confirmed ? 1 : 0}`);
    },
  );

  api.post(
    '/me',
    {
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: UserEnvelope, 401: ErrorEnvelope } },
      onRequest: app.authenticate,
      config: { beforePasswordChange: true, beforeTwoFactor: true },
    },
    async (request) => ({
      message: translate(requestLang(request), 'ok'),
      data: { user: await sessionAccount(request) },
    }),
  );

  api.post(
    '/logout',
    {
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: MessageEnvelope, 401: ErrorEnvelope } },
      onRequest: app.authenticate,
      config: { beforePasswordChange: true, beforeTwoFactor: true },
    },
    async (request) => {
      await logout(db, request.tokenDigest!);
      return { message: translate(requestLang(request), 'logged_out'), data: null };
    },
  );

  api.post(
    '/register',
    {
      schema: { tags: ['auth'], body: RegisterBody, response: { 200: UserEnvelope, ...errors } },
      onRequest: rateLimited(app, [{ max: 30, timeWindow: '1 hour', key: byAddress('register') }]),
    },
    async (request) => {
      const userId = await registerInstitute(db, request.body, request.ip);
      return { message: translate(requestLang(request), 'registered'), data: { user: (await findPublicUser(db, userId))! } };
    },
  );

  api.post(
    '/forget-password',
    {
      schema: { tags: ['auth'], body: ForgetPasswordBody, response: { 200: MessageEnvelope, ...errors } },
      onRequest: rateLimited(app, [{ max: 10, timeWindow: '1 hour', key: byAddress('forget-password') }]),
    },
    async (request) => {
      // Answered before the work is done, so neither the answer nor its timing tells whether the address exists.
      const client = clientOf(request);
      setImmediate(() => {
        sendTemporaryPassword(db, app.mailer, resetMails, request.body.email, config.appUrl, client).catch((err: unknown) =>
          request.log.error({ err }, 'temporary password mail failed'),
        );
      });
      return { message: translate(requestLang(request), 'reset_sent'), data: null };
    },
  );
}
