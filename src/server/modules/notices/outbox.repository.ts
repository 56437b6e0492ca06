/** The outbox's SQL: queue (once per event and channel), claim due rows, record each attempt. */
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database, NoticeChannel, OutboxTable } from '../../db/types.js';
import { now } from '../../lib/time.js';

export type Notice = {
  channel: NoticeChannel;
  recipient: string;
  subject: string | null;
  body: string;
  eventKey: string;
  topic: string;
  userId: number | null;
};

export type OutboxRow = Selectable<OutboxTable>;

/** Notices a statement: ten values each, well under either database's limit of parameters. */
const INSERT_BATCH = 1000;

/** Stores each notice unless its event was already queued on that channel. */
export async function insertNotices(db: Kysely<Database> | Transaction<Database>, notices: readonly Notice[]): Promise<void> {
  const at = now();
  for (let i = 0; i < notices.length; i += INSERT_BATCH) {
    await db
      .insertInto('outbox')
      .values(
        notices.slice(i, i + INSERT_BATCH).map((notice) => ({
          channel: notice.channel,
          recipient: notice.recipient,
          subject: notice.subject,
          body: notice.body,
          event_key: notice.eventKey,
          topic: notice.topic,
          user_id: notice.userId,
          next_attempt_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['event_key', 'channel']).doNothing())
      .execute();
  }
}

/** The newest event key about a topic (`payment:12`), if any. */
export async function latestEventKey(trx: Transaction<Database>, topic: string): Promise<string | undefined> {
  const row = await trx.selectFrom('outbox').select('event_key').where('topic', '=', topic).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.event_key;
}

/** The due rows' states, as the partial index `outbox_due` names them. */
export const DUE = sql<boolean>`state in ('pending', 'sending')`;

/**
 * Takes up to `limit` due rows of `channel` for this sender alone: pending rows whose time has come, and
 * rows another sender claimed but whose lease ran out (it died mid-send). One statement; on PostgreSQL
 * the rows another sender is claiming at the same moment are skipped, not waited for or taken twice.
 * The state test is written out, not bound, so both databases read the partial index of due rows
 * (`outbox_due`): a million sent messages are not in it.
 */
export async function claimDue(db: Kysely<Database>, dialect: Dialect, channel: NoticeChannel, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const at = now();
  const due = dueIds(db, dialect, channel, limit, at);
  return db
    .updateTable('outbox')
    .set({ state: 'sending', attempts: sql<number>`attempts + 1`, next_attempt_at: new Date(Date.now() + leaseMs).toISOString(), updated_at: at })
    .where('id', 'in', due)
    .where(DUE)
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .execute();
}

/** The ids of up to `limit` rows of `channel` due at `at`: the claim's inner select. */
export function dueIds(db: Kysely<Database>, dialect: Dialect, channel: NoticeChannel, limit: number, at: string) {
  return db
    .selectFrom('outbox')
    .select('id')
    .where('channel', '=', channel)
    .where(DUE)
    .where('next_attempt_at', '<=', at)
    .limit(limit)
    .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked());
}

/** Only the claim that sent it may close it: `attempts` names the claim. */
export async function markSent(db: Kysely<Database>, row: OutboxRow): Promise<void> {
  const at = now();
  await db
    .updateTable('outbox')
    .set({ state: 'sent', sent_at: at, last_error: null, updated_at: at })
    .where('id', '=', row.id)
    .where('state', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .execute();
}

export async function markAttemptFailed(db: Kysely<Database>, row: OutboxRow, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      state: retryAt ? 'pending' : 'failed',
      last_error: error,
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : {}),
      updated_at: now(),
    })
    .where('id', '=', row.id)
    .where('state', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .execute();
}

/** A failed message starts over: due now, with the whole series of attempts ahead. False if it had not failed. */
export async function retryFailed(trx: Transaction<Database>, id: number): Promise<boolean> {
  const at = now();
  const result = await trx
    .updateTable('outbox')
    .set({ state: 'pending', attempts: 0, next_attempt_at: at, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
