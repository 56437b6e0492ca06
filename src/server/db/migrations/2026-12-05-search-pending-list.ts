/**
 * PostgreSQL: the name search's trigram GIN indexes keep a pending list of at most 128 kB instead of
 * the server's default 4 MB. New rows' trigrams wait in that list until it is merged into the index, and
 * every search reads the whole list page by page: with 419 pending pages (3.3 MB, 8,887 rows) a search
 * spent 18–31 ms and 444 buffers in the Bengali name index alone, against 0.25 ms and 37 buffers with
 * the list merged (bench/results/analysis.md). A smaller list is merged more often, a little at a time,
 * by the insert that fills it (architecture §8: the search is a hot path, each create a small one).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const INDEXES = ['registrations_search_full_name', 'registrations_search_name_bangla'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The indexes exist only where pg_trgm was available (migration 2026-11-23).
  for (const index of INDEXES) await sql`alter index if exists ${sql.id(index)} set (gin_pending_list_limit = 128)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of INDEXES) await sql`alter index if exists ${sql.id(index)} reset (gin_pending_list_limit)`.execute(db);
}
