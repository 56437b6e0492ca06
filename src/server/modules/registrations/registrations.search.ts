/**
 * The registrations list's search over a season (architecture §8), answered from indexes:
 * - a number (ASCII or Bengali digits, a mobile with +880 accepted) matches the start of the
 *   registration number or the mobile number: a range over their b-tree indexes on SQLite, a
 *   prefix `like` over text_pattern_ops b-trees on PostgreSQL;
 * - any other text of three characters or more is a case-insensitive substring of the English or
 *   Bengali name: on SQLite a phrase over the FTS5 trigram index of the names (migration
 *   2026-11-23), which matches exactly the substrings, run beside the event loop in the read
 *   pool's worker threads; on PostgreSQL a `like` the pg_trgm indexes answer, matched once for a
 *   list's total and page. Trigrams need three
 *   characters, so a shorter text is left to the plain `like` scan over every searched column.
 */
import { type SqlBool, sql } from 'kysely';
import type { SearchMatch } from '../../lib/resource/definition.js';
import { normalizeMobile } from '../../../common/validation.js';
import { containsPattern } from '../../lib/resource/query.js';

/** The columns a registration search looks in (the indexes of its migration were built for these). */
export const SEARCH_COLUMNS = ['full_name', 'name_bangla', 'reg_no', 'contact_number'] as const;

const MIN_INDEXED_LENGTH = 3;

/** The whole text as one FTS5 string: nothing in it is query syntax (quotes are doubled). */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
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
  if ([...text].length < MIN_INDEXED_LENGTH) return undefined;
  if (dialect === 'postgres') {
    const pattern = containsPattern(text);
    const condition = sql<SqlBool>`(lower(scholarship_registrations.full_name) like lower(${pattern}) escape '\\' or lower(scholarship_registrations.name_bangla) like lower(${pattern}) escape '\\')`;
    // The trigram match is most of a search's cost: a list takes the ids once for its total and page (SearchMatch).
    return { ids: sql`select id from scholarship_registrations where ${condition}`, condition };
  }
  // FTS5's query parser ends a string at NUL; no name holds one, so the plain scan answers (nothing).
  if (text.includes('\u0000')) return undefined;
  // The ids, not a condition: a list evaluates the match (the costly part) once for its total and page,
  // on a worker thread of the read pool (db/read-pool.ts) so its CPU is not spent on the event loop.
  return { ids: sql`select rowid as id from registrations_search where registrations_search match ${ftsPhrase(text)}` };
}
