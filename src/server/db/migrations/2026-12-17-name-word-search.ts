/**
 * Names are searched by the start of their words (architecture §10), from an index of the names' words
 * in place of the trigram indexes that served "contains anywhere":
 * - SQLite: the FTS5 table `registrations_search` keeps its name, columns and triggers, tokenized into
 *   words (unicode61 with marks and format characters as part of a word, so a Bengali vowel sign,
 *   hasanta or ZWJ does not split one) with prefix indexes of 2 and 3 characters for short typed words,
 *   and without per-row sizes (`columnsize=0`: nothing ranks by them, and each create writes a row less);
 * - PostgreSQL: a GIN index over `registration_name_words(full_name, name_bangla)`, the lower-cased words
 *   of both names as a tsvector, which answers `'hoss':*` prefix queries. The words are split by the
 *   separators below, never by the server's locale (under C.UTF-8 a regex class calls a hasanta punctuation).
 * Existing rows are indexed here: FTS5 rebuilds from its content table, PostgreSQL builds the index in one pass.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * What separates words in a name: ASCII other than letters and digits, spaces, general punctuation
 * (dashes, quotes) and the danda. registrations.search.ts splits a typed search by the same characters.
 */
export const WORD_SEPARATORS = '[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f\\u00a0\\u2000-\\u200b\\u2010-\\u2027\\u2030-\\u205e\\u3000\\u0964\\u0965]+';

const SQLITE_COLUMNS = 'full_name, name_bangla';
const TOKENIZER = "unicode61 remove_diacritics 0 categories 'L* N* Co M* Cf'";

const SQLITE_TRIGGERS = {
  registrations_search_delete: `create trigger registrations_search_delete after delete on scholarship_registrations begin
    insert into registrations_search(registrations_search, rowid, full_name, name_bangla) values ('delete', old.id, old.full_name, old.name_bangla);
  end`,
  registrations_search_update: `create trigger registrations_search_update after update of full_name, name_bangla on scholarship_registrations begin
    insert into registrations_search(registrations_search, rowid, full_name, name_bangla) values ('delete', old.id, old.full_name, old.name_bangla);
    insert into registrations_search(rowid, full_name, name_bangla) values (new.id, new.full_name, new.name_bangla);
  end`,
};

async function sqliteIndex(db: Kysely<unknown>, tokenize: string, options: string): Promise<void> {
  // The triggers name the table: dropped with it, made again once the new one exists.
  for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql.raw('drop table if exists registrations_search').execute(db);
  await sql
    .raw(
      `create virtual table registrations_search using fts5(${SQLITE_COLUMNS}, content='scholarship_registrations', content_rowid='id', tokenize="${tokenize}"${options})`,
    )
    .execute(db);
  for (const trigger of Object.values(SQLITE_TRIGGERS)) await sql.raw(trigger).execute(db);
  await sql.raw(`insert into registrations_search(registrations_search) values ('rebuild')`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sqliteIndex(db, TOKENIZER, ", prefix='2 3', columnsize=0");
    return;
  }
  await sql`drop index if exists registrations_search_full_name`.execute(db);
  await sql`drop index if exists registrations_search_name_bangla`.execute(db);
  await sql
    .raw(
      `create function registration_name_words(full_name text, name_bangla text) returns tsvector
      language sql immutable parallel safe
      as $$ select array_to_tsvector(array_remove(regexp_split_to_array(lower(coalesce(full_name, '') || ' ' || coalesce(name_bangla, '')), '${WORD_SEPARATORS}'), '')) $$`,
    )
    .execute(db);
  // A small pending list, as the trigram indexes had (2026-12-05): every search reads the whole list.
  await sql`create index registrations_name_words on scholarship_registrations using gin (registration_name_words(full_name, name_bangla)) with (gin_pending_list_limit = 128)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sqliteIndex(db, 'trigram', '');
    return;
  }
  await sql`drop index if exists registrations_name_words`.execute(db);
  await sql`drop function if exists registration_name_words(text, text)`.execute(db);
  const trigrams = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows.length === 0) return;
  for (const column of ['full_name', 'name_bangla']) {
    await sql`create index ${sql.id(`registrations_search_${column}`)} on scholarship_registrations using gin (lower(${sql.ref(column)}) gin_trgm_ops) with (gin_pending_list_limit = 128)`.execute(
      db,
    );
  }
}
