/**
 * Small leaks and misreadings found from outside: /verify does the same work for any token and its token
 * names no registration; an amount's grouping commas are taken only where they belong (both scripts); a
 * one-line field refuses control characters such as CR and LF while a multi-line one keeps its lines.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/types.js';
import { seatedInOneCentre, studentsOf } from '../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validRegistration, validStudent } from '../test/test-app.js';
import { verifiedSeat } from './exam/admit-cards.js';
import { amountOf } from './statements/statement-lines.js';
import { PaymentFields } from '../../common/schemas/payments.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

/** `db` with every statement it runs written down. */
function recording(db: Kysely<Database>): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: db.withPlugin({
      transformQuery(args) {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    }),
  };
}

describe('/verify', () => {
  let seated: { id: number; token: string };

  beforeAll(async () => {
    const school = await studentsOf(t, admin, 8800, ['04', '04'], 2);
    await seatedInOneCentre(t, admin, school.students[0]!.id, 5);
    seated = await t.app.db
      .selectFrom('exam_seats')
      .select(['registration_id as id', 'token'])
      .where('registration_id', '=', school.students[0]!.id)
      .executeTakeFirstOrThrow();
  });

  it('gives a token that names no registration', async () => {
    expect(seated.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(seated.token.startsWith(`${seated.id.toString(36)}-`)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/verify/${seated.token}` })).statusCode).toBe(200);
  });

  it('does the same work for a seated student’s token, a forged one naming a seated student and any other string', async () => {
    const tokens = [
      seated.token,
      `${seated.id.toString(36)}-${'A'.repeat(22)}`,
      `${(seated.id + 100_000).toString(36)}-${'A'.repeat(22)}`,
      'B'.repeat(22),
      'not a token',
    ];
    const work: string[][] = [];
    for (const token of tokens) {
      const { db, statements } = recording(t.app.db);
      await verifiedSeat(db, token);
      work.push(statements);
    }
    expect(work[0]).toEqual(['SelectQueryNode']);
    for (const [i, statements] of work.entries()) expect(statements, tokens[i]).toEqual(work[0]);
  });

  it('still opens a token given before, in the old form with the id in front', async () => {
    const old = `${seated.id.toString(36)}-${'C'.repeat(22)}`;
    await t.app.db.updateTable('exam_seats').set({ token: old }).where('registration_id', '=', seated.id).execute();
    expect((await t.app.inject({ method: 'GET', url: `/verify/${old}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/verify/${seated.token}` })).statusCode).toBe(404);
  });
});

describe('amounts', () => {
  it('takes grouping commas only where they belong, in either script', async () => {
    const cases: [string, number | null][] = [
      ['2,00', null],
      ['1,0000', null],
      [',200', null],
      ['200,', null],
      ['1,000', 1000],
      ['১,০০০', 1000],
      ['1,00,000', 100_000],
      ['১,০০,০০০', 100_000],
      ['10,000', 10_000],
      ['1,000,000', 1_000_000],
      ['৫০০', 500],
    ];
    for (const [typed, expected] of cases) {
      const read = PaymentFields.shape.amount.safeParse(typed);
      expect(read.success ? read.data : null, typed).toBe(expected);
    }
    // Through the form: a student's fee of 200 is not paid by "2,00".
    const api = client(t, (await instituteSession(t, 8810)).token);
    const student = (await api.post('/api/v1/scholarship-registrations/store', validStudent(88100))).body.data as { id: number; fee: number };
    const filed = (amount: string) =>
      api.post('/api/v1/scholarship-payments/store', {
        payment_method: 'bkash',
        amount,
        transaction_id: `AMT${amount.length}X${Date.now().toString(36).toUpperCase()}`,
        date: new Date().toISOString().slice(0, 10),
        registration_ids: [student.id],
      });
    const misplaced = String(student.fee).replace(/(\d)(\d\d)$/, '$1,$2');
    expect((await filed(misplaced)).body.data).toEqual({ amount: ['Enter a valid number.'] });
  });

  it('reads a statement’s amounts the same way', () => {
    expect(amountOf('2,00')).toBeNull();
    expect(amountOf('1,000.00')).toBe(1000);
    expect(amountOf('৳ ১,০০,০০০.৫০')).toBe(100_000.5);
    expect(amountOf('Tk. 1,0,0')).toBeNull();
  });
});

describe('one-line fields', () => {
  it('refuse CR, LF and other control characters; a multi-line field keeps its lines', async () => {
    for (const [i, name] of ['School\r\nBcc: x@example.test', 'School\nTwo', 'School\u0085', 'Tab\there', 'Line\u2028two'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'accept-language': 'en' },
        payload: validRegistration(8820 + i, { name }),
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect((res.json() as { data: Record<string, string[]> }).data.name, JSON.stringify(name)).toEqual(['Enter valid text.']);
    }
    const school = client(t, (await instituteSession(t, 8830)).token);
    const student = await school.post('/api/v1/scholarship-registrations/store', validStudent(88300, { name_english: 'ONE\nTWO' }));
    expect([student.status, student.body.data]).toEqual([422, { name_english: ['Enter valid text.'] }]);

    const page = await admin.post('/api/v1/pages/store', { title: 'Notice', url: 'notice-lines', meta_description: 'First line.\nSecond line.' });
    expect(page.status, JSON.stringify(page.body)).not.toBe(422);
  });
});
