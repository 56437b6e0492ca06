/**
 * What a server does to the database before it serves (migrations, seeds) must happen once even when
 * several servers start together on one PostgreSQL database (architecture §9): each holds a
 * session-level advisory lock while it prepares, so the others wait, then find the work done.
 * Kysely's migrator locks only the migrations; the seeds (the first admin) would race. A SQLite file
 * belongs to one server, so there is nothing to wait for.
 */
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';

/** Any fixed 64-bit number the app uses for nothing else (Kysely's migrator takes another). */
const START_LOCK = 7_201_151_126;

export async function oncePerDatabase<DB, T>(db: Kysely<DB>, dialect: Config['database']['dialect'], prepare: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return prepare(db);
  // A session-level lock lives on one connection, so everything under it runs on that connection.
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(START_LOCK)})`.execute(connection);
    try {
      return await prepare(connection);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(START_LOCK)})`.execute(connection);
    }
  });
}
