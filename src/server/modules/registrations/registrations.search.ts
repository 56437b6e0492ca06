/**
 * The registrations list's search over a season (architecture §8, §10), answered from indexes:
 * - a number (ASCII or Bengali digits, a mobile with +880 accepted) matches the start of the
 *   registration number or the mobile number: a range over their b-tree indexes on SQLite, a
 *   prefix `like` over text_pattern_ops b-trees on PostgreSQL;
 * - any other text is split into words, and every word must be the start of a word of the
 *   student's English or Bengali name ("md kar" finds MD. KARIM, "রহি" finds রহিম; a fragment
 *   from a word's middle finds nothing): on SQLite prefix queries over the FTS5 word index
 *   (migration 2026-12-17), run beside the event loop in the read pool's worker threads; on
 *   PostgreSQL ranges of the b-tree of the names' words (migration 2026-12-26), one per typed word,
 *   intersected, read from the index alone; for a list's newest matches each typed word is expanded
 *   into the stored words it starts, whose ids the b-tree holds in id order (migration 2026-12-27).
 *   Either way the ids are matched once for a list's total and page; in a list filtered only by the
 *   columns the index keeps beside the words (status, institute, class, gender, fee status), the index
 *   applies the filters itself (migration 2026-12-28).
 */
import { type SqlBool, sql } from 'kysely';
import type { SearchMatch } from '../../lib/resource/definition.js';
import { normalizeMobile } from '../../../common/validation.js';
import { STATUS_ACTIVE } from '../../../common/constants.js';
import { WORD_SEPARATORS } from '../../db/migrations/2026-12-17-name-word-search.js';
import { NUMERIC_FACETS, SEARCH_FACETS } from '../../db/migrations/2026-12-28-search-facets.js';

const FACET_MARK = '\u{E000}';

/** The columns a registration search looks in (the indexes of its migration were built for these). */
export const SEARCH_COLUMNS = ['full_name', 'name_bangla', 'reg_no', 'contact_number'] as const;

// NUL too, which no stored name holds (PostgreSQL's text cannot) and FTS5's query parser would end a string at;
// and the facet tokens' mark, so a typed word never starts one (migration 2026-12-28-search-facets).
const SEPARATORS = new RegExp(`\\x00|${FACET_MARK}|${WORD_SEPARATORS}`, 'u');

/** The words of a typed name, split where the index splits names, lower-cased as it stores them. */
export function searchedWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(SEPARATORS)
    .filter((word) => word !== '');
}

/** FTS5: every word as the prefix of a term; quoted, a word is never query syntax (quotes are separators). */
function ftsPrefixes(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(' ');
}

/**
 * Whether the names' index holds every filter of a list (migration 2026-12-28-search-facets): each a
 * facet column, a number written as the column stores it (`012` equals 12 in SQL, not as a token).
 */
function facetsHeld(filters: Readonly<Record<string, string>>): boolean {
  return Object.entries(filters).every(([column, value]) => column in SEARCH_FACETS && (!NUMERIC_FACETS.has(column) || /^(0|[1-9]\d*)$/.test(value)));
}

/**
 * FTS5: a list's filters as a query over the `facets` column's tokens (the mark, the column's letter,
 * a number as written or a text in hex), after the typed words' query; the active are the rows
 * without a status token (migration 2026-12-28-search-facets).
 */
function withFacets(words: string, filters: Readonly<Record<string, string>>): string {
  const tokens = Object.entries(filters).filter(([column, value]) => !(column === 'status' && value === String(STATUS_ACTIVE)));
  const held = tokens.map(([column, value]) => {
    const letter = SEARCH_FACETS[column as keyof typeof SEARCH_FACETS];
    return ` "${FACET_MARK}${letter}${NUMERIC_FACETS.has(column) ? value : Buffer.from(value).toString('hex')}"`;
  });
  const active = filters.status === String(STATUS_ACTIVE) ? ` NOT "${FACET_MARK}${SEARCH_FACETS.status}"*` : '';
  return `(${words}${held.join('')})${active}`;
}

/** PostgreSQL: the students with a word starting with `word` (a range of the words' byte-ordered b-tree). */
function startingWith(word: string) {
  return sql`select registration_id as id from registration_words where word >= ${word} and word < ${`${word}\u{10FFFF}`}`;
}

/** The digits of a text that is a number (spaces and dashes allowed), else undefined. */
export function searchedNumber(text: string): string | undefined {
  const digits = normalizeMobile(text.trim());
  return /^\d+$/.test(digits) ? digits : undefined;
}

export function registrationSearch(text: string, dialect: 'sqlite' | 'postgres'): SearchMatch | undefined {
  const number = searchedNumber(text);
  if (number !== undefined) {
    if (dialect === 'postgres') {
      return sql<SqlBool>`(scholarship_registrations.reg_no like ${`${number}%`} or scholarship_registrations.contact_number like ${`${number}%`})`;
    }
    // ':' is the character after '9', so [n, n:) is every text starting with the digits n.
    const end = `${number}:`;
    return sql<SqlBool>`((scholarship_registrations.reg_no >= ${number} and scholarship_registrations.reg_no < ${end}) or (scholarship_registrations.contact_number >= ${number} and scholarship_registrations.contact_number < ${end}))`;
  }
  const words = searchedWords(text);
  // Only separators: no word to start a name's, so no name matches.
  if (words.length === 0) return sql<SqlBool>`1 = 0`;
  // The ids, not a condition: a list evaluates the match (the costly part) once for its total and page,
  // on SQLite on a worker thread of the read pool (db/read-pool.ts) so its CPU is not spent on the event loop.
  if (dialect === 'postgres') {
    // Inside a list filtered by other columns, or an export, the ids are a plain query the planner can
    // estimate (a prefix can start two words of one name: a single range is made distinct, an
    // intersection is already); a list's newest matches, filtered by the columns the index holds,
    // come from its stored words in id order (migrations 2026-12-27, 2026-12-28).
    const [first, ...rest] = words.map(startingWith);
    return {
      ids: rest.length === 0 ? sql`select distinct id from (${first}) as matched` : sql.join([first!, ...rest], sql` intersect `),
      within: (filters, count) =>
        facetsHeld(filters)
          ? sql`select id from registration_search_ids(${words}::text[], ${count}::integer, ${JSON.stringify(filters)}::jsonb) as id`
          : undefined,
    };
  }
  const matching = (terms: string) => sql`select rowid as id from registrations_search where registrations_search match ${terms}`;
  return {
    ids: matching(ftsPrefixes(words)),
    within: (filters) => (facetsHeld(filters) ? matching(withFacets(ftsPrefixes(words), filters)) : undefined),
  };
}
