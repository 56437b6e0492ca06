/**
 * Substring search over a season's registrations (architecture §8) without scanning a million rows:
 * on SQLite an FTS5 trigram index over the names, kept in step by triggers; on PostgreSQL pg_trgm
 * GIN indexes on the lower-cased names, which serve `lower(col) like lower(…)`. Numbers (reg no,
 * mobile) are matched from their start over b-trees: SQLite's own indexes, PostgreSQL's text_pattern_ops.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The columns the registrations list searches. */
export const SEARCH_COLUMNS = ['full_name', 'name_bangla', 'reg_no', 'contact_number'] as const;

/**
 * The trigram indexes hold the names only: numbers are searched from their start over b-tree
 * indexes of NUMBER_COLUMNS, and their trigrams would double the index and every insert's work.
 */
export const FTS_COLUMNS = ['full_name', 'name_bangla'] as const;
export const NUMBER_COLUMNS = ['reg_no', 'contact_number'] as const;

const cols = FTS_COLUMNS.join(', ');
const newValues = FTS_COLUMNS.map((c) => `new.${c}`).join(', ');
const oldValues = FTS_COLUMNS.map((c) => `old.${c}`).join(', ');

/** The triggers that keep the index in step; a bulk loader may drop them, load, rebuild and recreate them. */
export const SQLITE_SEARCH_TRIGGERS: Record<string, string> = {
  registrations_search_insert: `create trigger registrations_search_insert after insert on scholarship_registrations begin
    insert into registrations_search(rowid, ${cols}) values (new.id, ${newValues});
  end`,
  registrations_search_delete: `create trigger registrations_search_delete after delete on scholarship_registrations begin
    insert into registrations_search(registrations_search, rowid, ${cols}) values ('delete', old.id, ${oldValues});
  end`,
  registrations_search_update: `create trigger registrations_search_update after update of ${cols} on scholarship_registrations begin
    insert into registrations_search(registrations_search, rowid, ${cols}) values ('delete', old.id, ${oldValues});
    insert into registrations_search(rowid, ${cols}) values (new.id, ${newValues});
  end`,
};

/** Whether this PostgreSQL server can give us pg_trgm; without it the search stays a scan. */
async function trigramAvailable(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`select 1 as found from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  return rows.length > 0;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A number is searched from its start: `like 'digits%'` over b-trees that compare byte by byte.
    for (const column of NUMBER_COLUMNS) {
      await sql`create index ${sql.id(`registrations_prefix_${column}`)} on scholarship_registrations (${sql.ref(column)} text_pattern_ops)`.execute(db);
    }
    if (!(await trigramAvailable(db))) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of FTS_COLUMNS) {
      await sql`create index ${sql.id(`registrations_search_${column}`)} on scholarship_registrations using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  // External content: the index stores only trigrams; the text stays in the table.
  await sql
    .raw(`create virtual table registrations_search using fts5(${cols}, content='scholarship_registrations', content_rowid='id', tokenize='trigram')`)
    .execute(db);
  for (const trigger of Object.values(SQLITE_SEARCH_TRIGGERS)) await sql.raw(trigger).execute(db);
  await sql.raw(`insert into registrations_search(registrations_search) values ('rebuild')`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const column of FTS_COLUMNS) await sql`drop index if exists ${sql.id(`registrations_search_${column}`)}`.execute(db);
    for (const column of NUMBER_COLUMNS) await sql`drop index if exists ${sql.id(`registrations_prefix_${column}`)}`.execute(db);
    return;
  }
  for (const name of Object.keys(SQLITE_SEARCH_TRIGGERS)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql.raw('drop table if exists registrations_search').execute(db);
}
