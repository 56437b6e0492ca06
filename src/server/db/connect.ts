/** Opens the database the configuration names: a SQLite file (default) or PostgreSQL. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { setImmediate } from 'node:timers/promises';
import { type Driver, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './types.js';
import { statementNames } from './prepared.js';
// Also sets the driver's int8 parsing, which the pool's queries rely on as much as the reader's.
export { POSTGRES_READER_NAME, openPostgresReader } from './postgres-reader.js';
export { openSqliteReader } from './sqlite-reader.js';

export type Dialect = Config['database']['dialect'];

/** Each PostgreSQL database's connection pool, for the metrics of its waits (lib/metrics). */
export const poolOf = new WeakMap<Kysely<Database>, pg.Pool>();

/** `onError` hears of connections the server drops while they sit idle (a restart, a failover). */
export function openDatabase(database: Config['database'], onError: (error: Error) => void): Kysely<Database> {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // Without a listener an idle connection's error would end the process.
    pool.on('error', onError);
    pool.on('connect', runPreparedByName);
    // A connection in use has no pool listener: lost mid-query (a restart, a failover, a terminated backend), its
    // query fails with the error and the connection leaves the pool, while its 'error' event would end the process.
    pool.on('connect', (client) => client.on('error', onError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolOf.set(db, pool);
    return db;
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  // WAL lets readers run beside the writer; NORMAL is durable with WAL except on power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new TurnTakingSqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** How long SQLite's connection goes from holder to holder before the event loop gets a turn. */
const SQLITE_TURN_MS = 10;

/**
 * SQLite's one connection passes from one request's query or transaction to the next waiting one by
 * promises, so while requests wait for it (a burst of payment approvals) the event loop never turns: no
 * connection was accepted and no request read until the queue ran dry. Measured with 32 admins approving
 * at once, new connections were accepted ~170 ms apart and their first requests waited up to 3.5 s, while
 * requests on open connections were answered in ~0.3 s. Every SQLITE_TURN_MS the next holder first lets
 * the loop turn; the queue's order stays as it was.
 */
class TurnTakingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    let turnStarted = performance.now();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      if (performance.now() - turnStarted >= SQLITE_TURN_MS) {
        await setImmediate();
        turnStarted = performance.now();
      }
      return connection;
    };
    return driver;
  }
}

/**
 * A pool connection runs the SQL of a prepared query (prepared.ts) as a named statement: parsed and
 * planned once per connection. Kysely passes only the text and values, so the name is found by the text.
 */
function runPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    return name ? query({ name, text, values: rest[0] }) : query(text, ...rest);
  }) as typeof client.query;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; preparing costs about as much as running a small indexed
 * query (architecture §8). Each SQL text is prepared once and reused, the least recently used
 * dropped beyond STATEMENT_CACHE_SIZE. A statement still iterating (a stream) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}
