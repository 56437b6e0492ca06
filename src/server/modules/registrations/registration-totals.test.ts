import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTE_CLASSES } from './registrations.repository.js';
import { adminToken, client, instituteSession, someAddress, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

let n = 0;
const form = (klass: string, gender: string) => {
  const address = someAddress();
  n++;
  return {
    class: klass,
    class_roll: String(n),
    gender,
    name_english: `student ${n}`,
    father_name_english: 'father',
    mother_name_english: 'mother',
    contact_number: '01711000000',
    post_office: 'Savar',
    division_id: address.division_id,
    zilla_id: address.zilla_id,
    upozilla_id: address.upozilla_id,
  };
};

/** The maintained totals beside the same numbers counted from the rows. */
async function totals() {
  const kept = Object.fromEntries((await t.app.db.selectFrom('registration_totals').select(['name', 'total']).execute()).map((r) => [r.name, Number(r.total)]));
  const rows = await t.app.db.selectFrom('scholarship_registrations').select(['institute_id', 'class', 'gender']).where('status', '=', 1).execute();
  const counted: Record<string, number> = {};
  for (const r of rows) counted[`${r.class}:${r.gender}`] = (counted[`${r.class}:${r.gender}`] ?? 0) + 1;
  counted[INSTITUTE_CLASSES] = new Set(rows.map((r) => `${r.institute_id}:${r.class}`)).size;
  const nonZero = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0));
  return { kept: nonZero(kept), counted };
}

describe('season totals', () => {
  it('follow every registration write and serve the admin dashboard', async () => {
    const sessionA = await instituteSession(t, 800);
    const sessionB = await instituteSession(t, 801);
    const [a, b, aId, bId] = [client(t, sessionA.token), client(t, sessionB.token), sessionA.id, sessionB.id];
    const ids: number[] = [];
    for (const [api, klass, gender] of [
      [a, '04', 'm'],
      [a, '04', 'f'],
      [a, '07', 'm'],
      [b, '07', 'f'],
    ] as const) {
      const res = await api.post('/api/v1/scholarship-registrations/store', form(klass, gender));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push((res.body.data as { id: number }).id);
    }
    const check = async () => {
      const { kept, counted } = await totals();
      expect(kept).toEqual(counted);
      const dashboard = (await admin.get('/api/v1/scholarship-registrations/analytics?paginate=100')).body.data as {
        total_registration: number;
        institutes: { total: number; data: unknown[] };
      };
      expect(dashboard.institutes.total).toBe(counted[INSTITUTE_CLASSES]);
      expect(dashboard.institutes.data).toHaveLength(counted[INSTITUTE_CLASSES]!);
      expect(dashboard.total_registration).toBe(
        Object.entries(counted)
          .filter(([k]) => k !== INSTITUTE_CLASSES)
          .reduce((s, [, v]) => s + v, 0),
      );
      // The unfiltered lists take their totals from the counters: the same as counting the rows.
      const active = await t.app.db.selectFrom('scholarship_registrations').select(['institute_id']).where('status', '=', 1).execute();
      const listTotal = async (api: typeof a) => ((await api.get('/api/v1/scholarship-registrations')).body.data as { total: number }).total;
      expect(await listTotal(admin)).toBe(active.length);
      expect(await listTotal(a)).toBe(active.filter((r) => r.institute_id === aId).length);
      expect(await listTotal(b)).toBe(active.filter((r) => r.institute_id === bId).length);
      const deactivated = ((await admin.get('/api/v1/scholarship-registrations?status=0')).body.data as { total: number }).total;
      expect(deactivated).toBe((await t.app.db.selectFrom('scholarship_registrations').select('id').where('status', '=', 0).execute()).length);
    };
    await check();
    expect((await a.post('/api/v1/scholarship-registrations/soft-delete', { id: ids[2] })).status).toBe(200);
    await check();
    expect((await admin.post('/api/v1/scholarship-registrations/restore', { id: ids[2] })).status).toBe(200);
    await check();
    expect((await a.post('/api/v1/scholarship-registrations/update', { id: ids[0], ...form('07', 'f') })).status).toBe(200);
    await check();
    expect((await b.post('/api/v1/scholarship-registrations/destroy', { id: ids[3] })).status).toBe(200);
    await check();
  });
});
