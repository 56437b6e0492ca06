/**
 * PostgreSQL's change counters, bumped once per transaction and `season` first:
 * - once per transaction, not once per changed row: a version only needs to differ after the commit. Each bump
 *   of the same counter row in one transaction made another version of it, which the next bump had to walk
 *   past, so a statement changing n registrations cost ~n²: marking 934,756 registrations paid in one `update`
 *   had not committed after 15 minutes (bench/results/2026-11-28-postgres.md). A counter row whose version
 *   this transaction wrote (its `xmin` is the transaction's) is left alone.
 * - `season` first: the trigger runs once per changed row, each run locking its row's scopes in order, and
 *   `institute:…` sorted before `season`. A group of creates for institutes B then A locked B, season, A, while
 *   a payment of A locked A, season: the two deadlocked (a 500 to one of them). Every registration, payment and
 *   account change bumps `season`; taken first, whoever holds an institute's counter already holds it.
 * SQLite writes a row in place and one writer at a time: its per-row bumps stay.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { COUNTED_TABLES, postgresBumpFunction } from './2026-12-16-change-versions.js';

async function replaceFunctions(db: Kysely<unknown>, options: Parameters<typeof postgresBumpFunction>[1]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of COUNTED_TABLES) await sql.raw(postgresBumpFunction(table, options)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceFunctions(db, { when: 'change_versions.xmin <> pg_current_xact_id()::xid', order: 'scope desc' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceFunctions(db, { when: '', order: 'scope' });
}
