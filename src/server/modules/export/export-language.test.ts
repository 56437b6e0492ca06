/**
 * The export as a spreadsheet a head teacher opens: headers and codes in the caller's language (the
 * `lang` parameter, else Accept-Language), digits meant as text kept as text, times in Bangladesh time,
 * and a file name that is the title and the day.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dhakaToday } from '../../../common/season.js';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let institute: Awaited<ReturnType<typeof instituteSession>>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  institute = await instituteSession(t, 880);
  const api = client(t, institute.token);
  await api.post(
    '/api/v1/scholarship-registrations/store',
    validStudent(12, { name_english: 'sumaiya akter', gender: 'f', class: '07', contact_number: '01711000111' }),
  );
  await api.post('/api/v1/scholarship-payments/store', { payment_method: 'bank', amount: 200, transaction_id: '8801712345678', date: '2026-11-20' });
});
afterAll(async () => t.close());

/** POST /api/v1/export-data as the institute, with the interface's Accept-Language. */
async function exportAs(body: Record<string, unknown>, acceptLanguage = 'bn') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/export-data',
    headers: { authorization: `Bearer ${institute.token}`, 'accept-language': acceptLanguage },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The CSV's lines as cells (no cell of these rows holds a comma or a line break). */
const table = (csv: string) =>
  csv
    .slice(1)
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));

describe('the export in the user’s language', () => {
  it('writes a registration list in Bengali: headers, class, gender, group, fee status and status as the lists show them', async () => {
    const res = await exportAs({ model: 'Registration', export_title: 'registration-list' });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registration-list-${dhakaToday()}.csv"`);
    const [header, row] = table(res.body) as [string[], string[]];
    expect(header).toEqual([
      'আইডি',
      'নিবন্ধন নম্বর',
      'রোল নম্বর',
      'প্রতিষ্ঠানের আইডি',
      'প্রতিষ্ঠান',
      'শিক্ষার্থীর নাম (ইংরেজিতে)',
      'শিক্ষার্থীর নাম (বাংলায়)',
      'পিতার নাম (ইংরেজিতে)',
      'মাতার নাম (ইংরেজিতে)',
      'শ্রেণি',
      'শ্রেণি রোল',
      'লিঙ্গ',
      'গ্রুপ',
      'অভিভাবকের মোবাইল নম্বর',
      'বিভাগ',
      'জেলা',
      'উপজেলা',
      'ডাকঘর',
      'ফি (টাকা)',
      'ফির অবস্থা',
      'অবস্থা',
      'তৈরির সময়',
    ]);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('শ্রেণি')).toBe('সপ্তম শ্রেণি');
    expect(cell('লিঙ্গ')).toBe('মেয়ে');
    expect(cell('গ্রুপ')).toBe('প্রযোজ্য নয়');
    expect(cell('ফির অবস্থা')).toBe('অপরিশোধিত');
    expect(cell('অবস্থা')).toBe('সক্রিয়');
    expect(cell('ফি (টাকা)')).toBe('200');
    expect(cell('শ্রেণি রোল')).toBe('12');
    // A mobile, a reg no and a roll no stay text in Excel and LibreOffice: a tab before the digits.
    expect(cell('অভিভাবকের মোবাইল নম্বর')).toBe('"\t01711000111"');
    expect(cell('নিবন্ধন নম্বর')).toMatch(/^"\t\d{13}"$/);
    expect(cell('রোল নম্বর')).toMatch(/^"\t\d{10}"$/);
    // Bangladesh time, as a spreadsheet reads a date and time.
    const stored = await t.app.db
      .selectFrom('scholarship_registrations')
      .select('created_at')
      .where('institute_id', '=', institute.id)
      .executeTakeFirstOrThrow();
    expect(cell('তৈরির সময়')).toBe(new Date(Date.parse(stored.created_at) + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('writes English when the interface is English, and the `lang` parameter wins over Accept-Language', async () => {
    const english = table((await exportAs({ model: 'scholarship-registrations', columns: ['class', 'gender', 'fee_status', 'status'] }, 'en')).body);
    expect(english).toEqual([
      ['Class', 'Gender', 'Fee status', 'Status'],
      ['Class Seven', 'Female', 'Unpaid', 'Active'],
    ]);
    const asked = table((await exportAs({ model: 'scholarship-registrations', columns: ['class', 'gender'], lang: 'bn' }, 'en')).body);
    expect(asked).toEqual([
      ['শ্রেণি', 'লিঙ্গ'],
      ['সপ্তম শ্রেণি', 'মেয়ে'],
    ]);
  });

  it('writes a payment list with its method, approval and state in words and a receipt of digits as text', async () => {
    const [header, row] = table(
      (await exportAs({ model: 'scholarship-payments', columns: ['amount', 'payment_method', 'transaction_id', 'date', 'is_approved', 'state'] })).body,
    );
    expect(header).toEqual(['পরিমাণ (টাকা)', 'মাধ্যম', 'ট্রানজেকশন/রসিদ নম্বর', 'জমার তারিখ', 'অনুমোদন', 'পেমেন্টের অবস্থা']);
    expect(row).toEqual(['200', 'ব্যাংক', '"\t8801712345678"', '2026-11-20', 'অনুমোদিত নয়', 'অপেক্ষমাণ']);
  });

  it('follows the same rules in the .xlsx: Bengali headers and labels, the mobile a text cell', async () => {
    const res = await exportAs({
      model: 'scholarship-registrations',
      format: 'xlsx',
      export_title: 'registration-list',
      columns: ['class', 'gender', 'contact_number', 'status'],
    });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registration-list-${dhakaToday()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['শ্রেণি', 'লিঙ্গ', 'অভিভাবকের মোবাইল নম্বর', 'অবস্থা']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['সপ্তম শ্রেণি', 'মেয়ে', '01711000111', 'সক্রিয়']);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('@');
  });

  it('labels an admin’s user list too: role, institute type and level, management', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/export-data',
      headers: { authorization: `Bearer ${await adminToken(t)}`, 'accept-language': 'bn' },
      payload: { model: 'users', columns: ['uid', 'role', 'phone_number'], search: institute.uid },
    });
    const [header, row] = table(res.body) as [string[], string[]];
    expect(header).toEqual(['প্রতিষ্ঠান আইডি', 'ভূমিকা', 'মোবাইল']);
    expect(row).toEqual([`"\t${institute.uid}"`, 'প্রতিষ্ঠান', expect.stringMatching(/^"\t01\d{9}"$/)]);
  });
});
