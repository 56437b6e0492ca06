/**
 * Statement reconciliation (docs/integrators/statements.md): a statement's lines read into the four
 * lists whatever the ids' case and spacing, "approve all matched" approves exactly those, the same
 * statement uploaded again changes nothing, a header row is asked about once, and bad files are 422s.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementLine, StatementSummary, StatementUploadAnswer } from '../../../common/schemas/statements.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, multipart, png, type Part } from '../media/media-test-helpers.js';

let t: TestApp;
let admin: string;
let school: { token: string; id: number };
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  school = await instituteSession(t, 870);
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const suffix = Date.now().toString(36).toUpperCase();

async function fileAs(token: string, file: Buffer, fields: Record<string, string> = {}, filename = 'statement.csv') {
  const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', file, filename }];
  const { payload, headers } = await multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment-statements',
    payload,
    headers: { ...headers, ...bearer(token), 'accept-language': 'en' },
  });
  return { status: res.statusCode, body: res.json() as { message: string; data: StatementUploadAnswer & Record<string, unknown> } };
}
const upload = (file: Buffer, fields: Record<string, string> = {}, filename?: string) => fileAs(admin, file, fields, filename);

const csv = (rows: (string | number)[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\r\n'), 'utf8');
const BKASH_HEADERS = ['Date', 'TrxID', 'Transaction Type', 'Sender', 'Amount', 'Balance'];
const COLUMNS = { format_name: 'bKash merchant', transaction_column: 'TrxID', amount_column: 'Amount', date_column: 'Date' };

async function filePayment(form: { payment_method: string; amount: string; transaction_id: string }): Promise<number> {
  const res = await client(t, school.token).post('/api/v1/scholarship-payments/store', { ...form, date: today() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: number }).id;
}

async function statement(id: number): Promise<StatementSummary> {
  const res = await client(t, admin).get(`/api/v1/payment-statements/${id}`);
  expect(res.status).toBe(200);
  return res.body.data as StatementSummary;
}

async function list(id: number, name: string): Promise<StatementLine[]> {
  const res = await client(t, admin).get(`/api/v1/payment-statements/${id}/lines?list=${name}&paginate=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { data: StatementLine[] }).data;
}

async function approvalFinished(id: number): Promise<StatementSummary> {
  for (let i = 0; i < 200; i++) {
    const summary = await statement(id);
    if (summary.approval.state !== 'running') return summary;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the approval did not finish');
}

const paymentRow = (id: number) =>
  t.app.db.selectFrom('scholarship_payments').select(['is_approved', 'approved_at', 'approved_by']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a bKash merchant statement', () => {
  const ids = { matched: `AB12CD${suffix}`, differs: `EF56GH${suffix}`, missing: `IJ90KL${suffix}`, receipt: `SB-2026/${suffix}`, stranger: `ZZ99YY${suffix}` };
  const payments = { matched: 0, differs: 0, missing: 0, receipt: 0 };
  let first: StatementSummary;
  const file = () =>
    csv([
      BKASH_HEADERS,
      // The id in lower case and printed in groups; the amount with decimals.
      ['2026-11-20 10:22:11', `${ids.matched.slice(0, 4).toLowerCase()} ${ids.matched.slice(4).toLowerCase()}`, 'Payment', '01711000000', '400.00', '10400.00'],
      ['2026-11-20 11:00:00', ids.differs, 'Payment', '01711000001', '800', '11200.00'],
      ['21/11/2026', ` ${ids.receipt.toLowerCase()} `, 'Payment', '01711000002', '"1,000"', '12200.00'],
      ['2026-11-21 09:00:00', ids.stranger, 'Payment', '01711000003', '1000', '13200.00'],
      ['', 'Total', '', '', '', '13200.00'],
    ]);

  beforeAll(async () => {
    payments.matched = await filePayment({ payment_method: 'bkash', amount: '400', transaction_id: ids.matched });
    payments.differs = await filePayment({ payment_method: 'bkash', amount: '600', transaction_id: ids.differs });
    payments.missing = await filePayment({ payment_method: 'bkash', amount: '200', transaction_id: ids.missing });
    payments.receipt = await filePayment({ payment_method: 'bank', amount: '1000', transaction_id: ids.receipt });
  });

  it('asks for the columns of a header row it has not seen, suggesting them from the headers', async () => {
    const res = await upload(file());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ format_needed: true, headers: BKASH_HEADERS, guess: { transaction: 'TrxID', amount: 'Amount', date: 'Date' } });
  });

  it('reads the lines into the four lists once the columns are chosen', async () => {
    const res = await upload(file(), COLUMNS, 'bkash-november.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    first = res.body.data as StatementSummary;
    expect(first).toMatchObject({
      file_name: 'bkash-november.csv',
      format: { name: 'bKash merchant', columns: { transaction: 'TrxID', amount: 'Amount', date: 'Date' } },
      state: 'ready',
      lines: 4,
      skipped: 1,
      counts: { matched: 2, amount_differs: 1, not_filed: 1, missing: 1, approved: 0 },
      approval: { state: 'idle' },
    });
    const matched = await list(first.id, 'matched');
    expect(matched.map((line) => line.payment?.id).sort()).toEqual([payments.matched, payments.receipt].sort());
    expect(matched[0]).toMatchObject({ row: 2, amount: 400, date: '2026-11-20', payment: { amount: 400, state: 'pending', institute_id: school.id } });
    expect(matched[1]).toMatchObject({ date: '2026-11-21', payment: { transaction_id: ids.receipt } });
    expect(matched[0]!.payment!.institute_name).toBeTruthy();
    expect(await list(first.id, 'amount_differs')).toMatchObject([
      { transaction_id: ids.differs, amount: 800, payment: { id: payments.differs, amount: 600 } },
    ]);
    expect(await list(first.id, 'not_filed')).toMatchObject([{ transaction_id: ids.stranger, amount: 1000, payment: null }]);
    const missing = (await list(first.id, 'missing')).filter((line) => line.payment?.id === payments.missing);
    expect(missing).toMatchObject([{ row: null, transaction_id: ids.missing, payment: { amount: 200, state: 'pending' } }]);
  });

  it('approves exactly the matched payments, as a job whose progress the statement shows', async () => {
    const res = await client(t, admin).post(`/api/v1/payment-statements/${first.id}/approve`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await approvalFinished(first.id);
    expect(done.approval).toEqual({ job_id: expect.any(Number), state: 'done', total: 2, done: 2, approved: 2, skipped: 0 });
    expect(done.counts).toMatchObject({ matched: 0, approved: 2, amount_differs: 1, not_filed: 1 });
    expect((await paymentRow(payments.matched)).is_approved).toBe(1);
    expect((await paymentRow(payments.receipt)).is_approved).toBe(1);
    expect((await paymentRow(payments.differs)).is_approved).toBe(0);
    expect((await paymentRow(payments.missing)).is_approved).toBe(0);
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select('entity_id')
      .where('action', '=', 'payment.approve')
      .where('entity_id', 'in', Object.values(payments))
      .execute();
    expect(audit.map((entry) => entry.entity_id).sort()).toEqual([payments.matched, payments.receipt].sort());
    expect((await list(first.id, 'approved')).map((line) => line.payment?.state)).toEqual(['approved', 'approved']);
  });

  it('changes nothing when the same statement is uploaded again, and shows its payments approved', async () => {
    const before = await paymentRow(payments.matched);
    const res = await upload(file(), {}, 'bkash-november.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = res.body.data as StatementSummary;
    expect(again.counts).toEqual({ matched: 0, amount_differs: 1, not_filed: 1, missing: 1, approved: 2 });
    expect(await paymentRow(payments.matched)).toEqual(before);
    // The earlier upload gives way to the newer one.
    expect((await statement(first.id)).state).toBe('replaced');
    expect((await client(t, admin).post(`/api/v1/payment-statements/${first.id}/approve`)).status).toBe(409);
    const approvals = await t.app.db
      .selectFrom('audit_logs')
      .select('id')
      .where('action', '=', 'payment.approve')
      .where('entity_id', '=', payments.matched)
      .execute();
    expect(approvals).toHaveLength(1);
  });

  it('does not ask again for a header row it knows, whatever the lines', async () => {
    const res = await upload(csv([BKASH_HEADERS, ['2026-11-22', `NEW1${suffix}`, 'Payment', '01711000009', '200', '200']]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ format: { name: 'bKash merchant' }, counts: { not_filed: 1 } });
  });

  it('reads an .xlsx statement of a bank, dates and amounts as the sheet holds them', async () => {
    const receipt = `DB-${suffix}`;
    const paid = await filePayment({ payment_method: 'bank', amount: '2000', transaction_id: receipt });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['Value Date', 'Particulars', 'Receipt No', 'Credit']);
    sheet.addRow([new Date('2026-11-19T00:00:00Z'), 'Cash deposit', receipt.toLowerCase(), 2000]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const asked = await upload(file, {}, 'bank.xlsx');
    expect(asked.body.data).toMatchObject({ format_needed: true, guess: { transaction: 'Receipt No', amount: 'Credit', date: 'Value Date' } });
    const res = await upload(
      file,
      { format_name: 'Sonali Bank', transaction_column: 'Receipt No', amount_column: 'Credit', date_column: 'Value Date' },
      'bank.xlsx',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = res.body.data as StatementSummary;
    expect(summary.counts.matched).toBe(1);
    expect(await list(summary.id, 'matched')).toMatchObject([{ date: '2026-11-19', amount: 2000, payment: { id: paid } }]);
  });
});

describe('payments that change around a statement', () => {
  const HEADERS = ['Date', 'TrxID', 'Amount'];
  const format = { format_name: 'Short bKash', transaction_column: 'TrxID', amount_column: 'Amount', date_column: 'Date' };

  it('reads a line naming a refused payment as not filed: its institute files a corrected one', async () => {
    const id = `RF12${suffix}`;
    const refused = await filePayment({ payment_method: 'bkash', amount: '200', transaction_id: id });
    const refusal = await client(t, admin).post('/api/v1/scholarship-payments/refuse', { id: refused, reason: 'wrong transaction id' });
    expect(refusal.status, JSON.stringify(refusal.body)).toBe(200);
    const res = await upload(csv([HEADERS, ['2026-11-20', id, '200']]), format);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as StatementSummary).counts).toMatchObject({ matched: 0, not_filed: 1 });
  });

  it('passes over a matched payment whose amount its institute changed before the approval reached it', async () => {
    const id = `ED34${suffix}`;
    const edited = await filePayment({ payment_method: 'bkash', amount: '200', transaction_id: id });
    const res = await upload(csv([HEADERS, ['2026-11-20', id, '200']]), format);
    const summary = res.body.data as StatementSummary;
    expect(summary.counts.matched).toBe(1);
    const change = await client(t, school.token).post('/api/v1/scholarship-payments/update', {
      id: edited,
      payment_method: 'bkash',
      amount: '400',
      transaction_id: id,
      date: today(),
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await client(t, admin).post(`/api/v1/payment-statements/${summary.id}/approve`)).status).toBe(202);
    const done = await approvalFinished(summary.id);
    expect(done.approval).toMatchObject({ state: 'done', approved: 0, skipped: 1 });
    expect((await paymentRow(edited)).is_approved).toBe(0);
  });
});

describe('approving all matched, several times at once', () => {
  it('starts one run: the other calls are a 409, and the stored report is that run’s', async () => {
    const ids = Array.from({ length: 3 }, (_, i) => `CC${i}X${suffix}`);
    for (const id of ids) await filePayment({ payment_method: 'bkash', amount: '200', transaction_id: id });
    const res = await upload(csv([['Date', 'TrxID', 'Amount'], ...ids.map((id) => ['2026-11-20', id, '200'])]), {
      format_name: 'Short bKash',
      transaction_column: 'TrxID',
      amount_column: 'Amount',
      date_column: 'Date',
    });
    const summary = res.body.data as StatementSummary;
    expect(summary.counts.matched).toBe(3);
    const answers = await Promise.all(Array.from({ length: 6 }, () => client(t, admin).post(`/api/v1/payment-statements/${summary.id}/approve`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    const done = await approvalFinished(summary.id);
    expect(done.approval).toEqual({ job_id: expect.any(Number), state: 'done', total: 3, done: 3, approved: 3, skipped: 0 });
    // A call arriving once the run has finished does not start another, which would overwrite its report.
    const late = await client(t, admin).post(`/api/v1/payment-statements/${summary.id}/approve`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This statement’s approval has already run; upload the file again to read it against today’s payments.');
    expect((await statement(summary.id)).approval).toEqual(done.approval);
  });

  it('is watched as a job, and a run whose server stopped is failed and may be started again', async () => {
    const ids = Array.from({ length: 2 }, (_, i) => `DD${i}X${suffix}`);
    for (const id of ids) await filePayment({ payment_method: 'bkash', amount: '200', transaction_id: id });
    const res = await upload(csv([['Date', 'TrxID', 'Amount'], ...ids.map((id) => ['2026-11-20', id, '200'])]), {
      format_name: 'Short bKash again',
      transaction_column: 'TrxID',
      amount_column: 'Amount',
      date_column: 'Date',
    });
    const summary = res.body.data as StatementSummary;
    // A run another server was making when it stopped: its job still says running, its heartbeat is old.
    const long = new Date(Date.now() - 5 * 60_000).toISOString();
    const job = await t.app.db
      .insertInto('jobs')
      .values({ kind: 'statement_approval', user_id: 1, state: 'running', heartbeat: long, created_at: long, updated_at: long })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('payment_statements').set({ approval_job_id: job.id }).where('id', '=', summary.id).execute();
    expect((await statement(summary.id)).approval).toMatchObject({ job_id: job.id, state: 'failed' });

    const started = await client(t, admin).post(`/api/v1/payment-statements/${summary.id}/approve`);
    expect(started.status).toBe(202);
    const jobId = (started.body.data as StatementSummary).approval.job_id!;
    expect(jobId).not.toBe(job.id);
    const done = await approvalFinished(summary.id);
    expect(done.approval).toMatchObject({ job_id: jobId, state: 'done', approved: 2 });
    const watched = await client(t, admin).get(`/api/v1/jobs/${jobId}`);
    expect(watched.body.data).toMatchObject({ kind: 'statement_approval', state: 'done', done: 2, total: 2, result: { approved: 2, skipped: 0 } });
  });
});

describe('what is refused', () => {
  it('a file that is not a sheet', async () => {
    const res = await upload(await png(4, 4), COLUMNS, 'picture.csv');
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ file: ['This file is not a spreadsheet: send an .xlsx or .csv file.'] });
  });

  it('a statement with a header row and no lines', async () => {
    const res = await upload(csv([BKASH_HEADERS]));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ file: ['The statement has no lines below its header row.'] });
  });

  it('a chosen column the file does not have', async () => {
    const res = await upload(
      csv([
        ['When', 'Reference', 'Taka'],
        ['2026-11-20', 'QW12ER34', '200'],
      ]),
      { ...COLUMNS, format_name: 'Other bank' },
    );
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      transaction_column: ['The file’s header row has no such column.'],
      amount_column: ['The file’s header row has no such column.'],
      date_column: ['The file’s header row has no such column.'],
    });
  });

  it('a new format without a name', async () => {
    const res = await upload(
      csv([
        ['When', 'Reference', 'Taka'],
        ['2026-11-20', 'QW12ER34', '200'],
      ]),
      { transaction_column: 'Reference', amount_column: 'Taka' },
    );
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ format_name: ['This field is required.'] });
  });

  it('no file at all', async () => {
    const { payload, headers } = await multipart([{ name: 'format_name', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment-statements',
      payload,
      headers: { ...headers, ...bearer(admin), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('an institute, everywhere (403), and anyone not logged in (401)', async () => {
    expect((await fileAs(school.token, csv([BKASH_HEADERS, ['2026-11-20', 'QW12ER34', 'Payment', '0', '200', '0']]))).status).toBe(403);
    expect((await client(t, school.token).get('/api/v1/payment-statements/1')).status).toBe(403);
    expect((await client(t, school.token).get('/api/v1/payment-statements/1/lines?list=matched')).status).toBe(403);
    expect((await client(t, school.token).post('/api/v1/payment-statements/1/approve')).status).toBe(403);
    expect((await client(t).get('/api/v1/payment-statements/1')).status).toBe(401);
  });

  it('an unknown list or statement', async () => {
    expect((await client(t, admin).get('/api/v1/payment-statements/1/lines?list=everything')).status).toBe(422);
    expect((await client(t, admin).get('/api/v1/payment-statements/999999')).status).toBe(404);
  });
});
