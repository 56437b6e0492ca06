/**
 * A PostgreSQL connection lost while in use (a restart, a failover, an administrator's terminate) fails its
 * query and is reported; the process goes on and the pool serves the next query on a new connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DataPlace, newDataPlace } from '../test/server-process.js';
import { onPostgresServer } from '../test/test-app.js';
import { openDatabase } from './connect.js';

let place: DataPlace;
beforeAll(async () => {
  place = await newDataPlace('scholarship-connect-');
});
afterAll(async () => place.drop());

it('fails a query whose connection is terminated mid-transaction, reports it, and serves the next one', async () => {
  const reported: Error[] = [];
  const db = openDatabase({ dialect: 'postgres', url: place.databaseUrl! } as Parameters<typeof openDatabase>[0], (error) => reported.push(error));
  try {
    const pid = Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid);
    const held = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await sql`select pg_sleep(10)`.execute(trx);
    });
    // Heard from now on: the transaction may fail before the terminating statement has answered.
    const failed = expect(held).rejects.toThrow(/terminat/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await onPostgresServer(`select pg_terminate_backend(${pid})`);
    await failed;
    expect(reported.length).toBeGreaterThan(0);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one).toBe(1);
  } finally {
    await db.destroy();
  }
});
