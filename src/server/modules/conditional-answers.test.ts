/**
 * Answers to phones are small and conditional (architecture §10): compressed as the client accepts,
 * lists that send each fact once, and ETags from change counters the writes bump, so an unchanged
 * list is a 304 that reads no rows.
 */
import zlib from 'node:zlib';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../test/test-app.js';

let t: TestApp;
let adminToken_: string;
let school: { token: string; id: number };
beforeAll(async () => {
  t = await startTestApp();
  adminToken_ = await adminToken(t);
  school = await instituteSession(t, 840);
  const api = client(t, school.token);
  for (let n = 0; n < 12; n++) expect((await api.post('/api/v1/scholarship-registrations/store', validStudent(n))).status).toBe(200);
});
afterAll(async () => t.close());

const LIST = '/api/v1/scholarship-registrations?paginate=100';
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers } });
const today = () => new Date().toISOString().slice(0, 10);

describe('compression', () => {
  it('sends a list with brotli or gzip as the client accepts, and plain otherwise', async () => {
    const plain = await get(LIST, school.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(LIST, school.token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await get(LIST, school.token, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await get(LIST, school.token, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small answer and a streamed export as they are', async () => {
    const small = await get('/api/v1/scholarship-payments/deposit-info', school.token, { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/export-data',
      headers: { authorization: `Bearer ${school.token}`, 'accept-encoding': 'br, gzip' },
      payload: { model: 'Registration', export_title: 'list' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-encoding']).toBeUndefined();
  });
});

describe('each fact once', () => {
  it('lists registrations without the info copy, and their abilities once per kind', async () => {
    const list = (await get(LIST, school.token)).json() as { data: { data: Record<string, unknown>[] }; policies: { ids: number[] }[] };
    expect(list.data.data.length).toBe(12);
    for (const row of list.data.data) expect(row).not.toHaveProperty('info');
    expect(list.policies).toHaveLength(1);
    expect(list.policies[0]!.ids).toHaveLength(12);
  });
});

describe('conditional answers', () => {
  const etagOf = async (url: string, token = school.token) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    return String(res.headers.etag);
  };

  it('answers an unchanged list 304 without reading its rows', async () => {
    const etag = await etagOf(LIST);
    // The rows are made unreadable: only the counters are read.
    await sql`alter table scholarship_registrations rename to registrations_away`.execute(t.app.db);
    try {
      const again = await get(LIST, school.token, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    } finally {
      await sql`alter table registrations_away rename to scholarship_registrations`.execute(t.app.db);
    }
    // Another page, another language, another caller: another tag.
    expect(await etagOf(`${LIST}&page=2`)).not.toBe(etag);
    expect(String((await get(LIST, school.token, { 'accept-language': 'bn' })).headers.etag)).not.toBe(etag);
    expect(await etagOf(LIST, adminToken_)).not.toBe(etag);
  });

  it('changes the tag of a list and a dashboard after every kind of write to them', async () => {
    const api = client(t, school.token);
    const admin = client(t, adminToken_);
    const DASHBOARD = '/api/v1/scholarship-registrations/analytics';
    const PAYMENTS = '/api/v1/scholarship-payments';
    const tags = async () => [await etagOf(LIST), await etagOf(DASHBOARD), await etagOf(PAYMENTS), await etagOf(LIST, adminToken_)];
    const changedBy = async (write: () => Promise<{ status: number }>) => {
      const before = await tags();
      expect((await write()).status).toBe(200);
      const after = await tags();
      for (let i = 0; i < before.length; i++) expect(after[i], `answer ${i}`).not.toBe(before[i]);
    };
    let id = 0;
    await changedBy(async () => {
      const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(50));
      id = (res.body.data as { id: number }).id;
      return res;
    });
    await changedBy(() => api.post('/api/v1/scholarship-registrations/update', { id, ...validStudent(51) }));
    await changedBy(() => api.post('/api/v1/scholarship-registrations/soft-delete', { id }));
    await changedBy(() => admin.post('/api/v1/scholarship-registrations/restore', { id }));
    await changedBy(() => api.post('/api/v1/scholarship-registrations/destroy', { id }));
    const payment = { payment_method: 'bkash', amount: '200', transaction_id: `ETAG${Date.now().toString(36)}`, date: today() };
    let paymentId = 0;
    await changedBy(async () => {
      const res = await api.post(`${PAYMENTS}/store`, payment);
      paymentId = (res.body.data as { id: number }).id;
      return res;
    });
    await changedBy(() => admin.post(`${PAYMENTS}/update`, { id: paymentId, ...payment, institute_id: school.id, is_approved: 1 }));
  });

  it('bumps a counter once per transaction on PostgreSQL, however many rows it changes', async () => {
    const versions = async () =>
      Object.fromEntries(
        (
          await t.app.db
            .selectFrom('change_versions')
            .select(['scope', 'version'])
            .where('scope', 'in', ['season', `institute:${school.id}`])
            .execute()
        ).map((row) => [row.scope, Number(row.version)]),
      );
    const before = await versions();
    // Two statements over the school's registrations: every row changed twice in one transaction.
    await t.app.db.transaction().execute(async (trx) => {
      for (const post_office of ['ONE', 'TWO'])
        await trx.updateTable('scholarship_registrations').set({ post_office }).where('institute_id', '=', school.id).execute();
    });
    const after = await versions();
    for (const scope of Object.keys(before)) {
      // SQLite bumps per row, in place; PostgreSQL once: each bump of a row in one transaction is a version to walk past.
      if (t.app.config.database.dialect === 'postgres') expect(after[scope], scope).toBe(before[scope]! + 1);
      else expect(after[scope], scope).toBeGreaterThan(before[scope]!);
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')('takes the counters in one order, so writes for several institutes at once do not deadlock', async () => {
    const other = await instituteSession(t, 842);
    expect((await client(t, other.token).post('/api/v1/scholarship-registrations/store', validStudent(70))).status).toBe(200);
    const [x, y] = await t.app.db.selectFrom('scholarship_registrations').select('id').where('institute_id', '=', school.id).limit(2).execute();
    const touch = (trx: Transaction<Database>, where: 'institute_id' | 'id', value: number) =>
      trx.updateTable('scholarship_registrations').set({ post_office: 'ORDER' }).where(where, '=', value).execute();
    // The counters' triggers fire at each statement's end here, so the two interleave as two commits' triggers can:
    // the first changes the other institute's row and then one of the school's, the second another of the school's.
    let firstGoesOn!: () => void;
    const goOn = new Promise<void>((resolve) => (firstGoesOn = resolve));
    let firstHolds!: () => void;
    const holding = new Promise<void>((resolve) => (firstHolds = resolve));
    const first = t.app.db.transaction().execute(async (trx) => {
      await sql`set constraints all immediate`.execute(trx);
      await touch(trx, 'institute_id', other.id);
      firstHolds();
      await goOn;
      await touch(trx, 'id', x!.id);
    });
    await holding;
    const second = t.app.db.transaction().execute(async (trx) => {
      await sql`set constraints all immediate`.execute(trx);
      await touch(trx, 'id', y!.id);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    firstGoesOn();
    expect(await Promise.allSettled([first, second])).toEqual([
      { status: 'fulfilled', value: undefined },
      { status: 'fulfilled', value: undefined },
    ]);
  });

  it('keeps an institute’s tag when another institute writes', async () => {
    const etag = await etagOf(LIST);
    const other = client(t, (await instituteSession(t, 841)).token);
    expect((await other.post('/api/v1/scholarship-registrations/store', validStudent(60))).status).toBe(200);
    expect((await get(LIST, school.token, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('tags the menus and the settings by their own counters', async () => {
    const admin = client(t, adminToken_);
    const MENUS = '/api/v1/web-page-menu';
    const menus = await etagOf(MENUS, adminToken_);
    expect((await get(MENUS, adminToken_, { 'if-none-match': menus })).statusCode).toBe(304);
    expect((await admin.post(`${MENUS}/store`, { title: 'Etag menu', content_url: '/etag-menu' })).status).toBe(200);
    expect((await get(MENUS, adminToken_, { 'if-none-match': menus })).statusCode).toBe(200);

    const FIELDS = '/api/v1/settings/fields';
    const fields = await etagOf(FIELDS, adminToken_);
    expect((await get(FIELDS, adminToken_, { 'if-none-match': fields })).statusCode).toBe(304);
    await t.app.db.updateTable('setting_values').set({ value: '01700000000' }).where('key', '=', 'bkash_number').execute();
    expect((await get(FIELDS, adminToken_, { 'if-none-match': fields })).statusCode).toBe(200);
  });
});
