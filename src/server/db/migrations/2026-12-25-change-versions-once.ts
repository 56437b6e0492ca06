/**
 * A change counter is bumped once per transaction on PostgreSQL, not once per changed row: a version only
 * needs to differ after the commit. Each bump of the same counter row in one transaction made another
 * version of it, which the next bump had to walk past, so a statement changing n registrations cost ~n²:
 * marking 934,756 registrations paid in one `update` had not committed after 15 minutes
 * (bench/results/2026-11-28-postgres.md). A counter row whose version this transaction wrote (its `xmin`
 * is the transaction's) is left alone. SQLite writes a row in place and keeps its per-row bumps.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { COUNTED_TABLES, postgresBumpFunction } from './2026-12-16-change-versions.js';

const NOT_YET_IN_THIS_TRANSACTION = 'change_versions.xmin <> pg_current_xact_id()::xid';

async function replaceFunctions(db: Kysely<unknown>, when: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of COUNTED_TABLES) await sql.raw(postgresBumpFunction(table, when)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceFunctions(db, NOT_YET_IN_THIS_TRANSACTION);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceFunctions(db, '');
}
