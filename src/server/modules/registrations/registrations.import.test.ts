/**
 * Bulk registration from a sheet (docs/integrators/imports.md): the template round-trips, each row
 * goes through the form's rules, refused rows come back as a sheet, re-importing adds nobody twice,
 * an institute imports only into itself, and bad files are 422s.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districtsOf, divisions, upazilasOf } from '../../../common/geo/index.js';
import { consistencyProblems } from '../../test/consistency.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, multipart, type Part } from '../media/media-test-helpers.js';
import { zipBomb } from '../../test/zip-bomb.js';

let t: TestApp;
let school: { token: string; id: number };
let other: { token: string; id: number };
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  school = await instituteSession(t, 840);
  other = await instituteSession(t, 841);
  admin = await adminToken(t);
});
afterAll(async () => t.close());

const dhaka = divisions.find((d) => d.name_en === 'Dhaka')!;
const district = districtsOf(dhaka.id)[0]!;
const upazila = upazilasOf(district.id)[0]!;

type Report = {
  total: number;
  valid: number;
  invalid: number;
  duplicates: number;
  stored: number;
  rows: { row: number; status: string; errors: Record<string, string[]> }[];
};

async function importSheet(token: string, file: Buffer, fields: Record<string, string> = {}, lang = 'en') {
  const parts: Part[] = [
    { name: 'file', file, filename: 'students.xlsx' },
    ...Object.entries({ dry_run: '0', ...fields }).map(([name, value]) => ({ name, value })),
  ];
  const { payload, headers } = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/scholarship-registrations/import',
    payload,
    headers: { ...headers, ...bearer(token), 'accept-language': lang },
  });
}
const reportOf = (res: { json: () => unknown }) => (res.json() as { data: Report }).data;

/** A student row as a head teacher types it: Bengali class and gender, the mobile as a number (its 0 lost). */
const studentRow = (n: number) => [
  'চতুর্থ',
  n,
  n % 2 ? 'ছেলে' : 'মেয়ে',
  'প্রযোজ্য নয়',
  `import student ${n}`,
  null,
  'ABDUL RAHIM',
  null,
  'RAHIMA BEGUM',
  null,
  null,
  1712345678,
  dhaka.name_en,
  district.name_bn,
  upazila.name_en,
  null,
  'Savar',
];

