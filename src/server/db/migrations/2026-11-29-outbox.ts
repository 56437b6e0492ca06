/**
 * The outbox (architecture §9): one row per SMS or mail, written in the transaction of the event that
 * causes it and sent after the commit by the dispatcher (src/server/modules/notices/). An event is
 * queued once per channel (unique event key); `status` is always 1 so the shared list machinery reads it.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('outbox')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    // What the event is about (`payment:12`): the next decision on it reads the last one's key.
    .addColumn('topic', 'text', (c) => c.notNull())
    // No foreign key: the message stays readable after the account is gone.
    .addColumn('user_id', 'integer')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a pending row is due, or when a claimed row's lease runs out (its sender died).
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('outbox_event_key_channel', ['event_key', 'channel'])
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_status_id').on('outbox').columns(['status', 'id']).execute();
  await db.schema.createIndex('outbox_state_list').on('outbox').columns(['state', 'status', 'id']).execute();
  await db.schema.createIndex('outbox_channel_list').on('outbox').columns(['channel', 'status', 'id']).execute();
  // The admin's search is a prefix range over recipients; byte order ("C") on PostgreSQL, where a language's
  // collation would sort `@` and `.` by other rules than the range assumes (SQLite compares bytes already).
  if (pg) await sql`create index outbox_recipient on outbox (recipient collate "C", id)`.execute(db);
  else await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();
  await db.schema.createIndex('outbox_topic').on('outbox').columns(['topic', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
