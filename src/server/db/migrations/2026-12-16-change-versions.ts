/**
 * Change counters that answers' ETags are made from (architecture §10, lib/conditional.ts): a version
 * per scope, bumped in the transaction of every write that changes what the scope's answers show, so an
 * unchanged list is answered 304 from one small read instead of its rows. Kept by triggers, like the
 * payment totals (2026-12-09): every path that writes (forms, group-committed creates, imports,
 * approvals, statement reconciliation, deletions, a profile's change) counts without knowing of them,
 * and on several app servers the version is the database's, so any of them answers alike.
 *
 * Scopes: `season` (every registration, payment and account: an admin's lists and dashboard),
 * `institute:<id>` (that institute's registrations, payments and own account: its lists and dashboard),
 * `settings` (setting values) and `menus` (the website's menus and sub menus).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Each table's scopes, as SQL over the changed row (`{row}`: new or old). */
const SCOPES: Record<string, string[]> = {
  scholarship_registrations: [`'season'`, `'institute:' || {row}.institute_id`],
  scholarship_payments: [`'season'`, `'institute:' || {row}.institute_id`],
  users: [`'season'`, `'institute:' || {row}.id`],
  setting_values: [`'settings'`],
  web_page_menus: [`'menus'`],
  web_page_sub_menus: [`'menus'`],
};

const scopesOf = (table: string, row: 'new' | 'old') => SCOPES[table]!.map((scope) => scope.replaceAll('{row}', row));

/** The tables whose writes bump change counters. */
export const COUNTED_TABLES = Object.keys(SCOPES);

/**
 * PostgreSQL's trigger function of a table: it bumps the scopes of the changed row in `order`, `when` (SQL
 * over the counter's row, or '') saying which of them. Deferred to the commit, like the payment totals, so the
 * counters' locks come after every other lock the transaction takes; distinct and in order, so two commits
 * take them in the same order.
 */
export function postgresBumpFunction(table: string, { when, order }: { when: string; order: 'scope' | 'scope desc' }): string {
  const changed = (row: 'new' | 'old', op: string) => scopesOf(table, row).map((scope) => `select ${scope} where tg_op <> '${op}'`);
  return `create or replace function change_versions_${table}() returns trigger language plpgsql as $$
          begin
            insert into change_versions (scope, version)
              select distinct scope, 1::bigint from (${[...changed('new', 'DELETE'), ...changed('old', 'INSERT')].join(' union all ')}) as changed (scope)
              order by ${order}
            on conflict (scope) do update set version = change_versions.version + 1${when ? ` where ${when}` : ''};
            return null;
          end
        $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('change_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of Object.keys(SCOPES)) {
      await sql.raw(postgresBumpFunction(table, { when: '', order: 'scope' })).execute(db);
      await sql
        .raw(
          `create constraint trigger change_versions_${table} after insert or update or delete on ${table}
          deferrable initially deferred for each row execute function change_versions_${table}()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of Object.keys(SCOPES)) {
    const bump = (row: 'new' | 'old') =>
      scopesOf(table, row)
        .map((scope) => `insert into change_versions (scope, version) values (${scope}, 1) on conflict (scope) do update set version = version + 1;`)
        .join(' ');
    await sql.raw(`create trigger change_versions_${table}_insert after insert on ${table} begin ${bump('new')} end`).execute(db);
    await sql.raw(`create trigger change_versions_${table}_update after update on ${table} begin ${bump('old')} ${bump('new')} end`).execute(db);
    await sql.raw(`create trigger change_versions_${table}_delete after delete on ${table} begin ${bump('old')} end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(SCOPES)) {
    if (postgres) {
      await sql.raw(`drop trigger change_versions_${table} on ${table}`).execute(db);
      await sql.raw(`drop function change_versions_${table}()`).execute(db);
    } else {
      for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger change_versions_${table}_${op}`).execute(db);
    }
  }
  await db.schema.dropTable('change_versions').execute();
}
