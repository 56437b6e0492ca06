/**
 * One thread of the SQLite read pool (read-pool.ts): a read-only connection of its own to the app's
 * database file, answering { id, sql, parameters } with the first column of every row as a
 * Float64Array (transferred, not copied), with `rows: true` every row as an object, with `table: true`
 * every column of every row as numbers, row after row, in one transferred Float64Array, or { id, error }
 * with SQLite's message and code.
 * Plain JavaScript: vitest and the compiled server (dist/node) both load it as it is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const STATEMENT_CACHE_SIZE = 100;

/**
 * SQLite's page cache for this connection, in KiB: the search index's pages for common words are read
 * by nearly every search; 32 MB instead of the default 2 MB keeps them (−8% a search, measured on the trigram index before the word index).
 */
const PAGE_CACHE_KIB = 32768;

/** SQLite's error as a plain Error: a worker's uncaught SqliteError reaches the pool without its message. */
function plainError(error) {
  return Object.assign(new Error(String(error?.message ?? error)), { code: error?.code });
}

function open(file) {
  try {
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    return sqlite;
  } catch (error) {
    throw plainError(error);
  }
}

// WAL: each statement reads the last commit, and a reader never blocks the app's writer.
const sqlite = open(workerData.file);

/** Prepared statements by SQL text, least recently used dropped first (a Map keeps insertion order). */
const statements = new Map();

function statementFor(source, mode) {
  const key = `${mode}:${source}`;
  let statement = statements.get(key);
  if (statement) {
    statements.delete(key);
  } else {
    statement = mode === 'rows' ? sqlite.prepare(source) : mode === 'table' ? sqlite.prepare(source).raw() : sqlite.prepare(source).pluck();
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
  }
  statements.set(key, statement);
  return statement;
}

/** Every value of every row, row after row, as numbers (a null is NaN). */
function table(rows) {
  const width = rows[0]?.length ?? 0;
  const values = new Float64Array(rows.length * width);
  let i = 0;
  for (const row of rows) for (const value of row) values[i++] = value === null ? NaN : Number(value);
  return { values, width };
}

parentPort.on('message', ({ id, sql, parameters, rows, table: asTable }) => {
  try {
    if (rows) {
      parentPort.postMessage({ id, rows: statementFor(sql, 'rows').all(...parameters) });
      return;
    }
    if (asTable) {
      const { values, width } = table(statementFor(sql, 'table').all(...parameters));
      parentPort.postMessage({ id, values, width }, [values.buffer]);
      return;
    }
    const values = Float64Array.from(statementFor(sql, 'first').all(...parameters), Number);
    parentPort.postMessage({ id, values }, [values.buffer]);
  } catch (error) {
    const { message, code } = plainError(error);
    parentPort.postMessage({ id, error: { message, code } });
  }
});
