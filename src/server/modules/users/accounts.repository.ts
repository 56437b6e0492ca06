/**
 * The writes of an account that the other account modules ask for: sign-in (auth), the owner's own
 * changes (profile, two-factor). The users module owns the account's row, its sessions and its
 * temporary passwords, so each of those writes is here once (docs/developers/architecture.md).
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/handles.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';

/** A new password: `mustChange` when it is a temporary one; any pending temporary password is void. */
export async function setPassword(trx: Transaction<Database>, userId: number, passwordHash: string, mustChange: boolean): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: now() })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** A temporary password mailed to the owner, replacing its expired ones. */
export async function addPasswordReset(trx: Transaction<Database>, userId: number, passwordHash: string, expiresAt: string): Promise<void> {
  const at = now();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).where('expires_at', '<=', at).execute();
  await trx.insertInto('password_resets').values({ user_id: userId, password_hash: passwordHash, expires_at: expiresAt, created_at: at }).execute();
}

/** A session's token, stored as its digest; the account's expired sessions go at the same time. */
export async function addSession(trx: Transaction<Database>, userId: number, tokenHash: string, expiresAt: string): Promise<void> {
  const at = now();
  await trx.deleteFrom('access_tokens').where('user_id', '=', userId).where('expires_at', '<=', at).execute();
  await trx.insertInto('access_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: at, expires_at: expiresAt }).execute();
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of the account but the one that asked (`keep`, a token's digest), or all of them. */
export async function endSessions(db: Db, userId: number, keep?: string): Promise<void> {
  await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .$if(keep !== undefined, (q) => q.where('token_hash', '!=', keep!))
    .execute();
}

export async function setEmail(trx: Transaction<Database>, userId: number, email: string): Promise<void> {
  await trx.updateTable('users').set({ email, updated_at: now() }).where('id', '=', userId).execute();
}

export async function confirmPhone(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.updateTable('users').set({ phone_confirmed_at: now(), updated_at: now() }).where('id', '=', userId).execute();
}

export async function setStatus(trx: Transaction<Database>, userId: number, status: number): Promise<void> {
  await trx.updateTable('users').set({ status, updated_at: now() }).where('id', '=', userId).execute();
}

/** The account's two-factor columns as the two-factor module sets them (enrolment, turning it off). */
export async function setTwoFactor(
  db: Db,
  userId: number,
  values: { totp_secret?: string | null; totp_pending_secret?: string | null; totp_enabled_at?: string | null; totp_last_step?: number | null },
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Claims a TOTP time step later than the last one used; false when another request used it (or a later one) first. */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
