/** The caller's own account (spec §2 Profile, §7): view, update-info, update-password. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { UserEnvelope, MessageEnvelope } from '../../../common/schemas/auth.js';
import { PasswordChangeBody, ProfileUpdateBody } from '../../../common/schemas/institute.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { requireRole } from '../../lib/authenticate.js';
import { ValidationError } from '../../lib/errors.js';
import { sessionAccount } from '../users/index.js';
import { requestLang } from '../../lib/language.js';
import { rateLimited } from '../../lib/rate-limits.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { endSessions, findPublicUser, refuseTakenContacts, setPassword, updateUser } from '../users/index.js';
import { refuseForeignUploads } from '../media/index.js';
import { requestEmailChange } from './email-change.js';

const schema = { tags: ['profile'], security: [{ bearer: [] }] };
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope };

/** Guesses at the old password through a stolen session: as many as a login allows per account (auth.routes.ts). */
const PASSWORD_CHANGE_LIMIT = { max: 10, timeWindow: '15 minutes' };

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  const beforePasswordChange = { beforePasswordChange: true, beforeTwoFactor: true };

  api.get(
    '/',
    { schema: { ...schema, response: { 200: UserEnvelope, ...errors } }, onRequest: app.authenticate, config: beforePasswordChange },
    async (request) => ({
      message: translate(requestLang(request), 'ok'),
      data: { user: await sessionAccount(request) },
    }),
  );

  // Whatever id a client sends, the account changed is the caller's own.
  api.post(
    '/update-info',
    // An examiner's account is kept by the admin: it reads its profile and changes its password only (docs/integrators/results.md).
    { schema: { ...schema, body: ProfileUpdateBody, response: { 200: UserEnvelope, ...errors } }, onRequest: requireRole('admin', 'institute') },
    async (request) => {
      const userId = request.user!.id;
      await refuseTakenContacts(db, request.body, userId);
      const current = await db.selectFrom('users').select(['photo', 'file', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
      await refuseForeignUploads(db, { photo: request.body.photo, file: request.body.file }, { accounts: [userId] }, current);
      // A new address waits for its owner to open the link mailed to it; the rest of the form is saved now.
      const newEmail = request.body.email !== undefined && request.body.email !== current.email ? request.body.email : undefined;
      await updateUser(db, userId, { fields: newEmail ? { ...request.body, email: current.email } : request.body });
      if (newEmail) await requestEmailChange(db, app.mailer, userId, newEmail, app.config.appUrl);
      const message = translate(requestLang(request), newEmail ? 'email_change_sent' : 'profile_updated');
      return { message, data: { user: (await findPublicUser(db, userId))! } };
    },
  );

  const limitPasswordChange = rateLimited(app, [{ ...PASSWORD_CHANGE_LIMIT, key: (request) => `update-password:account:${request.user!.id}` }]);

  /** A new password ends every other session of the account; this one stays logged in. */
  api.post(
    '/update-password',
    {
      schema: { ...schema, body: PasswordChangeBody, response: { 200: MessageEnvelope, 429: ErrorEnvelope, ...errors } },
      onRequest: [app.authenticate, limitPasswordChange],
      config: beforePasswordChange,
    },
    async (request) => {
      const userId = request.user!.id;
      const account = await db.selectFrom('users').select(['password_hash', 'uid', 'email', 'phone_number']).where('id', '=', userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(account.password_hash, request.body.old_password))) throw new ValidationError({ old_password: ['old_password_wrong'] });
      refuseWeakPassword(request.body.password, [account.uid, account.email, account.phone_number]);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, userId, passwordHash, false);
        await endSessions(trx, userId, request.tokenDigest!);
        await recordAudit(trx, { actor: request.user, client: clientOf(request), action: 'password.change', entity: 'users', entityId: userId });
      });
      return { message: translate(requestLang(request), 'password_changed'), data: null };
    },
  );
}
