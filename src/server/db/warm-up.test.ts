import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.js';
import { ReadPool } from './read-pool.js';
import { warmUp, warmUpStatements } from './warm-up.js';

let dir: string;
let file: string;
let pool: ReadPool;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-up-'));
  file = path.join(dir, 'season.sqlite');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  await migrateToLatest(db);
  await db.destroy();
  pool = new ReadPool(file, 1);
});
afterAll(async () => {
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('warming a season file up at start', () => {
  it("walks every index of the hot tables, then the tables, the registrations' rows last, and each statement runs", async () => {
    const statements = await warmUpStatements(pool);
    expect(statements).toContain('select count(*) from "scholarship_registrations" indexed by "registrations_institute_status_id"');
    expect(statements).toContain('select count(*) from "registrations_search_data" not indexed');
    expect(statements.at(-1)).toBe('select count(*) from "scholarship_registrations" not indexed');
    expect(statements.findIndex((s) => s.includes('not indexed'))).toBeGreaterThan(statements.findLastIndex((s) => s.includes('indexed by')));
    // A partial index is left out: INDEXED BY cannot use it without its condition.
    expect(statements.some((s) => s.includes('"registrations_payment"'))).toBe(false);
    for (const statement of statements) await pool.rows(statement, []);
  });

  it('leaves a small file to its first requests', async () => {
    expect(await warmUp(file, pool)).toBeUndefined();
  });
});
