/**
 * A PostgreSQL connection lost while in use (a restart, a failover, an administrator's terminate) fails its
 * query and is reported; the process goes on and the pool serves the next query on a new connection.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from './connect.js';

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `scholarship_connect_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
});
afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

it('fails a query whose connection is terminated mid-transaction, reports it, and serves the next one', async () => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  const reported: Error[] = [];
  const db = openDatabase({ dialect: 'postgres', url: url.toString() } as Parameters<typeof openDatabase>[0], (error) => reported.push(error));
  try {
    const pid = Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid);
    const held = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await sql`select pg_sleep(10)`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await expect(held).rejects.toThrow(/terminat/);
    expect(reported.length).toBeGreaterThan(0);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one).toBe(1);
  } finally {
    await db.destroy();
  }
});
