/** Login, registration and password reset rules (spec §5, §7; architecture §5 for the temporary password). */
import type { Kysely } from 'kysely';
import type { RegisterBody } from '../../../common/schemas/institute.js';
import { BD_MOBILE, normalizeMobile, toAsciiDigits } from '../../../common/validation.js';
import type { Database } from '../../db/types.js';
import { HttpError, ValidationError, uniqueViolation } from '../../lib/errors.js';
import type { FailureCounter } from '../../lib/failure-counter.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, verifyNothing, verifyPassword } from '../../lib/passwords.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { now, secondsFromNow } from '../../lib/time.js';
import { digest, newToken, temporaryPassword } from '../../lib/tokens.js';
import { type AuditClient, recordAudit } from '../../lib/audit.js';
import { addPasswordReset, addSession, createUser, endSession, endSessions, findLoginAccount, setPassword } from '../users/index.js';
import { refuseTakenContacts, takenContactError } from '../users/index.js';
import { claimUploads, refuseForeignUploads } from '../media/index.js';
import { knownDevice, newChallenge, rememberDevice } from '../two-factor/index.js';

export const TEMP_PASSWORD_MINUTES = 60;
/** Wrong passwords per account (or per remembered browser) in 15 minutes before only temporary passwords are tried. */
export const LOGIN_FAILURES = { max: 10, windowSeconds: 15 * 60 };
/** Reset mails per account in an hour; more requests are answered alike and send nothing. */
export const RESET_MAILS = { max: 3, windowSeconds: 60 * 60 };
/** Temporary passwords tried at a login: the newest live ones (RESET_MAILS bounds how many there are). */
const LIVE_RESETS_TRIED = 5;

const invalidCredentials = () => new ValidationError({ email: ['invalid_credentials'] });

/**
 * The counter an unknown identifier's failures go to, so it is locked like an account. Each written form
 * of one identifier is the same key (case, spaces, Bengali digits, +880).
 */
export function identifierKey(identifier: string): string {
  const ascii = toAsciiDigits(identifier.trim());
  const mobile = normalizeMobile(ascii);
  return BD_MOBILE.test(mobile) ? `login:mobile:${mobile}` : `login:identifier:${ascii.toLowerCase()}`;
}

/** The live temporary password this password is, if any. */
async function matchingReset(db: Kysely<Database>, userId: number, password: string) {
  const live = await db
    .selectFrom('password_resets')
    .select(['id', 'password_hash'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now())
    .orderBy('id', 'desc')
    .limit(LIVE_RESETS_TRIED)
    .execute();
  for (const reset of live) if (await verifyPassword(reset.password_hash, password)) return reset;
  return undefined;
}

export type LoginOutcome = { challenge: string } | { session: { userId: number; token: string; deviceToken: string | undefined } };

export type LoginAttempt = { identifier: string; password: string; deviceToken: string | undefined; client: AuditClient };

/**
 * Checks the password (or a live temporary password, which then becomes the password) and hands out a
 * new token. The same answer and about the same time for an unknown account and a wrong password.
 * Wrong passwords count against the account, whichever of its institute id, email or mobile number is
 * typed, or against the browser when the account has logged in from it before; past LOGIN_FAILURES only
 * a temporary password from a reset mail gets in (429 otherwise), so guessing stops while the owner keeps
 * two ways in (docs/operators/security.md). Each attempt is counted before its password is checked and taken back
 * when it is right, so passwords sent at once get no more checks than the limit. An account with
 * two-factor login gets a challenge for the second step instead of a session.
 */
export async function login(db: Kysely<Database>, failures: FailureCounter, attempt: LoginAttempt, tokenTtlSeconds: number): Promise<LoginOutcome> {
  const ascii = toAsciiDigits(attempt.identifier.trim());
  const account = await findLoginAccount(db, { uid: ascii, email: ascii.toLowerCase(), phone: normalizeMobile(ascii) });
  const device = account ? await knownDevice(db, account.id, attempt.deviceToken) : undefined;
  const key = device !== undefined ? `login:device:${device}` : account ? `login:account:${account.id}` : identifierKey(attempt.identifier);
  const locked = (await failures.reserve(key)) > LOGIN_FAILURES.max;
  if (!account) {
    await verifyNothing(attempt.password);
    if (locked) throw new HttpError(429, 'login_locked');
    throw invalidCredentials();
  }
  let reset: { id: number; password_hash: string } | undefined;
  if (locked) {
    reset = await matchingReset(db, account.id, attempt.password);
    if (!reset) throw new HttpError(429, 'login_locked');
  } else if (!(await verifyPassword(account.password_hash, attempt.password))) {
    reset = await matchingReset(db, account.id, attempt.password);
    if (!reset) throw invalidCredentials();
  }
  // The owner's password: not a failure.
  await failures.release(key);
  if (account.status !== 1) throw new ValidationError({ email: ['account_inactive'] });
  // An account with two-factor login gets a challenge for the second step instead of a session.
  if (account.totp_enabled_at) return { challenge: await newChallenge(db, account.id, reset?.id ?? null) };
  const token = await openSession(db, account.id, reset, attempt.client, tokenTtlSeconds);
  const deviceToken = device === undefined ? await rememberDevice(db, account.id, attempt.deviceToken) : undefined;
  return { session: { userId: account.id, token, deviceToken } };
}

/**
 * Hands out a new token. After a temporary password, that password becomes the account's (the user must
 * change it) and every other session and temporary password ends.
 */
export async function openSession(
  db: Kysely<Database>,
  userId: number,
  reset: { password_hash: string } | undefined,
  client: AuditClient,
  tokenTtlSeconds: number,
): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    if (reset) {
      await setPassword(trx, userId, reset.password_hash, true);
      const actor = await trx
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
        .select(['users.id', 'users.name', 'user_roles.slug as role'])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actor, client, action: 'password.reset_used', entity: 'users', entityId: userId });
    }
    // A temporary password means the old one may be known to someone else: their sessions end here.
    if (reset) await endSessions(trx, userId);
    await addSession(trx, userId, digest(token), secondsFromNow(tokenTtlSeconds));
  });
  return token;
}

