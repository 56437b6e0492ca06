/**
 * The admin's registration list and its export narrowed to one institute (`institute_id`), as the
 * list's institute filter sends it; an institute naming another is still kept to its own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let one: Awaited<ReturnType<typeof instituteSession>>;
let two: Awaited<ReturnType<typeof instituteSession>>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  one = await instituteSession(t, 890);
  two = await instituteSession(t, 891);
  for (const n of [1, 2]) await client(t, one.token).post('/api/v1/scholarship-registrations/store', validStudent(n, { name_english: `first school ${n}` }));
  await client(t, two.token).post('/api/v1/scholarship-registrations/store', validStudent(1, { name_english: 'second school 1' }));
});
afterAll(async () => t.close());

type Page = { data: { full_name: string; institute_id: number }[]; total: number };

describe("the admin's institute filter", () => {
  it('lists only the chosen institute’s students, with their number', async () => {
    const page = (await admin.get(`/api/v1/scholarship-registrations?institute_id=${one.id}&relations=institute`)).body.data as Page;
    expect(page.total).toBe(2);
    expect(page.data.map((row) => row.full_name).sort()).toEqual(['FIRST SCHOOL 1', 'FIRST SCHOOL 2']);
    const all = (await admin.get('/api/v1/scholarship-registrations')).body.data as Page;
    expect(all.total).toBeGreaterThanOrEqual(3);
  });

  it('exports only the chosen institute’s students', async () => {
    const res = await admin.post('/api/v1/export-data', {
      model: 'scholarship-registrations',
      columns: ['institute_id', 'full_name'],
      conditions: { institute_id: String(two.id) },
    });
    expect(res.status).toBe(200);
    expect(res.raw.body.slice(1).trim().split('\n').slice(1)).toEqual([`${two.id},SECOND SCHOOL 1`]);
  });

  it('keeps an institute to its own students whichever institute it names', async () => {
    const page = (await client(t, one.token).get(`/api/v1/scholarship-registrations?institute_id=${two.id}`)).body.data as Page;
    expect(page.total).toBe(0);
  });
});
