/**
 * Contacts an account must prove, so an address or number typed wrong or taken from someone else cannot
 * become an account's: a new email address takes
 * effect only when the link mailed to it is opened (a pending change: the address and the link's token
 * as its digest); a mobile number is confirmed by SMS once the outbox sends them (`phone_confirmed_at`),
 * and until then an admin may release a number held by an account that has not confirmed it.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('email_changes')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
  await db.schema.alterTable('users').addColumn('phone_confirmed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('phone_confirmed_at').execute();
  await db.schema.dropTable('email_changes').execute();
}
