import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connect.js';
import { gatherPlannerStatistics } from './planner-statistics.js';

let db: Kysely<unknown> | undefined;
let dir: string | undefined;

afterEach(async () => {
  await db?.destroy();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function fileWithRows(rows: number): Promise<Kysely<unknown>> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'planner-'));
  db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'app.sqlite') }, () => {}) as unknown as Kysely<unknown>;
  await sql`create table names (id integer primary key, institute integer not null, name text not null)`.execute(db);
  await sql`create index names_institute on names (institute)`.execute(db);
  await addRows(db, 0, rows);
  return db;
}

async function addRows(target: Kysely<unknown>, from: number, count: number): Promise<void> {
  await sql`with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${from + count - 1})
    insert into names (id, institute, name) select i + 1, i % 50, 'name ' || i from n`.execute(target);
}

async function statistics(target: Kysely<unknown>): Promise<{ idx: string | null; stat: string }[]> {
  const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(target);
  if (exists.rows[0]!.n === 0) return [];
  return (await sql<{ idx: string | null; stat: string }>`select idx, stat from sqlite_stat1 where tbl = 'names'`.execute(target)).rows;
}

describe('planner statistics on a file grown without ANALYZE', () => {
  it('are gathered at open for a table that has none', async () => {
    const target = await fileWithRows(5_000);
    expect(await statistics(target)).toEqual([]);
    await gatherPlannerStatistics(target, true);
    const stats = await statistics(target);
    expect(stats.find((s) => s.idx === 'names_institute')?.stat).toMatch(/^\d+ \d+/);
  });

  it('are gathered again once a table the connection uses has grown many times over', async () => {
    const target = await fileWithRows(1_000);
    await gatherPlannerStatistics(target, true);
    const before = (await statistics(target)).find((s) => s.idx === 'names_institute')!.stat;
    await addRows(target, 1_000, 60_000);
    await sql`select count(*) from names where institute = 3`.execute(target);
    await gatherPlannerStatistics(target, false);
    const after = (await statistics(target)).find((s) => s.idx === 'names_institute')!.stat;
    expect(Number(after.split(' ')[0])).toBeGreaterThan(Number(before.split(' ')[0]) * 10);
  });
});

describe('the server', () => {
  it('gathers them when it starts on a SQLite file', { timeout: 60_000 }, async () => {
    const { startTestApp } = await import('../test/test-app.js');
    const { buildApp } = await import('../app.js');
    const t = await startTestApp();
    await t.app.close();
    const file = (t.config.database as { file: string }).file;
    const grown = openDatabase({ dialect: 'sqlite', file }, () => {}) as unknown as Kysely<unknown>;
    await sql`create table names (id integer primary key, institute integer not null, name text not null)`.execute(grown);
    await sql`create index names_institute on names (institute)`.execute(grown);
    await addRows(grown, 0, 5_000);
    expect(await statistics(grown)).toEqual([]);
    await grown.destroy();
    const app = await buildApp(t.config);
    try {
      const stats = await statistics(app.db as unknown as Kysely<unknown>);
      expect(stats.find((s) => s.idx === 'names_institute')).toBeDefined();
    } finally {
      await app.close();
      await fs.rm(t.dataDir, { recursive: true, force: true });
    }
  });
});
