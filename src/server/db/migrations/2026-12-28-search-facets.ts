/**
 * A name search inside a filtered list (an institute's own students; a class, a gender, a fee status,
 * the deactivated) is answered by the names' index alone: beside each student's words it keeps the
 * columns those lists filter on, so a common surname's 50,000 matches are not each looked up in the
 * registrations table for their class or fee status (bench/results/analysis.md).
 * - SQLite: the FTS5 table gains a `facets` column of one token per filter column, each starting with
 *   U+E000 (private use, a word character to the tokenizer, never in a typed search: the search splits
 *   there), so `"karim"* "<U+E000>f756e70616964"` is the surname among the unpaid, intersected by FTS5's
 *   doclists. Text values are written in hex so any value is one token; the active have no status token. Its content is a view over the
 *   registrations that writes the tokens, and the update trigger rewrites a student's entry when a
 *   filter column changes too (a payment's approval, a deactivation, a corrected class).
 * - PostgreSQL: `registration_words` gains the same columns, carried in its primary key's index
 *   (INCLUDE), so a filtered list's words are read and filtered by an index-only scan;
 *   `registration_search_ids` takes the filters.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { up as nameWordSearch } from './2026-12-17-name-word-search.js';
import { down as wordTableDown, up as wordTable } from './2026-12-26-name-word-table.js';
import { down as mergeDown, up as merge } from './2026-12-27-name-search-merge.js';

/** Filter column → the letter after U+E000 in its token (registrations.search.ts writes the same). */
export const SEARCH_FACETS = { status: 's', institute_id: 'i', class: 'c', gender: 'g', fee_status: 'f' } as const;
export const NUMERIC_FACETS: ReadonlySet<string> = new Set(['status', 'institute_id']);
/** The status whose rows carry no status token on SQLite. */
const ACTIVE = 1;

const postgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * SQLite: the facet tokens of the row `row` (new, old or the table), separated by spaces. An active
 * row has no status token: a list of the active is the match without the rows that have one (NOT a
 * prefix query over the few), instead of an intersection with a token a whole season holds.
 */
function facetTokens(row: string): string {
  return Object.entries(SEARCH_FACETS)
    .map(([column, letter]) => {
      const token = `char(57344) || '${letter}' || ${NUMERIC_FACETS.has(column) ? `${row}.${column}` : `lower(hex(${row}.${column}))`}`;
      return column === 'status' ? `(case when ${row}.status = ${ACTIVE} then '' else ${token} end)` : token;
    })
    .join(` || ' ' || `);
}

const NAMES = ['full_name', 'name_bangla'];
const WATCHED = [...NAMES, ...Object.keys(SEARCH_FACETS)];
const deleteEntry = `insert into registrations_search(registrations_search, rowid, full_name, name_bangla, facets) values ('delete', old.id, old.full_name, old.name_bangla, ${facetTokens('old')});`;
const insertEntry = `insert into registrations_search(rowid, full_name, name_bangla, facets) values (new.id, new.full_name, new.name_bangla, ${facetTokens('new')});`;

const SQLITE_TRIGGERS = {
  registrations_search_delete: `create trigger registrations_search_delete after delete on scholarship_registrations begin ${deleteEntry} end`,
  // An update that writes a watched column without changing it (a status set again) leaves the index alone.
  registrations_search_update: `create trigger registrations_search_update after update of ${WATCHED.join(', ')} on scholarship_registrations
    when ${WATCHED.map((column) => `old.${column} is not new.${column}`).join(' or ')}
    begin ${deleteEntry} ${insertEntry} end`,
};

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql.raw('drop table if exists registrations_search').execute(db);
  await sql
    .raw(
      `create view registrations_search_source as select id, full_name, name_bangla, ${facetTokens('scholarship_registrations')} as facets from scholarship_registrations`,
    )
    .execute(db);
  await sql
    .raw(
      `create virtual table registrations_search using fts5(full_name, name_bangla, facets, content='registrations_search_source', content_rowid='id', tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M* Cf'", prefix='2 3', columnsize=0)`,
    )
    .execute(db);
  for (const trigger of Object.values(SQLITE_TRIGGERS)) await sql.raw(trigger).execute(db);
  await sql.raw(`insert into registrations_search(registrations_search) values ('rebuild')`).execute(db);
}

