import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, someAddress, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';
import { analytics } from './analytics.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let a: Awaited<ReturnType<typeof instituteSession>> & { api: ReturnType<typeof client> };
let b: Awaited<ReturnType<typeof instituteSession>> & { api: ReturnType<typeof client> };

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  const sa = await instituteSession(t, 500);
  const sb = await instituteSession(t, 501);
  a = { ...sa, api: client(t, sa.token) };
  b = { ...sb, api: client(t, sb.token) };
});
afterAll(async () => t.close());

let student = 0;
function studentForm(overrides: Record<string, unknown> = {}) {
  student++;
  return validStudent(student, overrides);
}

const rowCount = async (table: 'scholarship_registrations' | 'scholarship_payments') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type Analytics = {
  total_registration: number;
  total_male: number;
  total_female: number;
  total_fee: number;
  total_paid: number;
  total_due: number;
  pending_amount: number;
  pending_payments: number;
  paid_registrations: number;
  analytics: { class: string; male: number; female: number; total: number }[];
  institutes?: { data: Record<string, unknown>[]; total: number };
};
const analyticsOf = async (api: ReturnType<typeof client>, query = '') =>
  (await api.get(`/api/v1/scholarship-registrations/analytics${query}`)).body.data as Analytics;

describe('registrations', () => {
  it('numbers a registration on the server, upper-cases English names and fills the institute', async () => {
    const res = await a.api.post('/api/v1/scholarship-registrations/store', studentForm());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data as Record<string, unknown> & { info: Record<string, unknown> };
    const year = String(new Date(Date.now() + 6 * 3600e3).getUTCFullYear()).slice(2);
    expect(row.reg_no).toMatch(new RegExp(`^${year}\\d{11}$`));
    expect(row.roll_no).toMatch(new RegExp(`^${year}04\\d{6}$`));
    expect(row).toMatchObject({ institute_id: a.id, full_name: expect.stringMatching(/^MD KARIM \d+$/), department: 'p', status: 1 });
    expect(row.info).toMatchObject({
      father_name_english: 'ABDUL RAHIM',
      institute_name: 'ঢাকা আদর্শ বিদ্যালয়',
      institute_name_english: 'Dhaka Model School',
      gender: 'm',
      class: '04',
    });
  });

  it('gives 50 concurrent registrations 50 different numbers', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => a.api.post('/api/v1/scholarship-registrations/store', studentForm())));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const regNos = results.map((r) => (r.body.data as { reg_no: string }).reg_no);
    const rollNos = results.map((r) => (r.body.data as { roll_no: string }).roll_no);
    expect(new Set(regNos).size).toBe(50);
    expect(new Set(rollNos).size).toBe(50);
  });

  const otherDivision = someAddress(1);
  const bad: [string, Record<string, unknown>, string][] = [
    ['an unknown class', { class: '05' }, 'class'],
    ['an unknown gender', { gender: 'x' }, 'gender'],
    ['an unknown department', { department: 'z' }, 'department'],
    ['a district outside its division', { zilla_id: otherDivision.zilla_id }, 'zilla_id'],
    ['an upazila outside its district', { upozilla_id: otherDivision.upozilla_id }, 'upozilla_id'],
    ['a mobile number that is not Bangladeshi', { contact_number: '+15551234567' }, 'contact_number'],
    ['no English name', { name_english: '' }, 'name_english'],
    ['no father', { father_name_english: '' }, 'father_name_english'],
    ['no mother', { mother_name_english: '   ' }, 'mother_name_english'],
    ['no post office', { post_office: '' }, 'post_office'],
    ['a class roll with letters', { class_roll: '12a' }, 'class_roll'],
    ['a birth certificate number with letters', { birth_certificate_no: '1990ABC' }, 'birth_certificate_no'],
    ['a name over 191 characters', { name_english: 'A'.repeat(192) }, 'name_english'],
    ['a malformed email', { email: 'nope' }, 'email'],
    ['an institute id of another institute', { institute_id: 0 }, 'institute_id'],
  ];
  it.each(bad)('refuses %s with a 422 on that field, writing nothing', async (_label, override, field) => {
    const before = await rowCount('scholarship_registrations');
    const body = field === 'institute_id' ? studentForm({ institute_id: b.id }) : studentForm(override);
    const res = await a.api.post('/api/v1/scholarship-registrations/store', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.data).toHaveProperty(field);
    expect(await rowCount('scholarship_registrations')).toBe(before);
  });

  it('makes an admin choose an institute account', async () => {
    expect((await admin.post('/api/v1/scholarship-registrations/store', studentForm())).body.data).toEqual({ institute_id: ['Choose the institute.'] });
    const me = (await admin.post('/api/auth/me')).body.data as { user: { id: number } };
    expect((await admin.post('/api/v1/scholarship-registrations/store', studentForm({ institute_id: me.user.id }))).body.data).toHaveProperty('institute_id');
    const filed = await admin.post('/api/v1/scholarship-registrations/store', studentForm({ institute_id: b.id }));
    expect(filed.body.data).toMatchObject({ institute_id: b.id });
  });

  it('answers a store with the row exactly as a read gives it (from the insert, not re-read), by an institute and an admin', async () => {
    for (const [api, form] of [
      [a.api, studentForm({ email: 'one@example.com' })],
      [admin, studentForm({ institute_id: b.id, department: undefined })],
    ] as const) {
      const stored = (await api.post('/api/v1/scholarship-registrations/store', form)).body.data as { id: number; institute_id: number };
      const read = (await api.get(`/api/v1/scholarship-registrations/${stored.id}`)).body.data as Record<string, unknown>;
      const { institute: _institute, ...columns } = read;
      expect(stored).toEqual(columns);
    }
    expect((await admin.post('/api/v1/scholarship-registrations/store', studentForm({ institute_id: 99_999 }))).body.data).toEqual({
      institute_id: ['Choose one of the listed values.'],
    });
  });

  it("keeps institute B away from A's registrations: read, update, deactivate, destroy, list and export", async () => {
    const mine = (await a.api.post('/api/v1/scholarship-registrations/store', studentForm({ name_english: 'only in a' }))).body.data as { id: number };
    expect((await b.api.get(`/api/v1/scholarship-registrations/${mine.id}`)).status).toBe(403);
    expect((await b.api.post('/api/v1/scholarship-registrations/update', { id: mine.id, ...studentForm() })).status).toBe(403);
    expect((await b.api.post('/api/v1/scholarship-registrations/soft-delete', { id: mine.id })).status).toBe(403);
    expect((await b.api.post('/api/v1/scholarship-registrations/destroy', { id: mine.id })).status).toBe(403);
    const list = (await b.api.get('/api/v1/scholarship-registrations?search=ONLY%20IN%20A')).body.data as { total: number };
    expect(list.total).toBe(0);
    const asFilter = (await b.api.get(`/api/v1/scholarship-registrations?institute_id=${a.id}`)).body.data as { total: number };
    expect(asFilter.total).toBe(0);
    const csv = (await b.api.post('/api/v1/export-data', { model: 'scholarship-registrations', conditions: { institute_id: a.id } })).raw.body;
    expect(csv).not.toContain('ONLY IN A');
    expect((await a.api.get(`/api/v1/scholarship-registrations/${mine.id}`)).body.data).toMatchObject({ full_name: 'ONLY IN A' });
  });

  it('lists 100 a page by default and searches by name, reg no and mobile', async () => {
    const page = (await admin.get('/api/v1/scholarship-registrations')).body.data as { per_page: number; data: { reg_no: string }[] };
    expect(page.per_page).toBe(100);
    const regNo = page.data[0]!.reg_no;
    expect(((await admin.get(`/api/v1/scholarship-registrations?search=${regNo}`)).body.data as { total: number }).total).toBe(1);
    await a.api.post('/api/v1/scholarship-registrations/store', studentForm({ contact_number: '01755123456', name_english: 'unique student' }));
    expect(((await a.api.get('/api/v1/scholarship-registrations?search=01755123456')).body.data as { total: number }).total).toBe(1);
    expect(((await a.api.get('/api/v1/scholarship-registrations?search=unique%20stu')).body.data as { total: number }).total).toBe(1);
  });
});

