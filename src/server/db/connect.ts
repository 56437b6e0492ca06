/** Opens the database the configuration names: a SQLite file (default) or PostgreSQL. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './types.js';

// COUNT(*) and SUM() come back as int8; our counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Dialect = Config['database']['dialect'];

/** `onError` hears of connections the server drops while they sit idle (a restart, a failover). */
export function openDatabase(database: Config['database'], onError: (error: Error) => void): Kysely<Database> {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // Without a listener an idle connection's error would end the process.
    pool.on('error', onError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  // WAL lets readers run beside the writer; NORMAL is durable with WAL except on power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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

/**
 * A read-only connection of its own for one long read (the CSV export): better-sqlite3 refuses every
 * other statement on a connection while one iterates, so the app's connection stays free; with WAL the
 * reader sees one snapshot and never blocks the writer.
 */
export function openSqliteReader(file: string): SQLite.Database {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** The application_name of a PostgreSQL reader's connection (visible in pg_stat_activity). */
export const POSTGRES_READER_NAME = 'csv-export';

/**
 * A PostgreSQL connection of its own for one long read (the CSV export's cursor), outside the pool, so
 * downloads never take the connections other requests need; closing it ends whatever it had open.
 */
export async function openPostgresReader(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: POSTGRES_READER_NAME });
  // An error while idle (the server restarting) must not end the process; the next query fails instead.
  client.on('error', () => {});
  await client.connect();
  return client;
}
