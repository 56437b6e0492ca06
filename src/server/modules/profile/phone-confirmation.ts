/**
 * A mobile number is confirmed by a one-time code sent to it as SMS (docs/operators/security.md), so a number an
 * account holds unconfirmed can be told from one its owner proved. Six digits, kept as a digest that
 * also names the account and the number, live ten minutes; a newer code replaces the older one, a
 * changed number voids it, and five wrong guesses void it, which with three codes an hour leaves a
 * guesser 15 tries in a million.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { lockingRows } from '../../db/handles.js';
import type { Database } from '../../db/types.js';
import { type AuditClient, recordAudit } from '../../lib/audit.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/authenticate.js';
import { now, secondsFromNow } from '../../lib/time.js';
import { digest, newToken } from '../../lib/tokens.js';
import { queueNotice } from '../notices/index.js';
import { confirmPhone } from '../users/index.js';

export const CODE_MINUTES = 10;
export const MAX_WRONG_CODES = 5;

const minutes = new Intl.NumberFormat('bn-BD').format(CODE_MINUTES);

/** Bengali, within one SMS (70 UCS-2 units); the code stays in ASCII digits, since people type it in. */
export const phoneCodeSms = (code: string) => `মোবাইল নিশ্চিত করার কোড ${code}। ${minutes} মিনিট কাজ করবে। কাউকে বলবেন না।`;

const codeDigest = (userId: number, phone: string, code: string) => digest(`${userId}:${phone}:${code}`);

/** Queues a fresh code to the account's number, replacing any pending one. */
export async function sendPhoneCode(db: Kysely<Database>, userId: number): Promise<void> {
  const account = await db.selectFrom('users').select(['phone_number', 'phone_confirmed_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  const phone = account.phone_number?.trim();
  if (!phone) throw new ValidationError({ phone_number: ['phone_missing'] });
  if (account.phone_confirmed_at) throw new HttpError(409, 'phone_already_confirmed');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('phone_codes')
      .values({
        user_id: userId,
        phone_number: phone,
        code_hash: codeDigest(userId, phone, code),
        expires_at: secondsFromNow(CODE_MINUTES * 60),
        created_at: now(),
      })
      .execute();
    // Each code is its own event: a resend must not be taken for a retry of the last one.
    const event = `phone-code:${userId}:${newToken()}`;
    await queueNotice(trx, [
      { channel: 'sms', recipient: phone, subject: null, body: phoneCodeSms(code), eventKey: event, topic: `phone-code:${userId}`, userId },
    ]);
  });
}

type Outcome = 'confirmed' | 'wrong' | 'expired';

/** Checks a code against the caller's pending one; a wrong guess is counted even though the answer is a 422. */
export async function confirmPhoneCode(db: Kysely<Database>, actor: SessionUser, code: string, client: AuditClient): Promise<void> {
  const userId = actor.id;
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const pending = trx.selectFrom('phone_codes').selectAll().where('user_id', '=', userId);
    // Two guesses at once take turns on PostgreSQL, so each is counted.
    const row = await lockingRows(trx, pending).executeTakeFirst();
    const account = await trx.selectFrom('users').select('phone_number').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!row || row.expires_at <= now() || row.phone_number !== account.phone_number?.trim()) return 'expired';
    const given = Buffer.from(codeDigest(userId, row.phone_number, code));
    if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
      if (row.attempts + 1 >= MAX_WRONG_CODES) await trx.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
      else
        await trx
          .updateTable('phone_codes')
          .set({ attempts: row.attempts + 1 })
          .where('user_id', '=', userId)
          .execute();
      return 'wrong';
    }
    await confirmPhone(trx, userId);
    await trx.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
    await recordAudit(trx, { actor, client, action: 'phone.confirm', entity: 'users', entityId: userId, after: { phone_number: row.phone_number } });
    return 'confirmed';
  });
  if (outcome === 'wrong') throw new ValidationError({ code: ['phone_code_wrong'] });
  if (outcome === 'expired') throw new ValidationError({ code: ['phone_code_expired'] });
}
