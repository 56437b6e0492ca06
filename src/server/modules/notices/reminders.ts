/**
 * The window-closing reminder (architecture §9 Outbox): from `reminderDays` days before the setting
 * `registration_closes` (a Bangladesh date, YYYY-MM-DD) until that day, every active institute account
 * gets one SMS and one mail per closing date. The event key holds the date and the account, so any
 * number of servers running this at once, or a run repeated, queue each reminder once; a changed
 * date is a new reminder. Accounts are read and queued in batches, each one insert in its own transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { daysUntil, dhakaToday } from '../../../common/season.js';
import { seasonSettings } from '../settings/index.js';
import { windowClosingText } from './notice-texts.js';
import { noticesFor, queueNotice, recipientColumns } from './outbox.js';

const BATCH = 500;

/** The closing date when today is within `days` days before it (inclusive), else undefined (settings store checked dates). */
export async function closingSoon(db: Kysely<Database>, days: number, today = dhakaToday()): Promise<string | undefined> {
  const closes = (await seasonSettings(db)).registrationCloses;
  if (days <= 0 || !closes) return undefined;
  const left = daysUntil(closes, today);
  return left >= 0 && left <= days ? closes : undefined;
}

/** Queues the reminders of one closing date; answers how many accounts were read. */
export async function queueClosingReminders(db: Kysely<Database>, closes: string): Promise<number> {
  const role = await db.selectFrom('user_roles').select('id').where('slug', '=', 'institute').executeTakeFirst();
  if (!role) return 0;
  const topic = `registration-closes:${closes}`;
  let after = 0;
  let read = 0;
  for (;;) {
    const accounts = await db
      .selectFrom('users')
      .select(recipientColumns)
      .where('role_id', '=', role.id)
      .where('status', '=', 1)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (accounts.length === 0) return read;
    const notices = accounts.flatMap((account) =>
      noticesFor(account, { key: `${topic}:${account.id}`, topic }, (instituteName) => windowClosingText({ instituteName, closes })),
    );
    // One statement a batch (two rows an account at most: well under either database's limit of parameters).
    await db.transaction().execute((trx) => queueNotice(trx, notices));
    read += accounts.length;
    after = accounts.at(-1)!.id;
  }
}