describe('the dashboard numbers and payments', () => {
  let c: Awaited<ReturnType<typeof instituteSession>> & { api: ReturnType<typeof client> };
  beforeAll(async () => {
    const sc = await instituteSession(t, 502);
    c = { ...sc, api: client(t, sc.token) };
  });

  it('counts two boys in class 04 and a girl in class 07: 3 / 2 / 1, fee 600, due 600', async () => {
    await c.api.post('/api/v1/scholarship-registrations/store', studentForm({ class: '04', gender: 'm' }));
    await c.api.post('/api/v1/scholarship-registrations/store', studentForm({ class: '04', gender: 'm' }));
    await c.api.post('/api/v1/scholarship-registrations/store', studentForm({ class: '07', gender: 'f' }));
    const numbers = await analyticsOf(c.api);
    expect(numbers).toMatchObject({
      total_registration: 3,
      total_male: 2,
      total_female: 1,
      total_fee: 600,
      total_paid: 0,
      total_due: 600,
      paid_registrations: 0,
    });
    expect(numbers.analytics).toEqual([
      { class: '04', male: 2, female: 0, total: 2 },
      { class: '07', male: 0, female: 1, total: 1 },
    ]);
  });

  it('keeps the counts in step with updates, deactivation, restore and destroy', async () => {
    const row = (await c.api.post('/api/v1/scholarship-registrations/store', studentForm({ class: '07', gender: 'm' }))).body.data as { id: number };
    expect((await analyticsOf(c.api)).total_registration).toBe(4);
    await c.api.post('/api/v1/scholarship-registrations/update', { id: row.id, ...studentForm({ class: '04', gender: 'f' }) });
    expect((await analyticsOf(c.api)).analytics[0]).toEqual({ class: '04', male: 2, female: 1, total: 3 });
    await c.api.post('/api/v1/scholarship-registrations/soft-delete', { id: row.id });
    expect((await analyticsOf(c.api)).total_registration).toBe(3);
    await c.api.post('/api/v1/scholarship-registrations/soft-delete', { id: row.id });
    expect((await analyticsOf(c.api)).total_registration).toBe(3);
    await admin.post('/api/v1/scholarship-registrations/restore', { id: row.id });
    expect((await analyticsOf(c.api)).total_registration).toBe(4);
    await c.api.post('/api/v1/scholarship-registrations/destroy', { id: row.id });
    expect((await analyticsOf(c.api)).total_registration).toBe(3);
  });

  let paymentId: number;
  it('files a pending bKash payment of 400 that does not count as paid', async () => {
    const res = await c.api.post('/api/v1/scholarship-payments/store', {
      payment_method: 'bkash',
      amount: '400',
      transaction_id: 'abc123xyz',
      date: new Date().toISOString().slice(0, 10),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const payment = res.body.data as { id: number; is_approved: number; institute_id: number; transaction_id: string };
    expect(payment).toMatchObject({ is_approved: 0, institute_id: c.id, transaction_id: 'ABC123XYZ' });
    paymentId = payment.id;
    expect(await analyticsOf(c.api)).toMatchObject({ total_paid: 0, total_due: 600, pending_amount: 400, pending_payments: 1 });
  });

  it('shows the admin the pending payment with its institute, and counts it once approved', async () => {
    const list = (await admin.get('/api/v1/scholarship-payments?is_approved=0&relations=institute')).body.data as {
      data: { id: number; institute: { name: string; phone_number: string } }[];
    };
    expect(list.data.find((p) => p.id === paymentId)!.institute).toMatchObject({ name: 'ঢাকা আদর্শ বিদ্যালয়', phone_number: expect.stringMatching(/^01/) });
    const approved = await admin.post('/api/v1/scholarship-payments/update', {
      id: paymentId,
      payment_method: 'bkash',
      amount: 400,
      transaction_id: 'ABC123XYZ',
      date: new Date().toISOString().slice(0, 10),
      institute_id: c.id,
      is_approved: 1,
    });
    expect(approved.body.data).toMatchObject({ is_approved: 1, approved_at: expect.any(String) });
    expect(await analyticsOf(c.api)).toMatchObject({ total_paid: 400, total_due: 200, pending_amount: 0, paid_registrations: 2 });
  });

  it("gives each of several institutes' dashboards asked at once its own numbers", async () => {
    // Asked in one turn, they are read together on PostgreSQL (db/per-turn.ts): each must see only its own rows.
    const ids = [c.id, a.id, b.id, c.id];
    const alone = [];
    for (const id of ids) alone.push(await analytics(t.app.db, id));
    expect(await Promise.all(ids.map((id) => analytics(t.app.db, id)))).toEqual(alone);
    expect(alone[0]).toMatchObject({ total_registration: 3, total_paid: 400 });
    expect(alone[1]).not.toEqual(alone[0]);
  });

  it('closes an approved payment to its institute', async () => {
    const body = { id: paymentId, payment_method: 'bkash', amount: 1, transaction_id: 'ABC123XYZ', date: '2026-01-01' };
    const before = JSON.stringify(await t.app.db.selectFrom('scholarship_payments').selectAll().where('id', '=', paymentId).execute());
    for (const [url, payload] of [
      ['/api/v1/scholarship-payments/update', body],
      ['/api/v1/scholarship-payments/soft-delete', { id: paymentId }],
      ['/api/v1/scholarship-payments/destroy', { id: paymentId }],
    ] as const) {
      const res = await c.api.post(url, payload);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('An approved payment cannot be changed or deleted.');
    }
    expect(JSON.stringify(await t.app.db.selectFrom('scholarship_payments').selectAll().where('id', '=', paymentId).execute())).toBe(before);
  });

  it("gives the admin the totals and each institute's row with its upazila", async () => {
    const numbers = await analyticsOf(admin, '?search=Dhaka&paginate=50');
    expect(numbers.total_registration).toBeGreaterThanOrEqual(3);
    const rows = numbers.institutes!.data.filter((r) => r.institute_id === c.id);
    expect(rows).toEqual([
      { institute_id: c.id, institute_name: 'ঢাকা আদর্শ বিদ্যালয়', class: '04', upozilla: someAddress().names.upazila.name_bn, total: 2, male: 2, female: 0 },
      { institute_id: c.id, institute_name: 'ঢাকা আদর্শ বিদ্যালয়', class: '07', upozilla: someAddress().names.upazila.name_bn, total: 1, male: 0, female: 1 },
    ]);
    expect((await analyticsOf(admin, '?search=no-such-institute')).institutes!.total).toBe(0);
  });

  it('tells institutes the fee and where to pay', async () => {
    const info = (await c.api.get('/api/v1/scholarship-payments/deposit-info')).body.data;
    expect(info).toEqual({ fee: 200, bkash_number: null, bank_account: null });
  });
});

describe('bad payments', () => {
  const today = new Date().toISOString().slice(0, 10);
  const form = (overrides: Record<string, unknown> = {}) => ({
    payment_method: 'bank',
    amount: 200,
    transaction_id: `RCPT${Math.random().toString(36).slice(2, 10)}`,
    date: today,
    ...overrides,
  });
  const bad: [string, Record<string, unknown>, string][] = [
    ['an unknown method', { payment_method: 'cash' }, 'payment_method'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['a zero amount', { amount: '0' }, 'amount'],
    ['an absurd amount', { amount: 999_999_999 }, 'amount'],
    ['a fractional amount', { amount: '10.5' }, 'amount'],
    ['an amount in words', { amount: 'two hundred' }, 'amount'],
    ['a date far ahead', { date: '2099-01-01' }, 'date'],
    ['an impossible date', { date: '2026-02-30' }, 'date'],
    ['a date that is not a date', { date: 'yesterday' }, 'date'],
    ['a date long ago', { date: '1999-12-31' }, 'date'],
    ['a transaction id with symbols', { transaction_id: "x'; drop table--" }, 'transaction_id'],
    ['no transaction id', { transaction_id: '' }, 'transaction_id'],
    ['approval sent by an institute', { is_approved: 1 }, 'is_approved'],
    ['an institute id of another institute', { institute_id: -1 }, 'institute_id'],
  ];
  it.each(bad)('refuses %s with a 422 on that field, writing nothing', async (_label, override, field) => {
    const before = await rowCount('scholarship_payments');
    const body = field === 'institute_id' ? form({ institute_id: b.id }) : form(override);
    const res = await a.api.post('/api/v1/scholarship-payments/store', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.data).toHaveProperty(field);
    expect(await rowCount('scholarship_payments')).toBe(before);
  });

  it('refuses a transaction id that was already used, saying so', async () => {
    await a.api.post('/api/v1/scholarship-payments/store', form({ transaction_id: 'USED0001' }));
    const res = await b.api.post('/api/v1/scholarship-payments/store', form({ transaction_id: 'used0001' }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ transaction_id: ['This transaction / receipt number has already been used.'] });
  });

  it("keeps institute B away from A's payments", async () => {
    const mine = (await a.api.post('/api/v1/scholarship-payments/store', form())).body.data as { id: number };
    expect((await b.api.get(`/api/v1/scholarship-payments/${mine.id}`)).status).toBe(403);
    expect((await b.api.post('/api/v1/scholarship-payments/update', { id: mine.id, ...form() })).status).toBe(403);
    expect((await b.api.post('/api/v1/scholarship-payments/soft-delete', { id: mine.id })).status).toBe(403);
    expect((await b.api.post('/api/v1/scholarship-payments/destroy', { id: mine.id })).status).toBe(403);
    const csv = (await b.api.post('/api/v1/export-data', { model: 'scholarship-payments' })).raw.body;
    expect(
      csv
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .every((line) => line.split(',')[1] === String(b.id)),
    ).toBe(true);
  });
});

describe('payments for the admin', () => {
  it("finds a payment by its institute's name and exports the institute's name and mobile", async () => {
    const institute = await instituteSession(t, 503);
    await t.app.db.updateTable('users').set({ name: 'খুঁজে পাওয়ার বিদ্যালয়' }).where('id', '=', institute.id).execute();
    await client(t, institute.token).post('/api/v1/scholarship-payments/store', {
      payment_method: 'bkash',
      amount: 200,
      transaction_id: 'FINDME001',
      date: new Date().toISOString().slice(0, 10),
    });
    const found = (await admin.get('/api/v1/scholarship-payments?search=খুঁজে')).body.data as { data: { transaction_id: string }[] };
    expect(found.data.map((p) => p.transaction_id)).toEqual(['FINDME001']);
    const csv = (await admin.post('/api/v1/export-data', { model: 'scholarship-payments', search: 'FINDME001' })).raw.body;
    expect(csv.split('\n')[0]).toContain('Institute,Institute mobile');
    expect(csv).toContain('খুঁজে পাওয়ার বিদ্যালয়');
  });
});
