/**
 * Many rows in one insert, for the season's long jobs (result processing, publication): the SQL text of
 * a full batch is built once per table and dialect, so the statement cache finds it again and Kysely
 * does not rebuild a query of thousands of values each time.
 */
import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from './types.js';

const texts = new Map<string, string>();

/**
 * Inserts `rows` (values in the order of `columns`) into `table`; keep a batch under 30,000 values (SQLite's limit is 32,766).
 * `ignoreConflicts`: a row that a unique key already holds is skipped, not an error (a job run again). Answers the rows inserted.
 */
export async function insertRows(
  db: Kysely<Database>,
  table: keyof Database,
  columns: readonly string[],
  rows: readonly unknown[][],
  { ignoreConflicts = false } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const key = `${pg ? 'pg' : 'sqlite'}:${table}:${columns.join(',')}:${rows.length}:${ignoreConflicts}`;
  let text = texts.get(key);
  if (!text) {
    let n = 0;
    const placeholder = () => (pg ? `$${++n}` : '?');
    const row = () => `(${columns.map(placeholder).join(', ')})`;
    text = `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows.length }, row).join(', ')}${ignoreConflicts ? ' on conflict do nothing' : ''}`;
    // Full batches repeat; a last, shorter one is built again rather than kept.
    if (texts.size < 100) texts.set(key, text);
  }
  const result = await db.executeQuery(CompiledQuery.raw(text, rows.flat()));
  return Number(result.numAffectedRows ?? 0);
}
