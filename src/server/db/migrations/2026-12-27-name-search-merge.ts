/**
 * PostgreSQL's name search reads the names' words by the stored word instead of by a typed prefix's
 * range. A typed word (a prefix) is first expanded into the stored words it starts, one b-tree probe
 * each (a loose index scan: a prefix of a few letters starts a handful of a season's words); each
 * stored word's ids then come from the primary key (word, registration_id) in id order, so one typed
 * word needs only each stored word's newest ids instead of sorting all its 50,000 matches, and two
 * typed words of one stored word each are merged by id instead of hashed (bench/results/analysis.md).
 * A prefix starting more than 32 stored words (a letter or two) is read as one range, as before.
 * `registration_search_query` writes the query, `registration_search_ids` runs it; `wanted` is how
 * many of the newest ids a list needs (null: all, for an export).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const postgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return;
  await sql`create function registration_search_query(prefixes text[], wanted integer) returns text language plpgsql stable as $$
    declare
      prefix text;
      past text;
      found_word text;
      words text[];
      terms text[] := '{}';
      statement text;
      -- One typed word: the newest ids of all its stored words are among each stored word's newest.
      newest text := case when cardinality(prefixes) = 1 and wanted is not null then format(' order by registration_id desc limit %s', wanted) else '' end;
    begin
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
          terms := terms || format('select registration_id as id from registration_words where word >= %L and word < %L', prefix, past);
        else
          terms := terms || (select string_agg(format('(select registration_id as id from registration_words where word = %L%s)', word, newest), ' union all ') from unnest(words) as word);
        end if;
      end loop;
      statement := format('select distinct t1.id from (%s) as t1', terms[1]);
      for i in 2 .. cardinality(terms) loop
        statement := statement || format(' join (%s) as t%s on t%s.id = t1.id', terms[i], i, i);
      end loop;
      return statement || ' order by t1.id desc' || coalesce(' limit ' || wanted, '');
    end $$`.execute(db);
  await sql`create function registration_search_ids(prefixes text[], wanted integer) returns setof integer language plpgsql stable as $$
    begin
      return query execute registration_search_query(prefixes, wanted);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return;
  await sql`drop function if exists registration_search_ids(text[], integer)`.execute(db);
  await sql`drop function if exists registration_search_query(text[], integer)`.execute(db);
}
