/**
 * Payments under concurrent writes: the guard that closes an approved payment to its institute reads
 * the row inside the write's transaction, locked, so an institute's edit racing an admin's approval
 * can never undo the approval (architecture §5: only an admin changes `is_approved`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyProblems } from '../../test/consistency.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let institute: Awaited<ReturnType<typeof instituteSession>>;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
  institute = await instituteSession(t, 810);
  api = client(t, institute.token);
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('a payment edited by its institute while an admin approves it', () => {
  it('keeps every approval the admin was told succeeded', async () => {
    const rounds = 30;
    for (let round = 0; round < rounds; round++) {
      const form = { payment_method: 'bkash', amount: '400', transaction_id: `RACE${round}X${Date.now().toString(36)}`, date: today() };
      const stored = await api.post('/api/v1/scholarship-payments/store', form);
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      const id = (stored.body.data as { id: number }).id;

      const [edit, approval] = await Promise.all([
        api.post('/api/v1/scholarship-payments/update', { id, ...form, amount: '600' }),
        admin.post('/api/v1/scholarship-payments/update', { id, ...form, institute_id: institute.id, is_approved: 1 }),
      ]);
      expect(approval.status, JSON.stringify(approval.body)).toBe(200);
      // The institute's edit either went first (then the approval follows it) or finds the payment locked.
      expect([200, 403]).toContain(edit.status);

      const row = await t.app.db.selectFrom('scholarship_payments').select(['is_approved', 'approved_by']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row, `round ${round}: edit ${edit.status}`).toMatchObject({ is_approved: 1 });
      const audit = await t.app.db.selectFrom('audit_logs').select('action').where('entity', '=', 'scholarship-payments').where('entity_id', '=', id).execute();
      expect(audit.map((entry) => entry.action)).toEqual(['payment.approve']);
    }
  });

  it('answers 403 to an institute editing a payment already approved', async () => {
    const form = { payment_method: 'bank', amount: '200', transaction_id: `LOCKED${Date.now().toString(36)}`, date: today() };
    const id = ((await api.post('/api/v1/scholarship-payments/store', form)).body.data as { id: number }).id;
    expect((await admin.post('/api/v1/scholarship-payments/update', { id, ...form, institute_id: institute.id, is_approved: 1 })).status).toBe(200);
    const edit = await api.post('/api/v1/scholarship-payments/update', { id, ...form, amount: '800' });
    expect(edit.status).toBe(403);
    const row = await t.app.db.selectFrom('scholarship_payments').select(['amount', 'is_approved']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ amount: 200, is_approved: 1 });
  });
});

describe('payments filed, approved and withdrawn by many at once', () => {
  // The fee counters and the season's payment sums are locked by every one of these writes, in one
  // order (payment_totals at the commit, on PostgreSQL): none may deadlock or lose a change.
  it('answers every write and keeps the fee counters and the payment sums equal to a fresh count', async () => {
    const schools = await Promise.all([821, 822, 823, 824, 825, 826].map((n) => instituteSession(t, n)));
    const apis = schools.map((school) => client(t, school.token));
    await Promise.all(
      apis.map((school, i) => Promise.all([1, 2, 3].map((k) => school.post('/api/v1/scholarship-registrations/store', validStudent(100 * i + k))))),
    );
    // Each round: every school files a payment, the admin approves the last round's and withdraws some
    // approved the round before, all at the same moment.
    let filed: { id: number; school: number; form: Record<string, unknown> }[] = [];
    let approved: number[] = [];
    for (let round = 0; round < 6; round++) {
      const form = (i: number) => ({ payment_method: 'bkash', amount: '200', transaction_id: `MANY${round}S${i}X${Date.now().toString(36)}`, date: today() });
      const [stored, approvals, withdrawals] = await Promise.all([
        Promise.all(apis.map((school, i) => school.post('/api/v1/scholarship-payments/store', form(i)))),
        Promise.all(
          filed.map(({ id, school, form }) =>
            admin.post('/api/v1/scholarship-payments/update', { id, ...form, institute_id: schools[school]!.id, is_approved: 1 }),
          ),
        ),
        Promise.all(approved.filter((_, i) => i % 3 === 0).map((id) => admin.post('/api/v1/scholarship-payments/soft-delete', { id }))),
      ]);
      for (const answer of [...stored, ...approvals, ...withdrawals]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      approved = filed.map(({ id }) => id);
      filed = stored.map((answer, i) => ({ id: (answer.body.data as { id: number }).id, school: i, form: form(i) }));
    }
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });
});

describe('the payment form', () => {
  const form = (overrides: Record<string, unknown>) => ({ payment_method: 'bank', amount: '200', date: today(), ...overrides });

  it('takes a bank receipt number as printed on the slip, punctuation and all', async () => {
    const res = await api.post('/api/v1/scholarship-payments/store', form({ transaction_id: 'sb-2026/0451' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ transaction_id: 'SB-2026/0451' });
  });

  it('keeps a bKash transaction id to letters and digits', async () => {
    const res = await api.post('/api/v1/scholarship-payments/store', form({ payment_method: 'bkash', transaction_id: 'AB-12/34' }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ transaction_id: ['A bKash transaction id has letters and digits only.'] });
  });

  it.each(['0x10', '1e3', '12.5', '-200'])('refuses %s as an amount: whole taka in digits only', async (amount) => {
    const res = await api.post('/api/v1/scholarship-payments/store', form({ amount, transaction_id: `AMT${Date.now().toString(36)}` }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ amount: ['Enter a valid number.'] });
  });

  it('still reads thousands commas and Bengali digits', async () => {
    const res = await api.post('/api/v1/scholarship-payments/store', form({ amount: '১,০০০', transaction_id: `BN${Date.now().toString(36)}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 1000 });
  });
});
