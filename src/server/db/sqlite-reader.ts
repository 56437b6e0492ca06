/**
 * SQLite outside the app's connection for one long read (an export): the reader's connection and its rows
 * in batches. Kept apart from connect.ts so the export's worker thread (export/csv-worker.ts) loads the
 * driver alone, not Kysely or PostgreSQL's.
 */
import { setImmediate } from 'node:timers/promises';
import SQLite from 'better-sqlite3';

/**
 * A read-only connection of its own for one long read: better-sqlite3 refuses every other statement on a
 * connection while one iterates, so the app's connection stays free; with WAL the reader sees one
 * snapshot and never blocks the writer.
 */
export function openSqliteReader(file: string): SQLite.Database {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/**
 * Rows are handed on in small groups: rows still held when the young generation is collected get
 * promoted and then wait for a full collection, which is what made an export's memory grow. A group of
 * wide rows (a page's HTML, an audit entry's JSON) ends at GROUP_CHARS of text, so it stays as small in
 * memory as a group of registrations (the CSV worker's heap is bounded).
 */
const SQLITE_GROUP = 100;
const GROUP_CHARS = 512 * 1024;

/**
 * How long a read goes on before other work on its thread gets a turn. Its rows are read synchronously
 * and, while the socket takes every write at once (a client reading as fast as the server writes),
 * nothing else would make it wait: on the event loop, `/api/health` asked during a million-row export
 * was answered only after it (bench/results/2026-11-27-sqlite.md).
 */
const SQLITE_SLICE_MS = 10;

/**
 * One query's rows as arrays (no object per row), in batches. The connection is opened on the first pull
 * and closed when the rows end or the reading stops.
 */
export async function* sqliteBatches(file: string, query: { sql: string; parameters: readonly unknown[] }): AsyncGenerator<unknown[][]> {
  const reader = openSqliteReader(file);
  try {
    const rows = reader
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.parameters) as IterableIterator<unknown[]>;
    let batch: unknown[][] = [];
    let chars = 0;
    let sliceStarted = performance.now();
    for (const row of rows) {
      batch.push(row);
      for (const value of row) chars += typeof value === 'string' ? value.length : 8;
      if (batch.length === SQLITE_GROUP || chars >= GROUP_CHARS) {
        // The time includes the CSV or workbook writing of the batches pulled, done between the yields.
        yield batch;
        batch = [];
        chars = 0;
        if (performance.now() - sliceStarted >= SQLITE_SLICE_MS) {
          await setImmediate();
          sliceStarted = performance.now();
        }
      }
    }
    if (batch.length) yield batch;
  } finally {
    reader.close();
  }
}
