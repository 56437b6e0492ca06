import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadPool } from './read-pool.js';

const NAMES = ['Lamia Hossain', 'Rahim Uddin', 'Karim Hossain', 'Nusrat Jahan', 'রহিম উদ্দিন'];
/** The shape the registrations search sends: word prefixes over an FTS5 word index, its rowids. */
const MATCH = 'select rowid as id from names_search where names_search match ?';

let dir: string;
let file: string;
let writer: SQLite.Database;
let pool: ReadPool;

function insert(name: string): number {
  const id = Number(writer.prepare('insert into names (name) values (?)').run(name).lastInsertRowid);
  writer.prepare('insert into names_search (rowid, name) values (?, ?)').run(id, name);
  return id;
}

function inline(sql: string, ...parameters: unknown[]): number[] {
  return writer
    .prepare(sql)
    .pluck()
    .all(...parameters) as number[];
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-'));
  file = path.join(dir, 'app.sqlite');
  writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.exec(
    `create table names (id integer primary key, name text not null); create virtual table names_search using fts5(name, tokenize = "unicode61 categories 'L* N* Co M* Cf'", prefix = '2 3')`,
  );
  for (let i = 0; i < 400; i++) insert(`${NAMES[i % NAMES.length]} ${i}`);
  pool = new ReadPool(file, 2);
});

afterEach(async () => {
  await pool.close();
  writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ReadPool', () => {
  it('answers a query with the same ids as the app connection, starting workers only when used', async () => {
    expect(pool.running).toBe(0);
    for (const phrase of ['"hoss"*', '"উদ্দি"*', '"karim"* "1"*', '"nobody"*']) {
      const ids = await pool.firstColumn(MATCH, [phrase]);
      expect(ids).toEqual(inline(MATCH, phrase));
    }
    expect(await pool.firstColumn('select id from names where id between ? and ? order by id desc', [3, 6])).toEqual([6, 5, 4, 3]);
    expect(pool.running).toBe(1);
  });

  it('sees rows committed after the pool started', async () => {
    expect(await pool.firstColumn(MATCH, ['"zubair"'])).toEqual([]);
    const id = insert('Zubair Ahmed');
    expect(await pool.firstColumn(MATCH, ['"zubair"'])).toEqual([id]);
  });

  it("rejects a bad query with SQLite's message and code, and keeps answering", async () => {
    await expect(pool.firstColumn('select id from missing_table', [])).rejects.toMatchObject({
      message: expect.stringContaining('no such table: missing_table'),
      code: 'SQLITE_ERROR',
    });
    const inlineError = (() => {
      try {
        inline(MATCH, '"unterminated');
      } catch (error) {
        return error as { message: string; code: string };
      }
    })();
    await expect(pool.firstColumn(MATCH, ['"unterminated'])).rejects.toMatchObject({ message: inlineError!.message, code: inlineError!.code });
    expect(await pool.firstColumn(MATCH, ['"rahim"'])).toEqual(inline(MATCH, '"rahim"'));
  });

  it('answers many requests at once, each with its own result, on every worker', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => (i % 400) + 1);
    const answers = await Promise.all(ids.map((id) => pool.firstColumn('select id from names where id = ? or id = ? order by id', [id, id + 1000])));
    expect(answers).toEqual(ids.map((id) => [id]));
    expect(pool.running).toBe(2);
  });

  it('rejects the requests of a worker that dies and replaces it on the next request', async () => {
    const missing = new ReadPool(path.join(dir, 'not-yet.sqlite'));
    try {
      await expect(missing.firstColumn('select 1', [])).rejects.toMatchObject({ message: 'unable to open database file', code: 'SQLITE_CANTOPEN' });
      new SQLite(path.join(dir, 'not-yet.sqlite')).close();
      expect(await missing.firstColumn('select 7', [])).toEqual([7]);
    } finally {
      await missing.close();
    }
  });

  it('close() ends the workers; a request after it is refused', async () => {
    await Promise.all([pool.firstColumn('select 1', []), pool.firstColumn('select 2', [])]);
    expect(pool.running).toBeGreaterThan(0);
    await pool.close();
    expect(pool.running).toBe(0);
    await expect(pool.firstColumn('select 1', [])).rejects.toThrow('read pool closed');
  });

  it('close() lets the requests under way finish before it ends the workers', async () => {
    const under = new ReadPool(file, 1);
    // A query that keeps its worker busy for a while (a recursive count), asked just before the close.
    const slow = under.firstColumn('with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) from n', []);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await under.close();
    expect(await slow).toEqual([3000000]);
    expect(under.running).toBe(0);
  });
});
