/**
 * Nobody can lock an account out (docs/operators/security.md): several temporary passwords may be live at once,
 * so a later reset never voids an earlier one before its hour is over; and the browsers an account has
 * logged in from are remembered (a random token, stored as its digest), so guesses from elsewhere do
 * not stop the owner's own device.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('password_resets')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'expires_at']).execute();
  await sql`insert into password_resets (user_id, password_hash, expires_at, created_at)
    select id, temp_password_hash, temp_password_expires_at, updated_at from users
    where temp_password_hash is not null and temp_password_expires_at is not null`.execute(db);
  await db.schema.alterTable('users').dropColumn('temp_password_hash').execute();
  await db.schema.alterTable('users').dropColumn('temp_password_expires_at').execute();

  await db.schema
    .createTable('known_devices')
    .$call((t) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('known_devices_token_user').on('known_devices').columns(['token_hash', 'user_id']).unique().execute();
  await db.schema.createIndex('known_devices_user').on('known_devices').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.alterTable('users').addColumn('temp_password_hash', 'text').execute();
  await db.schema.alterTable('users').addColumn('temp_password_expires_at', 'text').execute();
  await db.schema.dropTable('password_resets').execute();
}
