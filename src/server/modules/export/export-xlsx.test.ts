/**
 * POST /api/v1/export-data with format xlsx: the same rows, filters and owner rules as the CSV, read
 * back with exceljs the way Excel would show them.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';
import { HEADERS } from '../../lib/column-labels.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let admin: ReturnType<typeof client>;
let mine: Awaited<ReturnType<typeof instituteSession>>;
let theirs: Awaited<ReturnType<typeof instituteSession>>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  mine = await instituteSession(t, 870);
  theirs = await instituteSession(t, 871);
  const ours = client(t, mine.token);
  await ours.post(
    '/api/v1/scholarship-registrations/store',
    validStudent(7, { name_bangla: 'মোছাঃ সুমাইয়া আক্তার', name_english: 'sumaiya akter', gender: 'f' }),
  );
  await ours.post('/api/v1/scholarship-registrations/store', validStudent(8, { name_english: 'class seven boy', class: '07' }));
  await client(t, theirs.token).post('/api/v1/scholarship-registrations/store', validStudent(9, { name_english: 'other school' }));
  await ours.post('/api/v1/scholarship-payments/store', { payment_method: 'bank', amount: 400, transaction_id: '8801712345678', date: '2026-11-20' });
});
afterAll(async () => t.close());

type Exported = { status: number; headers: Record<string, unknown>; sheet: ExcelJS.Worksheet; rows: Record<string, ExcelJS.CellValue>[] };

/** The column a header names (the test client asks for English). */
const columnOf = new Map(Object.entries(HEADERS).map(([column, words]) => [words.en, column]));

/** Runs an export and reads the file; `rows` are the data rows keyed by the columns the header names. */
async function exportXlsx(api: ReturnType<typeof client>, body: Record<string, unknown>): Promise<Exported> {
  const res = await api.post('/api/v1/export-data', { format: 'xlsx', ...body });
  expect(res.status, res.raw.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = ((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1) as string[]).map((name) => columnOf.get(name) ?? name);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(Object.fromEntries(header.map((name, i) => [name, row.getCell(i + 1).value])));
  });
  return { status: res.status, headers: res.raw.headers, sheet, rows };
}

describe('Excel export', () => {
  it('answers an .xlsx with Bengali intact, numbers as numbers, reg and roll numbers as text and times as dates', async () => {
    const { headers, sheet, rows } = await exportXlsx(admin, { model: 'scholarship-registrations', export_title: 'Registration list' });
    expect(headers['content-type']).toBe(XLSX_TYPE);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="registration-list-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(rows).toHaveLength(3);
    const sumaiya = rows.find((row) => row.full_name === 'SUMAIYA AKTER')!;
    expect(sumaiya.name_bangla).toBe('মোছাঃ সুমাইয়া আক্তার');
    expect(sumaiya.reg_no).toMatch(/^\d{13}$/);
    expect(sumaiya.roll_no).toMatch(/^\d{10}$/);
    expect(sumaiya.contact_number).toBe('01911000000');
    expect(typeof sumaiya.id).toBe('number');
    expect(sumaiya.class_roll).toBe(7);
    expect(sumaiya.created_at).toBeInstanceOf(Date);
    // Bangladesh time: six hours ahead of the stored UTC time.
    const stored = await t.app.db
      .selectFrom('scholarship_registrations')
      .select('created_at')
      .where('id', '=', sumaiya.id as number)
      .executeTakeFirstOrThrow();
    expect((sumaiya.created_at as Date).getTime() - Date.parse(stored.created_at)).toBe(6 * 3600_000);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(6);
  });

  it('has the CSV columns, in its order', async () => {
    const csv = await admin.post('/api/v1/export-data', { model: 'scholarship-registrations' });
    const { sheet } = await exportXlsx(admin, { model: 'scholarship-registrations' });
    expect((sheet.getRow(1).values as string[]).slice(1).join(',')).toBe(csv.raw.body.slice(1).split('\n')[0]);
  });

  it('gives an institute only its own rows', async () => {
    const { rows } = await exportXlsx(client(t, mine.token), { model: 'scholarship-registrations' });
    expect(rows.map((row) => row.full_name).sort()).toEqual(['CLASS SEVEN BOY', 'SUMAIYA AKTER']);
    expect(new Set(rows.map((row) => row.institute_id))).toEqual(new Set([mine.id]));
  });

  it('honours search, conditions and columns like the CSV', async () => {
    const bySearch = await exportXlsx(admin, { model: 'Registration', search: 'সুমাইয়া' });
    expect(bySearch.rows.map((row) => row.full_name)).toEqual(['SUMAIYA AKTER']);
    const byClass = await exportXlsx(admin, { model: 'scholarship-registrations', conditions: { class: '07' }, columns: ['id', 'full_name', 'class'] });
    expect(byClass.rows).toEqual([{ id: expect.any(Number), full_name: 'CLASS SEVEN BOY', class: 'Class Seven' }]);
    const none = await exportXlsx(admin, { model: 'scholarship-registrations', status: 0 });
    expect(none.rows).toHaveLength(0);
    expect(none.sheet.rowCount).toBe(1);
  });

  it('writes payments with the amount a number, a digits-only receipt as text and the date a date', async () => {
    const { rows } = await exportXlsx(client(t, mine.token), { model: 'scholarship-payments' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 400, transaction_id: '8801712345678', institute_name: 'ঢাকা আদর্শ বিদ্যালয়', is_approved: 'Not approved' });
    expect(rows[0]!.date).toEqual(new Date('2026-11-20T00:00:00.000Z'));
    expect((await exportXlsx(client(t, theirs.token), { model: 'scholarship-payments' })).rows).toHaveLength(0);
  });

  it('refuses an unknown format, and the same bad requests as the CSV', async () => {
    const res = await admin.post('/api/v1/export-data', { model: 'news-categories', format: 'xls' });
    expect(res.status).toBe(422);
    expect(res.body.data).toHaveProperty('format');
    expect((await admin.post('/api/v1/export-data', { model: 'users', format: 'xlsx', columns: ['password_hash'] })).status).toBe(422);
    expect((await client(t, mine.token).post('/api/v1/export-data', { model: 'users', format: 'xlsx' })).status).toBe(403);
  });

  it('still answers CSV when no format is named', async () => {
    const res = await admin.post('/api/v1/export-data', { model: 'news-categories' });
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
