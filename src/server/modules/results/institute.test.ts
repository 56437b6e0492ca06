/**
 * An institute's results (docs/integrators/documents.md): an institute reads only its own students and
 * only after publication; an admin reads any institute once processed; the .xlsx and the PDF hold the same
 * students. The results are written straight into `results`, as the processing would leave them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;

type Student = { id: number; fee: number; reg_no: string; roll_no: string; class: string; name_bangla: string; name_english: string };

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(() => t.close());

async function paidInstitute(classes: string[]) {
  const session = await instituteSession(t, 7100 + ++n);
  const api = client(t, session.token);
  const students: Student[] = [];
  for (const [i, klass] of classes.entries()) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(++n, { class: klass, name_bangla: `মোঃ আব্দুল্লাহ ক্ষমতা ${i}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as Student);
  }
  await payAndApprove(api, admin, students, `IR${n}${Date.now().toString(36).toUpperCase()}`);
  return { ...session, api, students };
}

/** The processed result of `students`: positions from `first` on, in the given order; the last one absent (position 0). */
async function processed(instituteId: number, students: Student[], first: number) {
  await t.app.db
    .insertInto('results')
    .values(
      students.map((s, i) => {
        const absent = i === students.length - 1;
        return {
          registration_id: s.id,
          class: s.class,
          roll_no: s.roll_no,
          institute_id: instituteId,
          zilla_id: null,
          upozilla_id: null,
          total: absent ? 0 : 250.5 - i,
          // As processing gives it: the absent have no position.
          position: absent ? 0 : first + i,
          state: absent ? ('absent' as const) : ('pass' as const),
          grade: i === 0 && !absent ? ('talent_pool' as const) : null,
        };
      }),
    )
    .execute();
}

