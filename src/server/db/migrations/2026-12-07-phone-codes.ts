/**
 * A mobile number is confirmed by a one-time code sent to it as SMS (docs/operators/security.md): one pending
 * code per account, kept as its digest, for the number it was sent to, with its expiry and the wrong
 * guesses made at it. A newer code replaces the older one (the primary key is the account). When an
 * account took its number (`users.phone_set_at`) gives its holder a day to confirm it before the admin
 * may release it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('phone_set_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('phone_set_at').execute();
  await db.schema.dropTable('phone_codes').execute();
}
