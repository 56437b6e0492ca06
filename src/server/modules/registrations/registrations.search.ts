/**
 * The registrations list's search on SQLite: a phrase over the FTS5 trigram index (migration
 * 2026-11-23), which matches exactly where the text is a case-insensitive substring of a searched
 * column. Trigrams need three characters, so a shorter text is left to the plain scan. PostgreSQL
 * answers the plain `like` from its pg_trgm indexes and needs nothing here.
 */
import { type Expression, type SqlBool, sql } from 'kysely';

const MIN_INDEXED_LENGTH = 3;

/** The whole text as one FTS5 string: nothing in it is query syntax (quotes are doubled). */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

export function registrationSearch(text: string, dialect: 'sqlite' | 'postgres'): Expression<SqlBool> | undefined {
  if (dialect !== 'sqlite' || [...text].length < MIN_INDEXED_LENGTH) return undefined;
  return sql<SqlBool>`scholarship_registrations.id in (select rowid from registrations_search where registrations_search match ${ftsPhrase(text)})`;
}
