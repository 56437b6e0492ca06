/**
 * Two-factor login for admins (docs/operators/security.md): TOTP (RFC 6238, any authenticator app, through otplib)
 * with recovery codes, a challenge between the password and the code, and the policy that every admin
 * must use it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { generate, generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/handles.js';
import type { Database } from '../../db/types.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { adminsMustUseTwoFactor } from '../../lib/security-policies.js';
import { now, secondsFromNow } from '../../lib/time.js';
import { digest, newToken } from '../../lib/tokens.js';
import { claimTotpStep, endSessions, setTwoFactor } from '../users/index.js';

const ISSUER = 'Scholarship';
const PERIOD = 30;
const RECOVERY_CODES = 10;
/** How long the second step may follow the password, and how many codes one challenge may try. */
export const CHALLENGE = { seconds: 5 * 60, attempts: 5 };
/** Wrong codes at the login's second step per account (or per remembered browser) in 15 minutes before only recovery codes are tried. */
export const CODE_FAILURES = { max: 10, windowSeconds: 15 * 60 };

const wrongCode = (field = 'code') => new ValidationError({ [field]: ['two_factor_code_wrong'] });

/** The time step of a TOTP code that matches now or one step either side (clocks drift), if any. */
async function matchingStep(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const step = Math.floor(Date.now() / 1000 / PERIOD);
  for (const candidate of [step, step - 1, step + 1]) {
    if ((await generate({ secret, epoch: candidate * PERIOD })) === code) return candidate;
  }
  return undefined;
}

/** Ten codes of ten letters and digits, shown once (`xxxxx-xxxxx`), kept as digests. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
const codeDigest = (code: string) => digest(code.replace(/[\s-]/g, '').toLowerCase());

export async function twoFactorStatus(db: Db, user: { id: number; role: string }) {
  const account = await db.selectFrom('users').select('totp_enabled_at').where('id', '=', user.id).executeTakeFirstOrThrow();
  const required = await adminsMustUseTwoFactor(db);
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const enabled = account.totp_enabled_at !== null;
  return { enabled, required, must_enrol: required && user.role === 'admin' && !enabled, recovery_codes_left: Number(left.n) };
}

/** A new secret to enrol (replacing any pending one), with its otpauth:// address and that address as a QR code (SVG). */
export async function beginEnrolment(db: Db, user: { id: number }, label: string) {
  const secret = generateSecret();
  await setTwoFactor(db, user.id, { totp_pending_secret: secret });
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const qr_svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr_svg };
}

/**
 * Who turns two-factor login on or off: the session's account, with its password, keeping the session
 * that asked (`tokenDigest`) while every other one ends, since one of them may be how someone else got in.
 */
export type TwoFactorChange = { userId: number; password: string; code: string; tokenDigest: string };

/** A session alone does not change the second step: the password is asked again (checked before the code, so a wrong one spends no code). */
async function checkPassword(db: Db, userId: number, password: string): Promise<void> {
  const account = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, password))) throw new ValidationError({ password: ['current_password_wrong'] });
}

const endOtherSessions = (trx: Transaction<Database>, userId: number, tokenDigest: string) => endSessions(trx, userId, tokenDigest);

/** Confirms the pending secret with a code from the app; answers the recovery codes, shown this once. */
export async function completeEnrolment(db: Kysely<Database>, change: TwoFactorChange): Promise<string[]> {
  const { userId, code } = change;
  await checkPassword(db, userId, change.password);
  const account = await db.selectFrom('users').select('totp_pending_secret').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!account.totp_pending_secret) throw new ValidationError({ code: ['two_factor_setup_first'] });
  const step = await matchingStep(account.totp_pending_secret, code);
  if (step === undefined) throw wrongCode();
  const codes = newRecoveryCodes();
  const at = now();
  await db.transaction().execute(async (trx) => {
    await setTwoFactor(trx, userId, { totp_secret: account.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: at, totp_last_step: step });
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: codeDigest(c), created_at: at })))
      .execute();
    await endOtherSessions(trx, userId, change.tokenDigest);
  });
  return codes;
}

/**
 * Checks a code of an enrolled account: a TOTP code of a time step later than the last one used (so a
 * code works once), or an unused recovery code (then spent). Answers whether it passed.
 */
export async function useSecondFactor(db: Db, userId: number, code: string): Promise<boolean> {
  const account = await db.selectFrom('users').select(['totp_secret', 'totp_last_step']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!account.totp_secret) return false;
  const step = await matchingStep(account.totp_secret, code);
  if (step !== undefined) {
    if (account.totp_last_step !== null && step <= account.totp_last_step) return false;
    return claimTotpStep(db, userId, step);
  }
  return useRecoveryCode(db, userId, code);
}

/** Spends an unused recovery code of the account; answers whether it was one. */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const spent = await db.deleteFrom('recovery_codes').where('user_id', '=', userId).where('code_hash', '=', codeDigest(code)).executeTakeFirst();
  return Number(spent.numDeletedRows) === 1;
}

/** Turns it off with the password and a current code (or a recovery code). */
export async function disableTwoFactor(db: Kysely<Database>, change: TwoFactorChange): Promise<void> {
  const { userId } = change;
  const account = await db.selectFrom('users').select('totp_enabled_at').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!account.totp_enabled_at) throw new ValidationError({ code: ['two_factor_not_enabled'] });
  await checkPassword(db, userId, change.password);
  if (!(await useSecondFactor(db, userId, change.code))) throw wrongCode();
  await db.transaction().execute(async (trx) => {
    await setTwoFactor(trx, userId, { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null });
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await endOtherSessions(trx, userId, change.tokenDigest);
  });
}

/** After a correct password of an enrolled account: a random challenge for the second step (not a session). */
export async function newChallenge(db: Db, userId: number, resetId: number | null): Promise<string> {
  const token = newToken();
  const at = now();
  await db.deleteFrom('login_challenges').where('expires_at', '<=', at).execute();
  await db
    .insertInto('login_challenges')
    .values({ user_id: userId, token_hash: digest(token), reset_id: resetId, expires_at: secondsFromNow(CHALLENGE.seconds), created_at: at })
    .execute();
  return token;
}

/**
 * Takes one try of a live challenge with tries left, in one statement, so codes sent at once each take
 * their own and no more than CHALLENGE.attempts are ever checked. Answers the challenge, or undefined
 * when it is spent or expired.
 */
export async function takeChallengeTry(db: Db, challenge: string) {
  return db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', digest(challenge))
    .where('expires_at', '>', now())
    .where('attempts', '<', CHALLENGE.attempts)
    .returning(['id', 'user_id', 'reset_id'])
    .executeTakeFirst();
}

/** A passed challenge ends; false when another code passed on it at the same moment and ended it first. */
export async function endChallenge(db: Db, id: number): Promise<boolean> {
  const ended = await db.deleteFrom('login_challenges').where('id', '=', id).executeTakeFirst();
  return Number(ended.numDeletedRows) === 1;
}

export const tooManyCodes = () => new HttpError(429, 'two_factor_locked');