export async function logout(db: Kysely<Database>, tokenDigest: string): Promise<void> {
  await endSession(db, tokenDigest);
}

/**
 * Creates an institute account; a used email or mobile is a 422 on that field. Its logo and file must be
 * anonymous uploads from the same address (the register form's), which then become the account's.
 */
export async function registerInstitute(db: Kysely<Database>, body: RegisterBody, address: string): Promise<number> {
  const { password, password_confirmation: _confirmation, ...fields } = body;
  refuseWeakPassword(password, [fields.email, fields.phone_number]);
  await refuseTakenContacts(db, fields);
  await refuseForeignUploads(db, { photo: fields.photo, file: fields.file }, { address });
  let id: number;
  try {
    id = await createUser(db, { role: 'institute', fields, passwordHash: await hashPassword(password) });
  } catch (error) {
    // Two registrations racing for the same email or mobile: the database's unique index decides.
    throw takenContactError(uniqueViolation(error)) ?? error;
  }
  await claimUploads(db, [fields.photo, fields.file], id);
  return id;
}

/**
 * Mails a temporary password that works beside the old one (and beside earlier temporary ones) for an
 * hour, so asking for a reset never locks the owner out. Does nothing visible for an unknown address.
 */
export async function sendTemporaryPassword(
  db: Kysely<Database>,
  mailer: Mailer,
  mailsSent: FailureCounter,
  email: string,
  appUrl: string,
  client: AuditClient,
): Promise<void> {
  const account = await db.selectFrom('users').select(['id', 'uid', 'name']).where('email', '=', email).where('status', '=', 1).executeTakeFirst();
  if (!account) return;
  // Counted per account after the address is known, so malformed requests and other addresses cost the owner nothing;
  // the earlier mails' passwords stay live, so the owner always has one when someone else asks for more.
  const key = `reset:account:${account.id}`;
  if ((await mailsSent.reserve(key)) > RESET_MAILS.max) return;
  const temporary = temporaryPassword();
  const temporaryHash = await hashPassword(temporary);
  // Whoever asked is not logged in: the entry names the account, not an actor.
  await db.transaction().execute(async (trx) => {
    await addPasswordReset(trx, account.id, temporaryHash, secondsFromNow(TEMP_PASSWORD_MINUTES * 60));
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
