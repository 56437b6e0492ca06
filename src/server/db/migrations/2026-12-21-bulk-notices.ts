/**
 * Notices in bulk (docs/integrators/notices.md): a send of one SMS per published student is a row of
 * `notice_sends` that holds where it has got to, written with each batch it queues, so a send a
 * stopped server left half done goes on from there. The dispatcher claims each channel's due rows
 * through an index of the due rows alone: a million sent messages are not in it.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('notice_sends')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    // `guardian-results:<version>`, also the topic of every message it queues.
    .addColumn('topic', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // queuing → queued (all read), or stopped (the version is no longer the published one); the
    // students of the version, those read so far, the messages queued, and the last roll read.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queuing'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('after_roll', 'text', (c) => c.notNull().defaultTo(''))
    // Who published: the job that queues (again, after a restart) runs in their name.
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropIndex('outbox_due').execute();
  await sql`create index outbox_due on outbox (channel, next_attempt_at) where state in ('pending', 'sending')`.execute(db);
  // A send's counts by state: read from the index alone.
  await db.schema.createIndex('outbox_topic_state').on('outbox').columns(['topic', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_topic_state').execute();
  await db.schema.dropIndex('outbox_due').execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema.dropTable('notice_sends').execute();
}
