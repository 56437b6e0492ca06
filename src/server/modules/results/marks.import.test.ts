/**
 * Marks import (docs/integrators/results.md): the class's template round-trips; each cell gets the checks of a typed
 * mark and a row with a bad cell is refused whole with its reasons per column; an empty cell leaves
 * a mark as it is; a dry run writes nothing; the refused rows come back as a sheet; refused once published.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSubjects, type SeasonStudent, studentsOf } from '../../test/season.js';
import { adminToken, client, examinerSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, multipart, type Part } from '../media/media-test-helpers.js';

let t: TestApp;
let token: string;
let admin: ReturnType<typeof client>;
let subjects: Awaited<ReturnType<typeof markSubjects>>;
let students: SeasonStudent[];

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  token = (await examinerSession(t, 940)).token;
  subjects = await markSubjects(admin);
  // Four paid class-four students, a paid class-seven one, an unpaid class-four one.
  students = (await studentsOf(t, admin, 941, ['04', '04', '04', '04', '07', '04'], 5)).students;
});
afterAll(async () => t.close());

type Report = {
  total: number;
  valid: number;
  invalid: number;
  stored: number;
  rows: { row: number; status: string; roll_no: string | null; errors: Record<string, string[]> }[];
};

async function importSheet(file: Buffer, fields: Record<string, string>) {
  const parts: Part[] = [
    { name: 'file', file, filename: 'marks.xlsx' },
    ...Object.entries({ class: '04', ...fields }).map(([name, value]) => ({ name, value })),
  ];
  const { payload, headers } = await multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/marks/import', payload, headers: { ...headers, ...bearer(token), 'accept-language': 'en' } });
}

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Marks');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const marksOf = (registrationId: number) =>
  t.app.db.selectFrom('marks').select(['subject_id', 'marks', 'absent']).where('registration_id', '=', registrationId).orderBy('subject_id').execute();

describe('the marks sheet', () => {
  it('has a template per class: the roll as text, then each subject in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/marks/import/template?class=04', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('marks-template-04.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['রোল নম্বর (Roll No)', 'বাংলা (Bangla)', 'গণিত (Mathematics)']);
    expect(sheet.getColumn(1).numFmt).toBe('@');
    expect(workbook.worksheets[1]!.getCell('B4').text).toContain('পূর্ণমান 50');
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/marks/import/template?class=05', headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(none.statusCode).toBe(422);
  });

  it('checks every cell as a typed mark, refuses a bad row whole, writes nothing on a dry run and gives the refused rows back', async () => {
    const [a, b, c, d, seven, unpaid] = students as [SeasonStudent, SeasonStudent, SeasonStudent, SeasonStudent, SeasonStudent, SeasonStudent];
    // A mark typed before the import: the sheet's empty cell keeps it.
    expect((await admin.post('/api/v1/marks', { roll_no: c.roll_no, subject_id: subjects.maths, marks: 33 })).status).toBe(200);
    const file = await workbookOf([
      ['Roll', 'Bangla', 'গণিত'],
      [Number(a.roll_no), 45.5, 'অ'],
      [b.roll_no, '৭২', 'absent'],
      [c.roll_no, 80, null],
      ['9999999999', 10, 10],
      [d.roll_no, 101, 0.3],
      [seven.roll_no, 50, null],
      [unpaid.roll_no, 50, null],
    ]);

    const dry = await importSheet(file, { dry_run: '1' });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = (dry.json() as { data: Report }).data;
    expect([report.total, report.valid, report.invalid, report.stored]).toEqual([7, 3, 4, 0]);
    expect(report.rows.map((row) => [row.row, row.status, row.roll_no])).toEqual([
      [2, 'valid', a.roll_no],
      [3, 'valid', b.roll_no],
      [4, 'valid', c.roll_no],
      [5, 'invalid', '9999999999'],
      [6, 'invalid', d.roll_no],
      [7, 'invalid', seven.roll_no],
      [8, 'invalid', unpaid.roll_no],
    ]);
    expect(report.rows[3]!.errors).toEqual({ roll_no: ['No candidate has this roll number.'] });
    expect(report.rows[4]!.errors).toEqual({
      [`subject_${subjects.bangla}`]: ['This subject has full marks of 100: more cannot be given.'],
      [`subject_${subjects.maths}`]: ['Enter the marks (0 or more, whole or half, e.g. 45 or 45.5), or "a" when absent.'],
    });
    expect(report.rows[5]!.errors).toEqual({ roll_no: [`Roll ${seven.roll_no} belongs to Class Seven: enter its marks in the Class Seven list.`] });
    expect(report.rows[6]!.errors).toEqual({ roll_no: ['No candidate has this roll number.'] });
    expect(await marksOf(a.id)).toEqual([]);

    const failed = await importSheet(file, { dry_run: '0', failed_rows: '1' });
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(failed.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Roll', 'Bangla', 'গণিত', 'Errors']);
    expect(sheet.getRow(3).getCell(1).text).toBe(d.roll_no);
    expect(sheet.getRow(3).getCell(4).text).toContain('বাংলা (Bangla): This subject has full marks of 100');
    expect(sheet.getRow(3).getCell(2).fill).toMatchObject({ type: 'pattern' });
    expect(await marksOf(a.id)).toEqual([]);

    const stored = await importSheet(file, { dry_run: '0' });
    expect(stored.statusCode, stored.body).toBe(200);
    const done = (stored.json() as { data: Report }).data;
    expect([done.total, done.valid, done.invalid, done.stored]).toEqual([7, 3, 4, 3]);
    const byId = <T extends { subject_id: number }>(list: T[]) => [...list].sort((x, y) => x.subject_id - y.subject_id);
    expect(await marksOf(a.id)).toEqual(
      byId([
        { subject_id: subjects.bangla, marks: 45.5, absent: 0 },
        { subject_id: subjects.maths, marks: null, absent: 1 },
      ]),
    );
    expect(await marksOf(b.id)).toEqual(
      byId([
        { subject_id: subjects.bangla, marks: 72, absent: 0 },
        { subject_id: subjects.maths, marks: null, absent: 1 },
      ]),
    );
    expect(await marksOf(c.id)).toEqual(
      byId([
        { subject_id: subjects.bangla, marks: 80, absent: 0 },
        { subject_id: subjects.maths, marks: 33, absent: 0 },
      ]),
    );
    expect(await marksOf(d.id)).toEqual([]);
    const audited = await t.app.db
      .selectFrom('audit_logs')
      .select('entity_id')
      .where('action', '=', 'marks.update')
      .where('user_role', '=', 'examiner')
      .execute();
    expect(audited).toHaveLength(5);
  });

  it('refuses a sheet without the roll or any subject of the class, and any sheet once published', async () => {
    const noRoll = await importSheet(await workbookOf([['Bangla'], [40]]), { dry_run: '1' });
    expect(noRoll.statusCode).toBe(422);
    expect((noRoll.json() as { data: unknown }).data).toEqual({
      file: ["The sheet needs the roll column and at least one of this class's subject columns: use the class's template."],
    });
    const file = await workbookOf([
      ['Roll', 'Bangla'],
      [students[0]!.roll_no, 99],
    ]);
    await t.app.db.updateTable('exams').set({ results_version: 1 }).where('id', '=', 1).execute();
    try {
      expect((await importSheet(file, { dry_run: '0' })).statusCode).toBe(409);
    } finally {
      await t.app.db.updateTable('exams').set({ results_version: 0 }).where('id', '=', 1).execute();
    }
    expect(await marksOf(students[0]!.id)).toContainEqual({ subject_id: subjects.bangla, marks: 45.5, absent: 0 });
  });

  it('lists the marks a sheet would replace, old and new, and stores them only once that many are confirmed', async () => {
    const [a, b, c] = students as [SeasonStudent, SeasonStudent, SeasonStudent];
    const file = await workbookOf([
      ['Roll', 'Bangla', 'গণিত'],
      [a.roll_no, 50, 'অ'],
      [b.roll_no, null, null],
      [c.roll_no, 80, 35],
    ]);
    const dry = await importSheet(file, { dry_run: '1' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect((dry.json() as { data: { changes: unknown[] } }).data.changes).toEqual([
      { roll_no: a.roll_no, subject_id: subjects.bangla, before: { marks: 45.5, absent: false }, after: { marks: 50, absent: false } },
      { roll_no: c.roll_no, subject_id: subjects.maths, before: { marks: 33, absent: false }, after: { marks: 35, absent: false } },
    ]);
    for (const confirm of [undefined, '1']) {
      const refused = await importSheet(file, { dry_run: '0', ...(confirm ? { confirm_changes: confirm } : {}) });
      expect(refused.statusCode).toBe(422);
      expect((refused.json() as { data: unknown }).data).toEqual({
        file: ['This sheet changes 2 marks already entered: check the old and new marks in the dry run and confirm the change.'],
      });
    }
    expect(await marksOf(a.id)).toContainEqual({ subject_id: subjects.bangla, marks: 45.5, absent: 0 });
    const stored = await importSheet(file, { dry_run: '0', confirm_changes: '2' });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await marksOf(a.id)).toContainEqual({ subject_id: subjects.bangla, marks: 50, absent: 0 });
    expect(await marksOf(c.id)).toContainEqual({ subject_id: subjects.maths, marks: 35, absent: 0 });
  });
});
