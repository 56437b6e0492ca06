/** The SQL of notices in bulk: the sends, a batch of the published result read, and a send's counts by state. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, NoticeSendsTable, NoticeSendState } from '../../db/types.js';
import { now } from '../../lib/time.js';

export type NoticeSend = Selectable<NoticeSendsTable>;

/** The kind of the guardians' send, and of the job that queues it. */
export const GUARDIAN_RESULTS = 'guardian-results';
/** The send's key, and the topic of every message it queues: one send per published version. */
export const guardianTopic = (version: number) => `${GUARDIAN_RESULTS}:${version}`;

/** The columns a queued SMS is written with (the rest take their defaults: pending, due now). */
export const OUTBOX_COLUMNS = [
  'channel',
  'recipient',
  'subject',
  'body',
  'event_key',
  'topic',
  'user_id',
  'next_attempt_at',
  'created_at',
  'updated_at',
] as const;

export async function nextQueuingSend(db: Kysely<Database>): Promise<NoticeSend | undefined> {
  return db.selectFrom('notice_sends').selectAll().where('state', '=', 'queuing').orderBy('id').limit(1).executeTakeFirst();
}

export async function endSend(db: Kysely<Database>, id: number, state: Exclude<NoticeSendState, 'queuing'>): Promise<void> {
  await db.updateTable('notice_sends').set({ state, updated_at: now() }).where('id', '=', id).where('state', '=', 'queuing').execute();
}

export type SnapshotRow = { roll_no: string; doc: string; contact_number: string | null };

/** The next `size` students of the send's version after its last roll, with the number their registration gives. */
export async function snapshotAfter(db: Kysely<Database>, send: NoticeSend, size: number): Promise<SnapshotRow[]> {
  return db
    .selectFrom('result_snapshot as s')
    .leftJoin('scholarship_registrations as r', 'r.reg_no', 's.reg_no')
    .select(['s.roll_no', 's.doc', 'r.contact_number'])
    .where('s.version', '=', send.version)
    .where('s.roll_no', '>', send.after_roll)
    .orderBy('s.roll_no')
    .limit(size)
    .execute();
}

/**
 * The send has read `read` more students up to `lastRoll` and queued `queued` messages: only from where
 * it stood (`after_roll`), so a second runner of the same batch fails here and its transaction queues nothing.
 */
export async function advanceSend(db: Kysely<Database>, send: NoticeSend, read: number, queued: number, lastRoll: string): Promise<boolean> {
  const moved = await db
    .updateTable('notice_sends')
    .set((eb) => ({ done: eb('done', '+', read), queued: eb('queued', '+', queued), after_roll: lastRoll, updated_at: now() }))
    .where('id', '=', send.id)
    .where('state', '=', 'queuing')
    .where('after_roll', '=', send.after_roll)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function recentSends(db: Kysely<Database>, limit: number): Promise<NoticeSend[]> {
  return db.selectFrom('notice_sends').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** A send's messages by state, counted over the index of (topic, state). */
export async function countsByState(db: Kysely<Database>, topic: string): Promise<Record<'pending' | 'sending' | 'sent' | 'failed', number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['state', sql<number>`count(*)`.as('n')])
    .where('topic', '=', topic)
    .groupBy('state')
    .execute();
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}