async function workbookOf(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function templateHeaders(token: string): Promise<{ workbook: ExcelJS.Workbook; headers: string[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/scholarship-registrations/import/template', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const headers = (workbook.worksheets[0]!.getRow(1).values as string[]).slice(1);
  return { workbook, headers };
}

describe('the template', () => {
  it('round-trips: downloaded, filled with 50 rows, imported; re-importing adds nobody', async () => {
    const { workbook, headers } = await templateHeaders(school.token);
    expect(headers[0]).toBe('শ্রেণি (Class)');
    expect(headers).not.toContain('প্রতিষ্ঠান আইডি (Institute ID)');
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A2').dataValidation).toMatchObject({ type: 'list' });
    expect(workbook.worksheets[1]!.rowCount).toBe(headers.length + 1);
    for (let n = 1; n <= 50; n++) sheet.addRow(studentRow(n));
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const dry = await importSheet(school.token, file, { dry_run: '1' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(reportOf(dry)).toMatchObject({ total: 50, valid: 50, invalid: 0, duplicates: 0, stored: 0 });
    const before = await t.app.db
      .selectFrom('scholarship_registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const real = reportOf(await importSheet(school.token, file));
    expect(real).toMatchObject({ total: 50, valid: 50, stored: 50 });
    expect(real.rows.every((row) => row.status === 'stored')).toBe(true);
    const stored = await t.app.db.selectFrom('scholarship_registrations').selectAll().where('institute_id', '=', school.id).orderBy('id').execute();
    expect(stored).toHaveLength(50);
    expect(stored[0]).toMatchObject({
      class: '04',
      class_roll: '1',
      gender: 'm',
      contact_number: '01712345678',
      upozilla_id: upazila.id,
      full_name: 'IMPORT STUDENT 1',
    });
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('scholarship_registrations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(before.n) + 50);

    const again = reportOf(await importSheet(school.token, file));
    expect(again).toMatchObject({ total: 50, valid: 0, duplicates: 50, stored: 0 });
    expect(await consistencyProblems(t.app.db)).toEqual([]);

    // Counters and search answer for imported rows as for typed ones.
    const api = client(t, school.token);
    expect(((await api.get('/api/v1/scholarship-registrations/analytics')).body.data as { total_registration: number }).total_registration).toBe(50);
    const found = await client(t, admin).get(`/api/v1/scholarship-registrations?search=${encodeURIComponent('import student 37')}`);
    expect((found.body.data as { data: { full_name: string }[] }).data.map((row) => row.full_name)).toContain('IMPORT STUDENT 37');
  });

  it('has an institute column for an admin', async () => {
    expect((await templateHeaders(admin)).headers[0]).toBe('প্রতিষ্ঠান আইডি (Institute ID)');
  });
});

describe('a sheet with bad rows', () => {
  it('stores exactly the good ones and gives back exactly the bad ones, with their messages', async () => {
    const { headers } = await templateHeaders(other.token);
    // Five kinds of mistake, four rows each, among 300.
    const spoil: ((row: unknown[]) => void)[] = [
      (row) => (row[4] = null), // no English name
      (row) => (row[0] = 'নবম'), // a class the exam does not have
      (row) => (row[11] = '0171234'), // a short mobile
      (row) => (row[10] = 2.0151234567890124e16), // a 17-digit birth number Excel stored as a number (and rounded)
      (row) => (row[13] = 'Dhakka'), // a misspelt district
    ];
    const rows = Array.from({ length: 300 }, (_, i) => {
      const row = studentRow(i + 1);
      if (i % 15 === 7) spoil[Math.floor(i / 15) % 5]!(row);
      return row;
    });
    const file = await workbookOf(headers, rows);
    const report = reportOf(await importSheet(other.token, file));
    expect(report).toMatchObject({ total: 300, valid: 280, invalid: 20, stored: 280 });
    const refused = report.rows.filter((row) => row.status === 'invalid');
    expect(refused.map((row) => row.row)).toEqual(rows.flatMap((_, i) => (i % 15 === 7 ? [i + 2] : [])));
    expect(refused[0]!.errors).toEqual({ name_english: ['This field is required.'] });
    expect(refused[3]!.errors.birth_certificate_no).toEqual([expect.stringContaining('text')]);
    expect(refused[4]!.errors.zilla_id![0]).toContain('ঢাকা');

    const failed = await importSheet(other.token, file, { failed_rows: '1' }, 'bn');
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(failed.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(21);
    expect(sheet.getCell(2, headers.length + 1).value).toContain('শিক্ষার্থীর নাম (ইংরেজি)');
    expect(sheet.getCell(2, 5).fill).toMatchObject({ type: 'pattern' });
    // A misspelt district is its own cell's fault, though the form's field is the district id.
    expect(sheet.getCell(6, 14).fill).toMatchObject({ type: 'pattern' });
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });
});

describe('whose rows', () => {
  it('keeps an institute to itself', async () => {
    const { headers } = await templateHeaders(school.token);
    const res = await importSheet(school.token, await workbookOf(headers, [studentRow(900)]), { institute_id: String(other.id) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys((res.json() as { data: object }).data)).toEqual(['institute_id']);
  });

  it('asks an admin which institute, and takes the one named', async () => {
    const { headers } = await templateHeaders(school.token);
    const file = await workbookOf(headers, [studentRow(901)]);
    expect((await importSheet(admin, file)).statusCode).toBe(422);
    const report = reportOf(await importSheet(admin, file, { institute_id: String(other.id) }));
    expect(report.stored).toBe(1);
    const row = await t.app.db
      .selectFrom('scholarship_registrations')
      .select('institute_id')
      .where('full_name', '=', 'IMPORT STUDENT 901')
      .executeTakeFirstOrThrow();
    expect(row.institute_id).toBe(other.id);
  });
});

describe('files that are not a sheet to import', () => {
  const refusedWith = async (file: Buffer, text: string) => {
    const res = await importSheet(school.token, file);
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as { data: { file: string[] } }).data.file[0]).toContain(text);
  };

  it('refuses a picture, an encrypted workbook, a broken zip and a zip that would inflate too far', async () => {
    await refusedWith(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'spreadsheet');
    await refusedWith(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]), 'password');
    await refusedWith(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(300, 7)]), 'damaged');
    // Its parts claim 1 KB each; the sheet inflates to 150 MB.
    await refusedWith(await zipBomb(150_000_000), 'too large');
  });

  it('refuses a header row that names nothing it knows, and more than 20,000 rows', async () => {
    await refusedWith(await workbookOf(['Colour', 'Size'], [['red', 'L']]), 'columns');
    const csv = `Class,Class Roll\n${Array.from({ length: 20_001 }, (_, i) => `4,${i + 1}`).join('\n')}\n`;
    await refusedWith(Buffer.from(csv), '20,000');
  });

  it('reads a formula as the value stored with it and evaluates nothing', async () => {
    const { headers } = await templateHeaders(school.token);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(headers);
    const row = sheet.addRow(studentRow(950));
    row.getCell(2).value = { formula: 'WEBSERVICE("http://evil.example")', result: 950 } as ExcelJS.CellFormulaValue;
    const report = reportOf(await importSheet(school.token, Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(report.stored).toBe(1);
    const stored = await t.app.db
      .selectFrom('scholarship_registrations')
      .select('class_roll')
      .where('full_name', '=', 'IMPORT STUDENT 950')
      .executeTakeFirstOrThrow();
    expect(stored.class_roll).toBe('950');
  });

  it('takes a CSV with Bengali digits and a BOM', async () => {
    const csv =
      "\uFEFFClass,Class Roll,Gender,Student Name (English),Father's Name (English),Mother's Name (English),Mobile Number,Post Office\n৭,৯৬০,f,csv student,A B,C D,০১৮১২৩৪৫৬৭৮,Savar\n";
    const report = reportOf(await importSheet(school.token, Buffer.from(csv)));
    expect(report).toMatchObject({ stored: 1, invalid: 0 });
  });
});

describe('rows that clash with another student', () => {
  it('refuses a roll another student holds, naming them; only the same student is a duplicate; the counts add up', async () => {
    const mine = await instituteSession(t, 842);
    const { headers } = await templateHeaders(mine.token);
    const first = studentRow(23);
    first[4] = 'ARJUN DAS';
    await importSheet(mine.token, await workbookOf(headers, [first]));
    const stored = await t.app.db.selectFrom('scholarship_registrations').select('reg_no').where('institute_id', '=', mine.id).executeTakeFirstOrThrow();

    const other = dhaka.id === divisions[0]!.id ? divisions[1]! : divisions[0]!;
    const elsewhere = upazilasOf(districtsOf(other.id)[0]!.id)[0]!;
    const rows = [
      studentRow(30), // row 2: fresh
      { ...studentRow(30), 4: 'RIDDHIMAN SAHA' }, // row 3: row 2's roll, another student
      first, // row 4: the student already stored
      { ...studentRow(23), 4: 'SOMEONE ELSE' }, // row 5: the stored student's roll, another student
      { ...studentRow(31), 4: null, 5: 'রিদ্ধিমান সাহা', 0: 'নবম' }, // row 6: a Bengali name only, a class the exam does not have
      { ...studentRow(32), 14: elsewhere.name_en }, // row 7: an upazila of another district
    ].map((row) => Object.assign([], row) as unknown[]);
    const res = await importSheet(mine.token, await workbookOf(headers, rows), { dry_run: '1' }, 'en');
    const report = reportOf(res);
    expect(report).toMatchObject({ total: 6, valid: 1, invalid: 4, duplicates: 1 });
    expect(report.valid + report.invalid + report.duplicates).toBe(report.total);
    const byRow = new Map(report.rows.map((row) => [row.row, row as Report['rows'][number] & { name: string | null }]));
    expect(byRow.get(3)).toMatchObject({ status: 'invalid' });
    expect(byRow.get(3)!.errors.class_roll![0]).toMatch(/IMPORT STUDENT 30.*row 2|row 2.*IMPORT STUDENT 30/);
    expect(byRow.get(4)).toMatchObject({ status: 'duplicate', errors: { class_roll: [expect.stringContaining('already registered')] } });
    expect(byRow.get(5)!.errors.class_roll![0]).toContain('ARJUN DAS');
    expect(byRow.get(5)!.errors.class_roll![0]).toContain(stored.reg_no);
    expect(byRow.get(6)!.name).toBe('রিদ্ধিমান সাহা');
    expect(byRow.get(6)!.errors.class![0]).toContain('চতুর্থ, সপ্তম');
    expect(byRow.get(7)!.errors.upozilla_id![0]).toContain('outside');
    expect(report.rows.every((row) => !('_' in row.errors))).toBe(true);

    const failed = await importSheet(mine.token, await workbookOf(headers, rows), { failed_rows: '1' }, 'bn');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(failed.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // The four refused rows, the clash among them; the duplicate is not refused.
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getCell(2, 5).value).toBe('RIDDHIMAN SAHA');
    expect(String(sheet.getCell(2, headers.length + 1).value)).toContain('IMPORT STUDENT 30');
    expect(String(sheet.getCell(2, headers.length + 1).value)).not.toMatch(/^_:/);
    // The template's drop-down lists come back with the rows.
    expect(sheet.getCell('A2').dataValidation).toMatchObject({ type: 'list' });
  });
});