/** The PDF's text as pdftotext lays it out (table cells stay on their row, a name whole). */
function textOf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'institute-results-'));
  try {
    fs.writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' }).normalize('NFC');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const setExam = (values: { results_version?: number; results_processed_at?: string | null }) =>
  t.app.db.updateTable('exams').set(values).where('id', '=', 1).execute();

type Answer = { institute: { id: number; name: string }; published: boolean; classes: Record<string, number | string>[]; rows: Record<string, unknown>[] };

describe('institute results', () => {
  let a: Awaited<ReturnType<typeof paidInstitute>>;
  let b: Awaited<ReturnType<typeof paidInstitute>>;

  beforeAll(async () => {
    a = await paidInstitute(['04', '07', '04', '04']);
    b = await paidInstitute(['04']);
  });

  it('are refused before processing to an admin, and before publication to an institute', async () => {
    expect((await admin.get(`/api/v1/results/institute?institute_id=${a.id}`)).status).toBe(409);
    expect((await admin.get('/api/v1/results/institute')).status).toBe(422);
    await processed(a.id, [a.students[2]!, a.students[0]!, a.students[3]!], 1);
    await processed(a.id, [a.students[1]!], 1);
    await processed(b.id, b.students, 4);
    const before = await a.api.get('/api/v1/results/institute');
    expect(before.status).toBe(409);
    expect(before.body.message).toBe('The result is not published yet.');
    expect((await a.api.get('/api/v1/results/institute/sheet.xlsx')).status).toBe(409);
    expect((await a.api.post('/api/v1/results/institute/sheet')).status).toBe(409);
  });

  it('give an admin any institute once processed, class by class in merit order (the absent last) with counts per class', async () => {
    const res = await admin.get(`/api/v1/results/institute?institute_id=${a.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Answer;
    expect(data.published).toBe(false);
    expect(data.institute.id).toBe(a.id);
    expect(data.rows.map((row) => row.roll_no)).toEqual([a.students[2], a.students[0], a.students[3], a.students[1]].map((s) => s!.roll_no));
    expect(data.rows[0]).toMatchObject({ registration_id: a.students[2]!.id, class: '04', position: 1, total: 250.5, state: 'pass', grade: 'talent_pool' });
    expect(data.rows[0]!.name_bangla).toBe(a.students[2]!.name_bangla);
    expect(data.classes).toEqual([
      { class: '04', students: 3, pass: 2, fail: 0, absent: 1, incomplete: 0, withheld: 0, talent_pool: 1, general: 0 },
      { class: '07', students: 1, pass: 0, fail: 0, absent: 1, incomplete: 0, withheld: 0, talent_pool: 0, general: 0 },
    ]);
    expect((await admin.get('/api/v1/results/institute?institute_id=999999')).status).toBe(404);
    // A mark changed since processing leaves the processed results readable.
    await setExam({ results_processed_at: null });
    expect((await admin.get(`/api/v1/results/institute?institute_id=${b.id}`)).status).toBe(200);
  });

  it('give an institute only its own students after publication, and refuse another institute’s id', async () => {
    await setExam({ results_version: 1 });
    expect((await a.api.get(`/api/v1/results/institute?institute_id=${b.id}`)).status).toBe(403);
    expect((await a.api.get(`/api/v1/results/institute/sheet.xlsx?institute_id=${b.id}`)).status).toBe(403);
    expect((await a.api.post(`/api/v1/results/institute/sheet?institute_id=${b.id}`)).status).toBe(403);
    const own = await b.api.get('/api/v1/results/institute');
    expect(own.status).toBe(200);
    const data = own.body.data as Answer;
    expect(data.published).toBe(true);
    expect(data.rows.map((row) => row.roll_no)).toEqual([b.students[0]!.roll_no]);
    expect((await b.api.get(`/api/v1/results/institute?institute_id=${b.id}`)).status).toBe(200);
  });

  it('give the sheet as .xlsx: counts, then the students with roll numbers as text, in the reader’s language', async () => {
    const res = (await a.api.get('/api/v1/results/institute/sheet.xlsx')).raw;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [counts, students] = workbook.worksheets;
    expect(counts!.getRow(1).values).toEqual([undefined, 'Class', 'Candidates', 'Passed', 'Failed', 'Absent', 'Talent pool', 'General']);
    expect(counts!.getRow(2).values).toEqual([undefined, 'Class Four', 3, 2, 0, 1, 1, 0]);
    expect(students!.rowCount).toBe(5);
    const first = students!.getRow(2);
    expect(first.getCell(3).value).toBe(a.students[2]!.roll_no);
    expect(first.getCell(3).numFmt).toBe('@');
    expect(first.getCell(4).value).toBe(a.students[2]!.name_bangla);
    expect(first.getCell(7).value).toBe('Passed');
    const rolls = [2, 3, 4, 5].map((i) => students!.getRow(i).getCell(3).value);
    expect(rolls).not.toContain(b.students[0]!.roll_no);
    const bengali = (await t.app.inject({ method: 'GET', url: '/api/v1/results/institute/sheet.xlsx', headers: { authorization: `Bearer ${a.token}` } }))
      .rawPayload;
    const inBengali = new ExcelJS.Workbook();
    await inBengali.xlsx.load(bengali as unknown as ArrayBuffer);
    expect(inBengali.worksheets[1]!.getRow(2).getCell(7).value).toBe('উত্তীর্ণ');
  });

  it('print the sheet as a PDF job holding the institute’s students and no one else’s', async () => {
    const started = await a.api.post('/api/v1/results/institute/sheet');
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const jobId = (started.body.data as { job_id: number }).job_id;
    const job = await jobOutcome<{ students: number; pages: number }>(a.api, jobId, 60_000);
    expect(job.state).toBe('done');
    expect(job.result).toMatchObject({ students: 4, pages: 2 });
    expect((await b.api.get(`/api/v1/jobs/${jobId}/file`)).status).toBe(404);
    const file = (await a.api.get(`/api/v1/jobs/${jobId}/file`)).raw;
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = textOf(file.rawPayload);
    for (const student of a.students) {
      expect(text).toContain(student.roll_no);
      expect(text.replace(/\s+/g, '')).toContain(student.name_bangla.normalize('NFC').replace(/\s+/g, ''));
    }
    expect(text).not.toContain(b.students[0]!.roll_no);
    const forB = await admin.post(`/api/v1/results/institute/sheet?institute_id=${b.id}`);
    expect(forB.status).toBe(202);
    expect((await jobOutcome(admin, (forB.body.data as { job_id: number }).job_id, 60_000)).state).toBe('done');
  });

  it('name the institute by the ID it logs in with, on the sheet and in the files’ names, never by its row id', async () => {
    const listed = (await admin.get(`/api/v1/results/institute?institute_id=${a.id}`)).body.data as { institute: { uid: string } };
    expect(listed.institute.uid).toBe(a.uid);
    const xlsx = (await a.api.get('/api/v1/results/institute/sheet.xlsx')).raw;
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="result-sheet-${a.uid}.xlsx"`);
    const started = await a.api.post('/api/v1/results/institute/sheet');
    const job = await jobOutcome<unknown>(a.api, (started.body.data as { job_id: number }).job_id, 60_000);
    expect(job.file_name).toBe(`result-sheet-${a.uid}.pdf`);
    const text = textOf((await a.api.get(`/api/v1/jobs/${(started.body.data as { job_id: number }).job_id}/file`)).raw.rawPayload);
    const digits = (value: string) => value.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
    expect(text).toContain(digits(a.uid));
  });
});
