/**
 * Reads long enough to hold the event loop (a season's rows): by the read pool's worker on SQLite, whose
 * better-sqlite3 would otherwise run them on the event loop; on the connection on PostgreSQL, which has none.
 */
import type { Compilable, Kysely } from 'kysely';
import type { ReadPool } from './read-pool.js';
import type { Database } from './types.js';

/** The first column of every row, as numbers (ids, counts). */
export async function firstColumnOf(db: Kysely<Database>, query: Compilable, readPool: ReadPool | undefined): Promise<number[]> {
  const compiled = query.compile();
  if (readPool) return readPool.firstColumn(compiled.sql, compiled.parameters);
  const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
  return rows.map((row) => Number(Object.values(row)[0]));
}

/** Every row, as objects. */
export async function rowsOf<Row>(db: Kysely<Database>, query: Compilable<Row>, readPool: ReadPool | undefined): Promise<Row[]> {
  const compiled = query.compile();
  if (readPool) return readPool.rows<Row>(compiled.sql, compiled.parameters);
  return (await db.executeQuery<Row>(compiled)).rows;
}
