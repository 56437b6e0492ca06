/**
 * Money per student (architecture §9): a payment covers named students, or on approval the oldest
 * unpaid that its amount pays for; approval makes them paid, refusal frees them with a reason the
 * institute reads; the counters behind every dashboard equal a fresh count after each step.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feeProblems } from '../../test/consistency.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const txid = () => `TX${(++n).toString(36).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

async function newInstitute(students: number) {
  const session = await instituteSession(t, 900 + ++n);
  const api = client(t, session.token);
  const ids: number[] = [];
  for (let i = 0; i < students; i++) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(++n));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push((res.body.data as { id: number }).id);
  }
  return { ...session, api, ids };
}

async function feeStatuses(ids: readonly number[]) {
  const rows = await t.app.db.selectFrom('scholarship_registrations').select(['id', 'fee_status', 'payment_id']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => row.fee_status);
}

async function analyticsOf(api: ReturnType<typeof client>) {
  return (await api.get('/api/v1/scholarship-registrations/analytics')).body.data as Record<string, number>;
}

const pay = (api: ReturnType<typeof client>, body: Record<string, unknown>) =>
  api.post('/api/v1/scholarship-payments/store', { payment_method: 'bkash', transaction_id: txid(), date: today(), ...body });

async function setSeason(values: Record<string, string>) {
  const rows = await t.app.db.selectFrom('setting_values').select(['id', 'key', 'setting_sub_group_id']).where('key', 'in', Object.keys(values)).execute();
  const res = await admin.post('/api/v1/settings/update', {
    id: rows[0]!.setting_sub_group_id,
    fields: Object.fromEntries(rows.map((row) => [row.id, { value: values[row.key] }])),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const dayFromToday = (days: number) => new Date(Date.now() + 6 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  await setSeason({ registration_opens: '', registration_closes: '', late_fee_from: '', late_fee: '0', payment_deadline: '' });
});

describe('a payment that names its students', () => {
  it('makes exactly them pending, then paid on approval, and the dashboard says so', async () => {
    const school = await newInstitute(5);
    const chosen = school.ids.slice(1, 4);
    const filed = await pay(school.api, { amount: '600', registration_ids: chosen });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.data).toMatchObject({ state: 'pending', students: 3, is_approved: 0 });
    expect(await feeStatuses(school.ids)).toEqual(['unpaid', 'pending', 'pending', 'pending', 'unpaid']);
    expect(await analyticsOf(school.api)).toMatchObject({
      total_fee: 1000,
      total_due: 1000,
      pending_amount: 600,
      pending_registrations: 3,
      unpaid_registrations: 2,
      paid_registrations: 0,
    });

    const id = (filed.body.data as { id: number }).id;
    const approved = await admin.post('/api/v1/scholarship-payments/approve', { id });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await feeStatuses(school.ids)).toEqual(['unpaid', 'paid', 'paid', 'paid', 'unpaid']);
    expect(await analyticsOf(school.api)).toMatchObject({
      total_paid: 600,
      total_due: 400,
      paid_registrations: 3,
      pending_registrations: 0,
      unpaid_registrations: 2,
    });
    expect((await admin.post('/api/v1/scholarship-payments/approve', { id })).status).toBe(409);

    const list = await school.api.get('/api/v1/scholarship-registrations?fee_status=paid');
    expect((list.body.data as { data: { id: number }[] }).data.map((row) => row.id).sort()).toEqual(chosen);
    expect(await feeProblems(t.app.db)).toEqual([]);
  });

  it('lists an institute its unpaid students with their fees, as the payment form asks', async () => {
    const school = await newInstitute(3);
    await pay(school.api, { amount: '200', registration_ids: [school.ids[0]] });
    const fields = ['id', 'reg_no', 'full_name', 'name_bangla', 'class', 'fee'].map((f) => `fields[]=${f}`).join('&');
    const res = await school.api.get(`/api/v1/scholarship-registrations?page=1&paginate=50&${fields}&fee_status=unpaid&institute_id=${school.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.data as { data: { id: number; fee: number }[]; total: number };
    expect(page.total).toBe(2);
    expect(page.data.map((row) => row.id).sort()).toEqual(school.ids.slice(1));
    expect(page.data.every((row) => row.fee === 200)).toBe(true);
  });

  it('never puts a student in two live payments, even when two are filed at once', async () => {
    const school = await newInstitute(2);
    const first = await pay(school.api, { amount: '200', registration_ids: [school.ids[0]] });
    expect(first.status).toBe(200);
    const again = await pay(school.api, { amount: '400', registration_ids: school.ids });
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual({
      registration_ids: ['Some of the chosen students are no longer unpaid, or not your institute’s: open the list again and choose.'],
    });

    const [a, b] = await Promise.all([
      pay(school.api, { amount: '200', registration_ids: [school.ids[1]] }),
      pay(school.api, { amount: '200', registration_ids: [school.ids[1]] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect(await t.app.db.selectFrom('scholarship_payments').select('id').where('institute_id', '=', school.id).execute()).toHaveLength(2);
    expect(await feeProblems(t.app.db)).toEqual([]);
  });

  it('refuses another institute’s student and an amount that is not their fees', async () => {
    const one = await newInstitute(1);
    const other = await newInstitute(1);
    expect((await pay(one.api, { amount: '200', registration_ids: other.ids })).body.data).toHaveProperty('registration_ids');
    const wrong = await pay(one.api, { amount: '300', registration_ids: one.ids });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ amount: ['The amount must equal the total fee of the chosen students.'] });
    expect(await feeStatuses([...one.ids, ...other.ids])).toEqual(['unpaid', 'unpaid']);
  });

  it('keeps a student in a payment from being deleted, and an institute from deactivating it', async () => {
    const school = await newInstitute(1);
    await pay(school.api, { amount: '200', registration_ids: school.ids });
    expect((await school.api.post('/api/v1/scholarship-registrations/soft-delete', { id: school.ids[0] })).status).toBe(409);
    expect((await admin.post('/api/v1/scholarship-registrations/destroy', { id: school.ids[0] })).status).toBe(409);
    const row = await school.api.get(`/api/v1/scholarship-registrations/${school.ids[0]}`);
    expect(row.body.data).toMatchObject({ fee_status: 'pending', fee: 200 });
  });
});

describe('refusal', () => {
  it('frees the students, shows the reason, is audited, and a corrected payment goes back for approval', async () => {
    const school = await newInstitute(2);
    const filed = await pay(school.api, { amount: '400', registration_ids: school.ids });
    const id = (filed.body.data as { id: number }).id;
    expect((await admin.post('/api/v1/scholarship-payments/refuse', { id, reason: '' })).status).toBe(422);
    const refused = await admin.post('/api/v1/scholarship-payments/refuse', { id, reason: 'ট্রানজেকশন আইডি ভুল' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(await feeStatuses(school.ids)).toEqual(['unpaid', 'unpaid']);
    const seen = await school.api.get(`/api/v1/scholarship-payments/${id}`);
    expect(seen.body.data).toMatchObject({ state: 'refused', refusal_reason: 'ট্রানজেকশন আইডি ভুল', is_approved: 0 });
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'scholarship-payments')
      .where('entity_id', '=', id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['payment.refuse']);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ reason: 'ট্রানজেকশন আইডি ভুল' });
    expect(await analyticsOf(school.api)).toMatchObject({ pending_amount: 0, pending_payments: 0, unpaid_registrations: 2 });

    const row = seen.body.data as Record<string, unknown>;
    const corrected = await school.api.post('/api/v1/scholarship-payments/update', {
      id,
      payment_method: row.payment_method,
      transaction_id: txid(),
      date: row.date,
      amount: '400',
      registration_ids: school.ids,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data).toMatchObject({ state: 'pending', refusal_reason: null, students: 2 });
    expect(await feeStatuses(school.ids)).toEqual(['pending', 'pending']);
    expect(await feeProblems(t.app.db)).toEqual([]);
  });

  it('of an approved payment makes its students unpaid again', async () => {
    const school = await newInstitute(1);
    const id = ((await pay(school.api, { amount: '200', registration_ids: school.ids })).body.data as { id: number }).id;
    await admin.post('/api/v1/scholarship-payments/approve', { id });
    expect((await admin.post('/api/v1/scholarship-payments/refuse', { id, reason: 'bank reversed the deposit' })).status).toBe(200);
    expect(await feeStatuses(school.ids)).toEqual(['unpaid']);
    expect((await school.api.post('/api/v1/scholarship-payments/refuse', { id, reason: 'x' })).status).toBe(403);
  });
});

describe('a payment that names nobody (the spec’s form)', () => {
  it('covers the oldest unpaid students its amount pays for on approval, and records which', async () => {
    const school = await newInstitute(4);
    await pay(school.api, { amount: '200', registration_ids: [school.ids[0]] });
    const filed = await pay(school.api, { amount: '500' });
    const id = (filed.body.data as { id: number }).id;
    expect(await feeStatuses(school.ids)).toEqual(['pending', 'unpaid', 'unpaid', 'unpaid']);
    const approved = await admin.post('/api/v1/scholarship-payments/update', {
      id,
      institute_id: school.id,
      payment_method: 'bkash',
      transaction_id: (filed.body.data as { transaction_id: string }).transaction_id,
      date: today(),
      amount: '500',
      is_approved: 1,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'approved', students: 2 });
    expect(await feeStatuses(school.ids)).toEqual(['pending', 'paid', 'paid', 'unpaid']);
    expect(await analyticsOf(school.api)).toMatchObject({ total_paid: 500, paid_registrations: 2, total_due: 400 });

    // Back to pending through the form's switch: the students it covered wait with it.
    const undone = await admin.post('/api/v1/scholarship-payments/update', { ...(approved.body.data as object), amount: '500', is_approved: 0 });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await feeStatuses(school.ids)).toEqual(['pending', 'pending', 'pending', 'unpaid']);
    expect(await feeProblems(t.app.db)).toEqual([]);
  });

  it('lets its students go when the payment is deactivated or deleted', async () => {
    const school = await newInstitute(2);
    const id = ((await pay(school.api, { amount: '400', registration_ids: school.ids })).body.data as { id: number }).id;
    expect((await school.api.post('/api/v1/scholarship-payments/soft-delete', { id })).status).toBe(200);
    expect(await feeStatuses(school.ids)).toEqual(['unpaid', 'unpaid']);
    const second = ((await pay(school.api, { amount: '400', registration_ids: school.ids })).body.data as { id: number }).id;
    await admin.post('/api/v1/scholarship-payments/approve', { id: second });
    expect((await admin.post('/api/v1/scholarship-payments/destroy', { id: second })).status).toBe(200);
    expect(await feeStatuses(school.ids)).toEqual(['unpaid', 'unpaid']);
    expect(await feeProblems(t.app.db)).toEqual([]);
  });
});

describe('the season window', () => {
  it('refuses an institute before and after it, never an admin, and adds the late fee in between', async () => {
    const school = await newInstitute(0);
    const store = (api: ReturnType<typeof client>, extra: Record<string, unknown> = {}) =>
      api.post('/api/v1/scholarship-registrations/store', validStudent(++n, extra));

    await setSeason({ registration_opens: dayFromToday(1), registration_closes: dayFromToday(10) });
    const early = await store(school.api);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Registration has not opened yet. It opens on the date set in the settings.');
    expect((await store(admin, { institute_id: school.id })).status).toBe(200);

    await setSeason({ registration_opens: dayFromToday(-1), late_fee_from: dayFromToday(1), late_fee: '50' });
    const inside = await store(school.api);
    expect(inside.body.data).toMatchObject({ fee: 200, fee_status: 'unpaid' });

    await setSeason({ late_fee_from: dayFromToday(0) });
    const late = await store(school.api);
    expect(late.body.data).toMatchObject({ fee: 250 });
    const numbers = await analyticsOf(school.api);
    expect(numbers).toMatchObject({ fee: 250, total_fee: 200 + 200 + 250, unpaid_fee: 650 });
    expect((numbers as unknown as { season: Record<string, unknown> }).season).toMatchObject({ window: 'open', days_to_close: 10, late_fee: 50 });

    await setSeason({ registration_closes: dayFromToday(-1) });
    const after = await store(school.api);
    expect(after.status).toBe(403);
    expect(after.body.message).toBe('Registration is closed. Contact the admin if you need to register a student.');
    expect((await store(admin, { institute_id: school.id })).body.data).toMatchObject({ fee: 250 });

    await setSeason({ payment_deadline: dayFromToday(-1) });
    expect((await pay(school.api, { amount: '200' })).status).toBe(403);
    expect((await pay(admin, { amount: '200', institute_id: school.id })).status).toBe(200);
    expect(await feeProblems(t.app.db)).toEqual([]);
  });
});
