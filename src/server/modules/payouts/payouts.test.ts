/**
 * Scholarships paid (docs/integrators/payouts.md), on both databases: the details' checks per field, the
 * institute's window and an admin's correction at any time, each change audited; a batch takes only complete
 * details of its kind, and of two batches asked for at once only one takes anybody; each layout's file; the
 * provider's result round trip (paid, failed with its reason, a wrong amount or reference refused and never
 * applied); a failed student corrected goes into the next batch, a paid one never again; a withdrawn award
 * never goes into a new batch.
 * The round trip's files are left in test-results/payouts/ (the exported batch and the imported result).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutResultReport } from '../../../common/schemas/imports.js';
import type { PayoutBatch, PayoutSummary, PayoutWinner } from '../../../common/schemas/payouts.js';
import { type SeasonStudent, studentsOf } from '../../test/season.js';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, multipart } from '../media/media-test-helpers.js';
import { PAYOUT_LAYOUTS } from './payout-layouts.js';

type Api = ReturnType<typeof client>;

let t: TestApp;
let admin: Api;
let adminBearer: string;
let school: { api: Api; students: SeasonStudent[] };
let other: { api: Api; students: SeasonStudent[] };
const AMOUNT = { talent_pool: 3000, general: 1500 };
const OUT = 'test-results/payouts';

/** Awards `student` as the scholarships module does on publication (its table, written here by the test only). */
async function award(student: SeasonStudent, instituteId: number, grade: 'talent_pool' | 'general') {
  await t.app.db
    .insertInto('scholarship_awards')
    .values({
      registration_id: student.id,
      institute_id: instituteId,
      class: student.class,
      roll_no: student.roll_no,
      grade,
      amount: AMOUNT[grade],
      code: `C${student.id}X${Date.now().toString(36)}`,
      result_version: 1,
      awarded_at: new Date().toISOString(),
      withdrawn_at: null,
    })
    .execute();
}

const instituteOf = (student: SeasonStudent) =>
  t.app.db.selectFrom('scholarship_registrations').select('institute_id').where('id', '=', student.id).executeTakeFirstOrThrow();

async function setting(key: string, value: string | null) {
  await t.app.db.updateTable('setting_values').set({ value }).where('key', '=', key).execute();
}

const wallet = (number: string, provider = 'bkash') => ({ method: 'wallet', wallet_provider: provider, wallet_number: number, guardian_name: 'আব্দুল করিম' });
const bank = {
  method: 'bank',
  account_name: 'ABDUL KARIM',
  account_number: '0012 3456 7890 1',
  bank_name: 'Sonali Bank',
  branch_name: 'Motijheel',
  routing_number: '200271234',
  guardian_name: 'Abdul Karim',
};

const details = (api: Api, student: SeasonStudent, body: Record<string, unknown>) => api.post(`/api/v1/payouts/details/${student.id}`, body);

async function makeBatch(layout: string) {
  return admin.post('/api/v1/payout-batches', { layout });
}

async function batchFile(id: number, format: 'xlsx' | 'csv') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/payout-batches/${id}/file?format=${format}`, headers: bearer(adminBearer) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.rawPayload, name: /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1]! };
}

async function sheetRows(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

async function resultFile(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Result');
  sheet.addRow(['Reference', 'Amount', 'Status', 'Reason', 'TrxID']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importResult(batchId: number, file: Buffer, dryRun: boolean) {
  const { payload, headers } = await multipart([
    { name: 'dry_run', value: dryRun ? '1' : '0' },
    { name: 'file', file, filename: 'result.xlsx' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payout-batches/${batchId}/result`,
    payload,
    headers: { ...headers, ...bearer(adminBearer), 'accept-language': 'en' },
  });
  return { status: res.statusCode, body: res.json() as { message: string; data: PayoutResultReport } };
}

async function winnersOf(api: Api): Promise<PayoutWinner[]> {
  const res = await api.get('/api/v1/payouts/winners');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { winners: { data: PayoutWinner[] } }).winners.data;
}

