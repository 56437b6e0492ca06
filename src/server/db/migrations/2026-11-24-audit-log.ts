/**
 * The audit log: who did what to which record, before and after, from which address.
 * Rows are only ever inserted; `status` is always 1 so the shared list machinery can read them.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_logs')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    // No foreign key: the entry outlives the account, and keeps the name it had at the time.
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('user_role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_status_id').on('audit_logs').columns(['status', 'id']).execute();
  await db.schema.createIndex('audit_logs_entity').on('audit_logs').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('audit_logs_user').on('audit_logs').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('audit_logs_action').on('audit_logs').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_logs_created_at').on('audit_logs').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
}
