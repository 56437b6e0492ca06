/**
 * PostgreSQL answers a name search from a table of the names' words, `registration_words (word,
 * registration_id)`, whose primary key is a b-tree over both: a typed word is a range of it, and the
 * matching ids come from the index alone. The GIN index it replaces (2026-12-17) gave row addresses,
 * so every match was read from the table for its id — up to the list's cap of scattered heap pages a
 * search (bench/results/analysis.md) — and under a LIMIT the planner took a sequential scan instead.
 * Statement triggers keep the words: once per insert statement (a group of creates, an import), once
 * per delete statement, and per row only when a name changes. SQLite keeps its FTS5 index.
 * The words are those of 2026-12-17: lower-cased, split by its separators, each once per student.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { WORD_SEPARATORS, up as ginIndex } from './2026-12-17-name-word-search.js';

const postgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return;
  await sql`drop index if exists registrations_name_words`.execute(db);
  await sql`drop function if exists registration_name_words(text, text)`.execute(db);
  await sql
    .raw(
      `create function registration_word_list(full_name text, name_bangla text) returns text[]
      language sql immutable parallel safe
      as $$ select coalesce(array_agg(distinct word), '{}') from unnest(regexp_split_to_array(lower(coalesce(full_name, '') || ' ' || coalesce(name_bangla, '')), '${WORD_SEPARATORS}')) as word where word <> '' $$`,
    )
    .execute(db);
  // Byte order ("C"): every word starting with w lies in [w, w || U+10FFFF), whatever the server's locale.
  await sql`create table registration_words (word text collate "C" not null, registration_id integer not null)`.execute(db);
  await sql`insert into registration_words (word, registration_id)
    select word, id from scholarship_registrations, unnest(registration_word_list(full_name, name_bangla)) as word`.execute(db);
  // Built once over a season's words (a million students: ~6 million), not grown row by row.
  await sql`alter table registration_words add primary key (word, registration_id)`.execute(db);
  await sql`create function registration_words_insert() returns trigger language plpgsql as $$ begin
      insert into registration_words (word, registration_id)
        select word, added.id from added, unnest(registration_word_list(added.full_name, added.name_bangla)) as word;
      return null;
    end $$`.execute(db);
  await sql`create function registration_words_delete() returns trigger language plpgsql as $$ begin
      delete from registration_words using removed
        where registration_words.registration_id = removed.id and registration_words.word = any(registration_word_list(removed.full_name, removed.name_bangla));
      return null;
    end $$`.execute(db);
  await sql`create function registration_words_rename() returns trigger language plpgsql as $$ begin
      delete from registration_words where registration_id = old.id and word = any(registration_word_list(old.full_name, old.name_bangla));
      insert into registration_words (word, registration_id) select word, new.id from unnest(registration_word_list(new.full_name, new.name_bangla)) as word;
      return null;
    end $$`.execute(db);
  await sql`create trigger registration_words_insert after insert on scholarship_registrations
    referencing new table as added for each statement execute function registration_words_insert()`.execute(db);
  await sql`create trigger registration_words_delete after delete on scholarship_registrations
    referencing old table as removed for each statement execute function registration_words_delete()`.execute(db);
  await sql`create trigger registration_words_rename after update of full_name, name_bangla on scholarship_registrations for each row
    when (old.full_name is distinct from new.full_name or old.name_bangla is distinct from new.name_bangla) execute function registration_words_rename()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return;
  for (const trigger of ['registration_words_insert', 'registration_words_delete', 'registration_words_rename']) {
    await sql`drop trigger if exists ${sql.id(trigger)} on scholarship_registrations`.execute(db);
    await sql`drop function if exists ${sql.id(trigger)}()`.execute(db);
  }
  await sql`drop table if exists registration_words`.execute(db);
  await sql`drop function if exists registration_word_list(text, text)`.execute(db);
  await ginIndex(db);
}
