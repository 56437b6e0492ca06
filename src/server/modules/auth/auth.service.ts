/** Login, registration and password reset rules (spec §5, §7; architecture §5 for the temporary password). */
import type { Kysely } from 'kysely';
import type { RegisterBody } from '../../../common/schemas/institute.js';
import { normalizeMobile, toAsciiDigits } from '../../../common/validation.js';
import type { Database } from '../../db/types.js';
import { ValidationError, uniqueViolation } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, verifyNothing, verifyPassword } from '../../lib/passwords.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { now, secondsFromNow } from '../../lib/time.js';
import { digest, newToken, temporaryPassword } from '../../lib/tokens.js';
import { type AuditClient, recordAudit } from '../../lib/audit.js';
import { createUser, findLoginAccount } from '../users/users.repository.js';
import { refuseTakenContacts, takenContactError } from '../users/users.service.js';

export const TEMP_PASSWORD_MINUTES = 60;

const invalidCredentials = () => new ValidationError({ email: ['invalid_credentials'] });

/**
 * Checks the password (or a live temporary password, which then becomes the password) and hands
 * out a new token. The same answer and about the same time for an unknown account and a wrong password.
 */
export async function login(db: Kysely<Database>, identifier: string, password: string, tokenTtlSeconds: number, client: AuditClient) {
  const ascii = toAsciiDigits(identifier.trim());
  const account = await findLoginAccount(db, { uid: ascii, email: ascii.toLowerCase(), phone: normalizeMobile(ascii) });
  if (!account) {
    await verifyNothing(password);
    throw invalidCredentials();
  }
  let usedTemporary = false;
  if (!(await verifyPassword(account.password_hash, password))) {
    const tempLive = account.temp_password_hash && account.temp_password_expires_at && account.temp_password_expires_at > now();
    usedTemporary = Boolean(tempLive && (await verifyPassword(account.temp_password_hash as string, password)));
    if (!usedTemporary) throw invalidCredentials();
  }
  if (account.status !== 1) throw new ValidationError({ email: ['account_inactive'] });

  const token = newToken();
  const at = now();
  await db.transaction().execute(async (trx) => {
    if (usedTemporary) {
      await trx
        .updateTable('users')
        .set({
          password_hash: account.temp_password_hash as string,
          temp_password_hash: null,
          temp_password_expires_at: null,
          must_change_password: 1,
          updated_at: at,
        })
        .where('id', '=', account.id)
        .execute();
      const actor = await trx
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
        .select(['users.id', 'users.name', 'user_roles.slug as role'])
        .where('users.id', '=', account.id)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actor, client, action: 'password.reset_used', entity: 'users', entityId: account.id });
    }
    // A temporary password means the old one may be known to someone else: their sessions end here.
    if (usedTemporary) await trx.deleteFrom('access_tokens').where('user_id', '=', account.id).execute();
    else await trx.deleteFrom('access_tokens').where('user_id', '=', account.id).where('expires_at', '<=', at).execute();
    await trx
      .insertInto('access_tokens')
      .values({ user_id: account.id, token_hash: digest(token), created_at: at, expires_at: secondsFromNow(tokenTtlSeconds) })
      .execute();
  });
  return { userId: account.id, token };
}

export async function logout(db: Kysely<Database>, tokenDigest: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('token_hash', '=', tokenDigest).execute();
}

/** Creates an institute account; a used email or mobile is a 422 on that field. */
export async function registerInstitute(db: Kysely<Database>, body: RegisterBody): Promise<number> {
  const { password, password_confirmation: _confirmation, ...fields } = body;
  refuseWeakPassword(password, [fields.email, fields.phone_number]);
  await refuseTakenContacts(db, fields);
  try {
    return await createUser(db, { role: 'institute', fields, passwordHash: await hashPassword(password) });
  } catch (error) {
    // Two registrations racing for the same email or mobile: the database's unique index decides.
    throw takenContactError(uniqueViolation(error)) ?? error;
  }
}

/**
 * Mails a temporary password that works beside the old one for an hour, so asking for a reset
 * never locks the owner out. Does nothing visible for an unknown address.
 */
export async function sendTemporaryPassword(db: Kysely<Database>, mailer: Mailer, email: string, appUrl: string, client: AuditClient): Promise<void> {
  const account = await db.selectFrom('users').select(['id', 'uid', 'name']).where('email', '=', email).where('status', '=', 1).executeTakeFirst();
  if (!account) return;
  const temporary = temporaryPassword();
  const temporaryHash = await hashPassword(temporary);
  // Whoever asked is not logged in: the entry names the account, not an actor.
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ temp_password_hash: temporaryHash, temp_password_expires_at: secondsFromNow(TEMP_PASSWORD_MINUTES * 60) })
      .where('id', '=', account.id)
      .execute();
    await recordAudit(trx, { actor: null, client, action: 'password.reset_request', entity: 'users', entityId: account.id });
  });
  await mailer.send({
    to: email,
    subject: 'অস্থায়ী পাসওয়ার্ড / Temporary password',
    text: [
      `${account.name},`,
      '',
      `আপনার অস্থায়ী পাসওয়ার্ড: ${temporary}`,
      `প্রতিষ্ঠান আইডি: ${account.uid}`,
      `এটি ${TEMP_PASSWORD_MINUTES} মিনিট কাজ করবে। লগইন করে ড্যাশবোর্ড থেকে পাসওয়ার্ড পরিবর্তন করুন। আপনার পুরোনো পাসওয়ার্ডও কাজ করবে।`,
      '',
      `Your temporary password: ${temporary}`,
      `Institute id: ${account.uid}`,
      `It works for ${TEMP_PASSWORD_MINUTES} minutes. Log in and change your password from the dashboard. Your old password keeps working.`,
      '',
      `${appUrl}/login`,
    ].join('\n'),
  });
}
