import { randomBytes } from 'node:crypto';
import { on, once } from 'node:events';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_READER_NAME } from '../../db/connect.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { neutralise } from './csv.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const BOM = '\uFEFF';
const postgres = process.env.TEST_DB === 'postgres';

/**
 * Notice categories with long titles: by default about 3 MB of CSV, so the download outlasts the sockets' buffers.
 * Random titles do not shrink in a zip (an .xlsx), repeated letters do.
 */
async function insertNoticeCategories(prefix: string, count = 30_000, titleLength = 100, random = false): Promise<void> {
  const long = 'x'.repeat(titleLength);
  const rows = Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i} ${random ? randomBytes(titleLength).toString('base64').slice(0, titleLength) : long}`,
    slug: `${prefix.toLowerCase()}-${i}`,
    creator: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.app.db
      .insertInto('notice_categories')
      .values(rows.slice(i, i + 500))
      .execute();
}

let port: number | undefined;

/**
 * Starts a download on a socket of its own (node:http, no agent, so stopping it really closes the
 * connection) and reads its first piece, leaving the rest unread.
 */
async function startDownload(body: Record<string, unknown>) {
  port ??= Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  const request = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: '/api/v1/export-data',
    agent: false,
    headers: { authorization: `Bearer ${await adminToken(t)}`, 'content-type': 'application/json' },
  });
  request.end(JSON.stringify(body));
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  response.setEncoding('utf8');
  const [first] = (await once(response, 'data')) as [string];
  response.pause();
  return {
    first,
    /** The client walks away: the connection closes with the rest unread. */
    stop: () => request.destroy(),
    async rest(): Promise<string> {
      let text = first;
      for await (const part of response) text += part as string;
      return text;
    },
  };
}

const idsOf = (csv: string) =>
  csv
    .slice(1)
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 50))) if (await check()) return true;
  return check();
}

describe('CSV export', () => {
  it('streams the filtered list with a BOM, Bengali intact and a file name in Content-Disposition', async () => {
    await admin.post('/api/v1/notice-categories/store', { title: 'ভর্তি বিজ্ঞপ্তি' });
    await admin.post('/api/v1/notice-categories/store', { title: 'Exam routine' });
    const res = await admin.post('/api/v1/export-data', { model: 'notice-categories', export_title: 'Notice categories', search: 'ভর্তি' });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toMatch(/^attachment; filename="notice-categories-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.raw.body;
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toBe('ID,Title,Slug,Status,Created at,Updated at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('ভর্তি বিজ্ঞপ্তি');
  });

  it('neutralises cells Excel would run as formulas', async () => {
    await admin.post('/api/v1/blog-categories/store', { title: '=HYPERLINK("http://evil","x")' });
    await admin.post('/api/v1/blog-categories/store', { title: '@SUM(1)' });
    const text = (await admin.post('/api/v1/export-data', { model: 'blog-categories', columns: ['title'] })).raw.body;
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(text).toContain("'@SUM(1)");
    for (const cell of ['=1+1', '+1', '-1', '@x', '\tx', '\rx']) expect(neutralise(cell)).toBe(`'${cell}`);
    expect(neutralise('plain')).toBe('plain');
  });

  it('streams more rows than one batch, each once, newest first', async () => {
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      title: `Row ${i}`,
      slug: `row-${i}`,
      creator: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.db
        .insertInto('news_categories')
        .values(rows.slice(i, i + 500))
        .execute();
    const text = (await admin.post('/api/v1/export-data', { model: 'news-categories', columns: ['id', 'title'] })).raw.body;
    const ids = text
      .slice(1)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(2100);
    expect(new Set(ids).size).toBe(2100);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('writes rows far wider than a registration whole, each once (on PostgreSQL a FETCH takes as many as fit the worker heap)', async () => {
    // 150 titles of 200,000 characters: 30 MB of text, more than the PostgreSQL CSV worker's heap holds at once.
    await insertNoticeCategories('Wide', 150, 200_000);
    const text = (await admin.post('/api/v1/export-data', { model: 'notice-categories', columns: ['id', 'title'], search: 'Wide ' })).raw.body;
    const lines = text.slice(1).trim().split('\n').slice(1);
    expect(lines).toHaveLength(150);
    for (const line of lines) expect(line).toMatch(/^\d+,Wide \d+ x{200000}$/);
  });

  it('reads one snapshot while the client downloads, and other requests and writes go on meanwhile', async () => {
    const long = 'x'.repeat(100);
    const rows = Array.from({ length: 30_000 }, (_, i) => ({
      title: `Big ${i} ${long}`,
      slug: `big-${i}`,
      creator: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.db
        .insertInto('blog_categories')
        .values(rows.slice(i, i + 500))
        .execute();
    const download = await startDownload({ model: 'blog-categories', columns: ['id', 'title'], search: 'Big ' });
    // The download is open and unread: a list and a write are answered at once, not after it.
    expect((await admin.get('/api/v1/blog-categories')).status).toBe(200);
    expect((await admin.post('/api/v1/blog-categories/store', { title: 'Big late arrival' })).status).toBe(200);
    const text = await download.rest();
    const lines = text.slice(1).trim().split('\n').slice(1);
    expect(lines).toHaveLength(30_000);
    expect(text).not.toContain('late arrival');
  });

  it('answers other requests while a client reads the export as fast as it is written', async () => {
    // About 30 MB, read by a client on a thread of its own: the socket takes every write at once, so only
    // the export's own turns let the health check in before the last byte.
    await insertNoticeCategories('Fast', 30_000, 1000);
    port ??= Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const reader = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const at = () => performance.timeOrigin + performance.now();
      (async () => {
        const answer = await fetch(workerData.url, { method: 'POST', headers: workerData.headers, body: workerData.body });
        let bytes = 0;
        for await (const piece of answer.body) {
          if (bytes === 0) parentPort.postMessage({ first: at() });
          bytes += piece.length;
        }
        parentPort.postMessage({ done: at(), bytes });
      })();`,
      {
        eval: true,
        workerData: {
          url: `http://127.0.0.1:${port}/api/v1/export-data`,
          headers: { authorization: `Bearer ${await adminToken(t)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'notice-categories', columns: ['id', 'title'], search: 'Fast ' }),
        },
      },
    );
    try {
      const messages = on(reader, 'message');
      await messages.next();
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      const answered = performance.timeOrigin + performance.now();
      expect(health.status).toBe(200);
      const { value } = (await messages.next()) as { value: [{ done: number; bytes: number }] };
      expect(value[0].bytes).toBeGreaterThan(30_000_000);
      expect(answered).toBeLessThan(value[0].done);
    } finally {
      await reader.terminate();
    }
  });

  it('keeps to the snapshot it started on: rows inserted or deleted during the download change nothing, no row comes twice', async () => {
    await insertNoticeCategories('Snap');
    const before = await t.app.db.selectFrom('notice_categories').select('id').where('title', 'like', 'Snap %').orderBy('id', 'desc').execute();
    const download = await startDownload({ model: 'notice-categories', columns: ['id', 'title'], search: 'Snap ' });
    // Writes while the client has read one piece: new rows (newest, so first in the order) and the oldest rows gone.
    await insertNoticeCategories('Snap late', 1000);
    await t.app.db
      .deleteFrom('notice_categories')
      .where(
        'id',
        'in',
        before.slice(-500).map((row) => row.id),
      )
      .execute();
    const ids = idsOf(await download.rest());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(before.map((row) => row.id));
  });

  it.each(['csv', 'xlsx'] as const)('leaves no reader or transaction open when the client aborts mid-download (%s)', async (format) => {
    // About 12 MB (the .xlsx ~18 MB zipped), well beyond what the kernel buffers of a connection can take while the client does not read.
    const prefix = `Abort ${format}`;
    await insertNoticeCategories(prefix, format === 'xlsx' ? 40_000 : 20_000, 600, format === 'xlsx');
    // With a column of codes (status), so the rows pass through the labelling too.
    const download = await startDownload({ model: 'notice-categories', columns: ['id', 'title', 'status'], search: `${prefix} `, format });
    expect(download.first.length).toBeGreaterThan(0);
    // PostgreSQL: the export's connection (not the pool's) is listed while open. SQLite: a reader still in
    // its snapshot keeps a checkpoint from copying the pages written after it began.
    let writes = 0;
    const readerOpen = async () => {
      if (postgres) {
        const { rows } = await sql<{
          count: number;
        }>`select count(*) as count from pg_stat_activity where datname = current_database() and application_name = ${POSTGRES_READER_NAME}`.execute(t.app.db);
        return Number(rows[0]!.count) > 0;
      }
      await insertNoticeCategories(`After abort ${format} ${++writes}`, 1);
      const { rows } = await sql<{ log: number; checkpointed: number }>`pragma wal_checkpoint(passive)`.execute(t.app.db);
      return rows[0]!.checkpointed < rows[0]!.log;
    };
    // The .xlsx's first piece (the zip's first header) may come before the reader has opened.
    expect(await eventually(readerOpen)).toBe(true);
    download.stop();
    expect(await eventually(async () => !(await readerOpen()))).toBe(true);
    expect((await admin.get('/api/v1/notice-categories')).status).toBe(200);
  });

  it.each([
    [{ model: 'secrets' }, 'model'],
    [{ model: '' }, 'model'],
    [{ model: 'users', columns: ['password_hash'] }, 'columns'],
    [{ model: 'news-categories', conditions: { password_hash: 'x' } }, 'conditions'],
    [{ model: 'news-categories', conditions: '{"title":{"exec":"x"}}' }, 'conditions'],
    [{ model: 'news-categories', status: 5 }, 'status'],
  ])('refuses %o with a 422 on %s', async (body, field) => {
    const res = await admin.post('/api/v1/export-data', body);
    expect(res.status).toBe(422);
    expect(res.body.data).toHaveProperty(field);
  });

  it('refuses an institute an admin-only export', async () => {
    const { token } = await instituteSession(t, 300);
    expect((await client(t, token).post('/api/v1/export-data', { model: 'users' })).status).toBe(403);
  });
});