const FACET_COLUMNS = 'status, institute_id, class, gender, fee_status';
/** An institute's search reads its own rows when it has at most this many (registration_search_query). */
const OWN_ROWS = 1000;

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['registration_words_insert', 'registration_words_delete', 'registration_words_rename']) {
    await sql`drop trigger if exists ${sql.id(trigger)} on scholarship_registrations`.execute(db);
    await sql`drop function if exists ${sql.id(trigger)}()`.execute(db);
  }
  await mergeDown(db);
  // Written anew and indexed once (a season's ~6 million words), not updated row by row.
  await sql`create table registration_words_next (word text collate "C" not null, registration_id integer not null,
    status integer not null, institute_id integer not null, class text not null, gender text not null, fee_status text not null)`.execute(db);
  await sql
    .raw(
      `insert into registration_words_next select word, id, ${FACET_COLUMNS} from scholarship_registrations, unnest(registration_word_list(full_name, name_bangla)) as word`,
    )
    .execute(db);
  await sql`drop table registration_words`.execute(db);
  await sql`alter table registration_words_next rename to registration_words`.execute(db);
  await sql
    .raw(`alter table registration_words add constraint registration_words_pkey primary key (word, registration_id) include (${FACET_COLUMNS})`)
    .execute(db);
  await sql
    .raw(
      `create function registration_words_insert() returns trigger language plpgsql as $$ begin
      insert into registration_words select word, added.id, ${FACET_COLUMNS.replace(/(\w+)/g, 'added.$1')}
        from added, unnest(registration_word_list(added.full_name, added.name_bangla)) as word;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create function registration_words_delete() returns trigger language plpgsql as $$ begin
      delete from registration_words using removed
        where registration_words.registration_id = removed.id and registration_words.word = any(registration_word_list(removed.full_name, removed.name_bangla));
      return null;
    end $$`.execute(db);
  await sql
    .raw(
      `create function registration_words_change() returns trigger language plpgsql as $$ begin
      delete from registration_words where registration_id = old.id and word = any(registration_word_list(old.full_name, old.name_bangla));
      insert into registration_words select word, new.id, ${FACET_COLUMNS.replace(/(\w+)/g, 'new.$1')}
        from unnest(registration_word_list(new.full_name, new.name_bangla)) as word;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger registration_words_insert after insert on scholarship_registrations
    referencing new table as added for each statement execute function registration_words_insert()`.execute(db);
  await sql`create trigger registration_words_delete after delete on scholarship_registrations
    referencing old table as removed for each statement execute function registration_words_delete()`.execute(db);
  await sql
    .raw(
      `create trigger registration_words_change after update of ${WATCHED.join(', ')} on scholarship_registrations for each row
    when (${WATCHED.map((column) => `old.${column} is distinct from new.${column}`).join(' or ')}) execute function registration_words_change()`,
    )
    .execute(db);
  await searchFunctions(db);
}

/**
 * The search of 2026-12-27 with the list's filters: `facets` is a JSON object of filter column → value,
 * each a condition on every stored word's ids, answered from the index's included columns. Within one
 * institute of at most 1,000 students (nearly all: the seed's median institute has 36, its 99th percentile 268) the
 * institute's rows are read instead, newest first, each probed for a stored word of every typed word:
 * a common word's 50,000 index entries are not read for the handful of them that are the institute's.
 */
async function searchFunctions(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function registration_search_query(prefixes text[], wanted integer, facets jsonb) returns text language plpgsql stable as $$
    declare
      prefix text;
      past text;
      found_word text;
      words text[];
      terms text[] := '{}';
      statement text;
      unknown text := (select string_agg(key, ', ') from jsonb_object_keys(facets) as key where key <> all('{${Object.keys(SEARCH_FACETS).join(',')}}'));
      filter text := coalesce((select string_agg(format(' and %I = %L', key, value), '') from jsonb_each_text(facets)), '');
      -- One typed word: the newest ids of all its stored words are among each stored word's newest.
      newest text := case when cardinality(prefixes) = 1 and wanted is not null then format(' order by registration_id desc limit %s', wanted) else '' end;
      -- Each typed word's stored words; whether any typed word was read as a range instead.
      lists text[] := '{}';
      ranged boolean := false;
      own_rows integer;
    begin
      if unknown is not null then
        raise exception 'not a search facet: %', unknown;
      end if;
      if coalesce(cardinality(prefixes), 0) = 0 then
        return 'select null::integer as id where false';
      end if;
      foreach prefix in array prefixes loop
        -- Byte order: every word starting with the prefix lies before prefix || U+10FFFF.
        past := prefix || chr(1114111);
        words := '{}';
        select word into found_word from registration_words where word >= prefix and word < past order by word limit 1;
        while found_word is not null and cardinality(words) <= 32 loop
          words := words || found_word;
          found_word := (select word from registration_words where word > found_word and word < past order by word limit 1);
        end loop;
        if cardinality(words) = 0 then
          return 'select null::integer as id where false';
        elsif cardinality(words) > 32 then
          terms := terms || format('select registration_id as id from registration_words where word >= %L and word < %L%s', prefix, past, filter);
          ranged := true;
        else
          lists := lists || words::text;
          terms := terms || (select string_agg(format('(select registration_id as id from registration_words where word = %L%s%s)', word, filter, newest), ' union all ') from unnest(words) as word);
        end if;
      end loop;
      if not ranged and facets ? 'institute_id' then
        select count(*) into own_rows from (select from scholarship_registrations where institute_id = (facets->>'institute_id')::integer limit ${OWN_ROWS} + 1) as own;
        if own_rows <= ${OWN_ROWS} then
          -- The same filters, on the registrations' own columns.
          statement := 'select r.id from scholarship_registrations as r where true' || filter
            || (select string_agg(format(' and exists (select from registration_words as w where w.word = any(%L::text[]) and w.registration_id = r.id)', list), '') from unnest(lists) as list);
          return statement || ' order by r.id desc' || coalesce(' limit ' || wanted, '');
        end if;
      end if;
      statement := format('select distinct t1.id from (%s) as t1', terms[1]);
      for i in 2 .. cardinality(terms) loop
        statement := statement || format(' join (%s) as t%s on t%s.id = t1.id', terms[i], i, i);
      end loop;
      return statement || ' order by t1.id desc' || coalesce(' limit ' || wanted, '');
    end $$`,
    )
    .execute(db);
  await sql`create function registration_search_ids(prefixes text[], wanted integer, facets jsonb) returns setof integer language plpgsql stable as $$
    begin
      return query execute registration_search_query(prefixes, wanted, facets);
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (postgres(db)) await postgresUp(db);
  else await sqliteUp(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) {
    await nameWordSearch(db);
    await sql.raw('drop view if exists registrations_search_source').execute(db);
    return;
  }
  await sql`drop function if exists registration_search_ids(text[], integer, jsonb)`.execute(db);
  await sql`drop function if exists registration_search_query(text[], integer, jsonb)`.execute(db);
  await sql`drop trigger if exists registration_words_change on scholarship_registrations`.execute(db);
  await sql`drop function if exists registration_words_change()`.execute(db);
  await wordTableDown(db);
  await wordTable(db);
  await merge(db);
}
