/**
 * A new email address takes effect only when its owner opens the link mailed to it (docs/operators/security.md):
 * so nobody sets, and so takes, an address another person owns. The link's token is random, kept as its
 * digest, and lives a day, like a temporary password's mail; a newer request replaces the older one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { type AuditClient, recordAudit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { now, secondsFromNow } from '../../lib/time.js';
import { digest, newToken } from '../../lib/tokens.js';
import { setEmail } from '../users/index.js';

const LINK_HOURS = 24;

/** Records the change and mails the link to the new address. */
export async function requestEmailChange(db: Kysely<Database>, mailer: Mailer, userId: number, newEmail: string, appUrl: string): Promise<void> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_changes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('email_changes')
      .values({ user_id: userId, new_email: newEmail, token_hash: digest(token), expires_at: secondsFromNow(LINK_HOURS * 3600), created_at: now() })
      .execute();
  });
  const link = `${appUrl}/api/auth/confirm-email?token=${token}`;
  await mailer.send({
    to: newEmail,
    subject: 'ইমেইল ঠিকানা নিশ্চিত করুন / Confirm your email address',
    text: [
      'এই ঠিকানাটি আপনার বৃত্তি পরীক্ষা নিবন্ধনের অ্যাকাউন্টে যোগ করতে নিচের লিংকটি খুলুন। আপনি অনুরোধ না করে থাকলে এই মেইলটি উপেক্ষা করুন।',
      `লিংকটি ${LINK_HOURS} ঘণ্টা কাজ করবে।`,
      '',
      `Open the link below to use this address for your scholarship registration account. If you did not ask for it, ignore this mail. The link works for ${LINK_HOURS} hours.`,
      '',
      link,
    ].join('\n'),
  });
}

/** Applies the change a link names; answers whether it did (an unknown, used or expired link, or an address taken meanwhile, does not). */
export async function confirmEmailChange(db: Kysely<Database>, token: string, client: AuditClient): Promise<boolean> {
  const change = await db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'new_email'])
    .where('token_hash', '=', digest(token))
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!change) return false;
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select('email').where('id', '=', change.user_id).executeTakeFirstOrThrow();
      await setEmail(trx, change.user_id, change.new_email);
      await trx.deleteFrom('email_changes').where('id', '=', change.id).execute();
      // The owner acts through the link, without a session: the entry names the account.
      await recordAudit(trx, {
        actor: null,
        client,
        action: 'email.change',
        entity: 'users',
        entityId: change.user_id,
        before: { email: before.email },
        after: { email: change.new_email },
      });
    });
  } catch (error) {
    // Another account took the address between the request and the link (the unique index decides).
    if (uniqueViolation(error) === 'email') return false;
    throw error;
  }
  return true;
}
