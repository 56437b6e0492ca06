/**
 * Results by SMS (docs/integrators/sms.md): every message the gateway hands over is kept, once per gateway
 * message id when the gateway gives one (a gateway retries a callback it thinks failed), with what it was
 * answered; and a counter per sender and window, bumped in one upsert, limits the replies a number gets
 * on every server alike.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sms_inbound')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    // Null when the gateway gives none: such a message cannot be recognised when sent again.
    .addColumn('message_id', 'text', (c) => c.unique())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // What the text asked and found: result, withheld, unknown_roll, unpublished, malformed.
    .addColumn('answer', 'text', (c) => c.notNull())
    // replied, or limited (over the sender's replies for the window: nothing queued).
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sms_reply_counts')
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('replies', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_reply_counts_pk', ['sender', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_reply_counts').execute();
  await db.schema.dropTable('sms_inbound').execute();
}