const stateOf = async (student: SeasonStudent) => (await winnersOf(admin)).find((w) => w.registration_id === student.id)!;

const lines = (batchId: number) =>
  t.app.db.selectFrom('payout_lines').select(['registration_id', 'reference', 'amount', 'state']).where('batch_id', '=', batchId).orderBy('id').execute();

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  adminBearer = await adminToken(t);
  admin = client(t, adminBearer);
  school = await studentsOf(t, admin, 940, ['04', '04', '04', '04', '07', '07'], 0);
  other = await studentsOf(t, admin, 941, ['04', '07'], 0);
  const [s0, s1, s2, s3, s4, s5] = school.students;
  const schoolId = (await instituteOf(s0!)).institute_id;
  const otherId = (await instituteOf(other.students[0]!)).institute_id;
  for (const [student, grade] of [
    [s0, 'talent_pool'],
    [s1, 'general'],
    [s2, 'general'],
    [s3, 'general'],
    [s4, 'talent_pool'],
  ] as const)
    await award(student!, schoolId, grade);
  await award(other.students[0]!, otherId, 'general');
  // s5 is not a winner.
  void s5;
  mkdirSync(OUT, { recursive: true });
}, 120_000);
afterAll(async () => t.close());

describe('payout details', () => {
  it('checks every field at once: 422 with each field’s message', async () => {
    const student = school.students[0]!;
    let res = await details(school.api, student, {});
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data).sort()).toEqual(['guardian_name', 'method']);

    res = await details(school.api, student, { method: 'wallet', wallet_provider: 'upay', wallet_number: '01211111111', guardian_name: 'ক' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ wallet_provider: [expect.any(String)], wallet_number: ['Enter a valid Bangladeshi mobile number (e.g. 01712345678).'] });

    res = await details(school.api, student, { ...bank, account_number: '12345', routing_number: '20027123', bank_name: ' ' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      account_number: ['The account number must be 6 to 17 digits.'],
      routing_number: ['The routing number must be 9 digits.'],
      bank_name: [expect.any(String)],
    });
    expect(await t.app.db.selectFrom('payout_details').select('registration_id').where('registration_id', '=', student.id).executeTakeFirst()).toBeUndefined();
  });

  it('stores numbers as people copy them: Bengali digits, spaces and +880 read, nothing else changed', async () => {
    const res = await details(school.api, school.students[0]!, wallet('+৮৮০ ১৭১১-০০০০০১'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const winner = res.body.data as PayoutWinner;
    expect(winner.details).toMatchObject({ method: 'wallet', wallet_provider: 'bkash', wallet_number: '01711000001', account_number: null });
    expect(winner.state).toBe('ready');

    const banked = await details(school.api, school.students[1]!, bank);
    expect(banked.status, JSON.stringify(banked.body)).toBe(200);
    expect((banked.body.data as PayoutWinner).details).toMatchObject({ account_number: '0012345678901', routing_number: '200271234', wallet_number: null });
  });

  it('is only for the institute’s own winners', async () => {
    expect((await details(other.api, school.students[2]!, wallet('01711000002'))).status).toBe(404);
    // A student who won nothing has no payout.
    expect((await details(school.api, school.students[5]!, wallet('01711000002'))).status).toBe(404);
    const own = await winnersOf(other.api);
    expect(own.map((w) => w.registration_id)).toEqual([other.students[0]!.id]);
  });

  it('is entered by the institute inside the window only; an admin corrects at any time', async () => {
    const student = school.students[2]!;
    await setting('payout_details_opens', '2999-01-01');
    let res = await details(school.api, student, wallet('01711000003'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Payout details cannot be entered yet.');
    await setting('payout_details_opens', null);
    await setting('payout_details_closes', '2000-01-01');
    res = await details(school.api, student, wallet('01711000003'));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is over/);
    const window = (await school.api.get('/api/v1/payouts/winners')).body.data as { window: { open: boolean; closes: string } };
    expect(window.window).toMatchObject({ open: false, closes: '2000-01-01' });

    res = await details(admin, student, wallet('01711000003', 'nagad'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await setting('payout_details_closes', null);
  });

  it('audits every change with what it was and what it became', async () => {
    const student = school.students[2]!;
    expect((await details(school.api, student, wallet('01811000003', 'nagad'))).status).toBe(200);
    const audits = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after', 'user_id'])
      .where('entity', '=', 'payout-details')
      .where('entity_id', '=', student.id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['payout.details', 'payout.details']);
    expect(audits[0]!.before).toBeNull();
    expect(JSON.parse(audits[1]!.before!)).toMatchObject({ wallet_number: '01711000003', wallet_provider: 'nagad' });
    expect(JSON.parse(audits[1]!.after!)).toMatchObject({ wallet_number: '01811000003' });
  });
});

describe('payout batches', () => {
  let bkash: PayoutBatch;

  it('takes only complete details of its layout’s kind, and two at once never take a student twice', async () => {
    // s0 bKash, s1 bank, s2 Nagad; s3 and s4 have no details; s4 gets bKash details now.
    expect((await details(school.api, school.students[4]!, wallet('01911000005'))).status).toBe(200);
    const asked = await admin.get('/api/v1/payouts/summary');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const before = asked.body.data as PayoutSummary;
    expect(before.layouts.find((l) => l.key === 'bkash_bulk')!.ready).toEqual({ students: 2, amount: 6000 });
    expect(before.states.details_missing.students).toBe(2);

    const [a, b] = await Promise.all([makeBatch('bkash_bulk'), makeBatch('bkash_bulk')]);
    const made = [a, b].filter((res) => res.status === 200);
    expect(made).toHaveLength(1);
    expect([a, b].find((res) => res.status !== 200)!.status).toBe(409);
    bkash = made[0]!.body.data as PayoutBatch;
    expect(bkash).toMatchObject({ layout: 'bkash_bulk', state: 'open', lines: 2, amount: 6000, paid: 0, failed: 0 });
    const held = await lines(bkash.id);
    expect(held.map((l) => l.registration_id).sort()).toEqual([school.students[0]!.id, school.students[4]!.id].sort());
    expect(new Set(held.map((l) => l.reference)).size).toBe(2);
    expect((await makeBatch('bkash_bulk')).status).toBe(409);
    expect((await makeBatch('no_such_layout')).status).toBe(422);
  });

  it('makes the bank and Nagad batches apart, and on PostgreSQL as on SQLite two racing batches split nothing', async () => {
    const results = await Promise.all([makeBatch('beftn'), makeBatch('nagad_bulk'), makeBatch('beftn'), makeBatch('nagad_bulk')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const all = await t.app.db.selectFrom('payout_lines').select('registration_id').where('holding_registration_id', 'is not', null).execute();
    expect(all).toHaveLength(4);
    expect(new Set(all.map((l) => l.registration_id)).size).toBe(4);
  });

  it('locks the details of a student in a live batch', async () => {
    const res = await details(admin, school.students[0]!, wallet('01711000009'));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/live payout batch/);
    expect((await stateOf(school.students[0]!)).locked).toBe(true);
  });

  it('writes each layout’s columns, named by the batch’s reference', async () => {
    const batches = (await admin.get('/api/v1/payout-batches')).body.data as PayoutBatch[];
    for (const batch of batches) {
      const layout = PAYOUT_LAYOUTS.find((l) => l.key === batch.layout)!;
      const { body, name } = await batchFile(batch.id, 'xlsx');
      expect(name).toBe(`${batch.reference}-${layout.key}.xlsx`);
      const rows = await sheetRows(body);
      expect(rows[0]).toEqual(layout.columns.map((c) => c.header));
      expect(rows).toHaveLength(batch.lines + 1);
    }
    const beftn = batches.find((b) => b.layout === 'beftn')!;
    const rows = await sheetRows((await batchFile(beftn.id, 'xlsx')).body);
    // The account number keeps its leading zeros; EFT amounts have two decimals.
    expect(rows[1]).toEqual(['ABDUL KARIM', '0012345678901', '200271234', '1500.00', `${beftn.reference}-0001`, 'Sonali Bank', 'Motijheel']);
    const nagad = batches.find((b) => b.layout === 'nagad_bulk')!;
    const csv = (await batchFile(nagad.id, 'csv')).body.toString('utf8');
    expect(csv).toBe(`\ufeff"Mobile Number","Amount","Reference","Receiver Name"\r\n"8801811000003","1500","${nagad.reference}-0001","আব্দুল করিম"\r\n`);
  });

  it('round-trips the provider’s result: paid, failed with its reason, a wrong amount or reference refused and never applied', async () => {
    const { body: exported, name } = await batchFile(bkash.id, 'xlsx');
    writeFileSync(`${OUT}/${name}`, exported);
    const rows = await sheetRows(exported);
    const [first, second] = rows.slice(1).map((row) => ({ reference: row[2]!, amount: Number(row[1]) }));
    const file = await resultFile([
      [first!.reference, first!.amount, 'Completed', '', 'TRX001'],
      [second!.reference, second!.amount + 1, 'Completed', '', 'TRX002'],
      [`${bkash.reference}-0099`, 100, 'Completed', '', 'TRX003'],
      [second!.reference, second!.amount, 'Failed', '', ''],
    ]);
    const dry = await importResult(bkash.id, file, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ total: 4, valid: 1, invalid: 3, stored: 0, paid: 1, failed: 0 });
    expect(dry.body.data.rows.map((r) => [r.status, Object.keys(r.errors)])).toEqual([
      ['valid', []],
      ['invalid', ['amount']],
      ['invalid', ['reference']],
      ['invalid', ['reason']],
    ]);
    expect((await lines(bkash.id)).every((l) => l.state === 'pending')).toBe(true);
    const { payload, headers } = await multipart([
      { name: 'failed_rows', value: '1' },
      { name: 'file', file, filename: 'result.xlsx' },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payout-batches/${bkash.id}/result`,
      payload,
      headers: { ...headers, ...bearer(adminBearer) },
    });
    expect(refused.statusCode).toBe(200);
    expect((await sheetRows(refused.rawPayload)).map((row) => row[0])).toEqual(['Reference', second!.reference, `${bkash.reference}-0099`, second!.reference]);

    const result = await resultFile([
      [first!.reference, `${first!.amount}.00`, 'Completed', '', 'TRX001'],
      [second!.reference, second!.amount + 500, 'Completed', '', 'TRX002'],
    ]);
    const applied = await importResult(bkash.id, result, false);
    expect(applied.body.data).toMatchObject({ stored: 1, invalid: 1, paid: 1, failed: 0 });
    expect(applied.body.data.rows[1]!.errors).toEqual({ amount: ['The amount is not the amount of this reference’s line.'] });
    expect((await lines(bkash.id)).map((l) => l.state)).toEqual(['paid', 'pending']);

    const failed = await resultFile([
      [first!.reference, first!.amount, 'Completed', '', 'TRX001'],
      [second!.reference, second!.amount, 'Failed', 'Wallet not found', ''],
    ]);
    writeFileSync(`${OUT}/${bkash.reference}-result.xlsx`, failed);
    const settled = await importResult(bkash.id, failed, false);
    expect(settled.body.data).toMatchObject({ stored: 1, unchanged: 1, paid: 0, failed: 1 });
    const batch = ((await admin.get('/api/v1/payout-batches')).body.data as PayoutBatch[]).find((b) => b.id === bkash.id)!;
    expect(batch).toMatchObject({ state: 'closed', paid: 1, failed: 1 });
    expect(batch.closed_at).not.toBeNull();
    const audits = await t.app.db.selectFrom('audit_logs').select('action').where('entity', '=', 'payout-batches').where('entity_id', '=', bkash.id).execute();
    expect(audits.map((a) => a.action)).toEqual(['payout.batch', 'payout.result', 'payout.result']);

    // A paid line never changes its outcome.
    const turned = await importResult(bkash.id, await resultFile([[first!.reference, first!.amount, 'Failed', 'late', '']]), false);
    expect(turned.body.data.rows[0]!.errors).toEqual({ status: ['This line’s result was already taken otherwise.'] });
  });

  it('reads a season’s result in one file, past a registration import’s 20,000 rows, up to its own 200,000 lines', async () => {
    const csv = (lines: number) =>
      Buffer.from(['Reference,Amount,Status', ...Array.from({ length: lines }, (_, i) => `${bkash.reference}-X${i},1500,Completed`)].join('\n'));
    const season = await importResult(bkash.id, csv(20_001), true);
    expect(season.status, JSON.stringify(season.body).slice(0, 300)).toBe(200);
    expect(season.body.data).toMatchObject({ total: 20_001, valid: 0, invalid: 20_001, stored: 0 });
    const tooMany = await importResult(bkash.id, csv(200_001), true);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.data).toEqual({ file: ['A result file may hold at most 200,000 lines: split the file.'] });
  });

  it('sends a failed student back to the institute, and into the next batch once corrected; a paid one never again', async () => {
    const paidLine = (await lines(bkash.id)).find((l) => l.state === 'paid')!;
    const failedLine = (await lines(bkash.id)).find((l) => l.state === 'failed')!;
    const failedStudent = school.students.find((s) => s.id === failedLine.registration_id)!;
    const mine = await winnersOf(school.api);
    expect(mine.find((w) => w.registration_id === failedStudent.id)).toMatchObject({ state: 'failed', failure_reason: 'Wallet not found', locked: false });
    expect(mine.find((w) => w.registration_id === paidLine.registration_id)).toMatchObject({ state: 'paid', locked: true });
    // Not corrected yet: nobody is ready.
    expect((await makeBatch('bkash_bulk')).status).toBe(409);
    const paidStudent = school.students.find((s) => s.id === paidLine.registration_id)!;
    expect((await details(admin, paidStudent, wallet('01711000010'))).body.message).toMatch(/has been paid/);

    expect((await details(school.api, failedStudent, wallet('01711000011'))).status).toBe(200);
    const next = await makeBatch('bkash_bulk');
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await lines((next.body.data as PayoutBatch).id)).map((l) => l.registration_id)).toEqual([failedStudent.id]);
    const paidLines = await t.app.db.selectFrom('payout_lines').select('id').where('registration_id', '=', paidStudent.id).execute();
    expect(paidLines).toHaveLength(1);
  });

  it('never puts a withdrawn award in a new batch', async () => {
    const withdrawn = other.students[0]!;
    expect((await details(admin, withdrawn, wallet('01711000012'))).status).toBe(200);
    await t.app.db.updateTable('scholarship_awards').set({ withdrawn_at: new Date().toISOString() }).where('registration_id', '=', withdrawn.id).execute();
    expect((await makeBatch('bkash_bulk')).status).toBe(409);
    expect(await t.app.db.selectFrom('payout_lines').select('id').where('registration_id', '=', withdrawn.id).execute()).toHaveLength(0);
    await t.app.db.updateTable('scholarship_awards').set({ withdrawn_at: null }).where('registration_id', '=', withdrawn.id).execute();
    await t.app.db.deleteFrom('payout_details').where('registration_id', '=', withdrawn.id).execute();
  });

  it('shows the admin the money and students per state', async () => {
    const summary = (await admin.get('/api/v1/payouts/summary')).body.data as PayoutSummary;
    expect(summary.awarded).toEqual({ students: 6, amount: 3000 * 2 + 1500 * 4 });
    expect(summary.states).toMatchObject({
      paid: { students: 1 },
      in_batch: { students: 3 },
      details_missing: { students: 2, amount: 3000 },
      failed: { students: 0, amount: 0 },
    });
  });
});
