/**
 * Results (docs/integrators/results.md): processing against a worked example of 30 students with ties, under a
 * class quota, an upazila quota and cut-off marks; nothing public before publication; the lookup
 * answers only the right pair, the same answer for every wrong one, and 429 past the limit.
 * Marks are written straight into `marks` here: entering them is the marks suite's subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districtsOf, divisions, upazilasOf } from '../../../common/geo/index.js';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';
import { pdfText } from '../../test/poppler.js';
import { LOOKUP_MISSES } from './lookup.routes.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let adminBearer: string;
let n = 0;
const division = divisions[1]!;
const district = districtsOf(division.id)[0]!;
const [upazilaA, upazilaB] = upazilasOf(district.id);
const txid = () => `RS${(++n).toString(36).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

type Student = { id: number; roll_no: string; reg_no: string; class: string; fee: number; name_english: string };
/** s[1] … s[30]: class 4, registered in this order (so their rolls ascend); t[1], t[2]: class 7. */
const s: Student[] = [];
const t7: Student[] = [];
let unpaid: Student;
let subjects04: number[];
let subjects07: number[];
let instituteA: Awaited<ReturnType<typeof instituteSession>>;
let instituteB: Awaited<ReturnType<typeof instituteSession>>;

/** [institute, Bangla, English, Mathematics] per student; 'a' absent, null not entered; student 28 has no marks at all. */
type Marks = (number | 'a' | null)[];
const MARKS: Record<number, ['A' | 'B', ...Marks]> = {
  1: ['A', 90, 85, 95],
  2: ['A', 95, 90, 85],
  3: ['B', 90, 90, 90],
  4: ['A', 80, 80, 80.5],
  5: ['B', 100, 70, 70],
  6: ['B', 70, 100, 70],
  7: ['A', 80, 80, 80],
  8: ['A', 75, 75, 75],
  9: ['A', 75, 75, 75],
  10: ['B', 60, 70, 80],
  11: ['A', 70, 70, 70],
  12: ['A', 65, 65, 65],
  13: ['B', 65, 65, 64.5],
  14: ['A', 60, 60, 60],
  15: ['B', 60, 60, 60],
  16: ['A', 55, 55, 55],
  17: ['B', 50, 50, 50],
  18: ['A', 50, 'a', 50],
  19: ['B', 45, 45, 45],
  20: ['A', 40, 40, 40],
  21: ['B', 40, 40, 39],
  22: ['A', 30, 30, 30],
  23: ['B', 30, 30, 30],
  24: ['A', 20, 20, 20],
  25: ['B', 10, 10, 10],
  26: ['A', 0, 0, 0],
  27: ['B', 'a', 'a', 'a'],
  28: ['A'],
  29: ['B', 50, 50, null],
  30: ['A', 35, 35, 35],
};

/**
 * Worked by hand: totals descending; equal totals by Bangla, then English, then Mathematics (absent
 * lowest), then the lower roll. 270: 2 (Bangla 95), 3 (90, English 90), 1 (90, 85); 240: 5 (Bangla 100),
 * 7 (80), 6 (70); 225 and 180 and 90: all marks equal, so by roll; 210: 11 (Bangla 70) before 10 (60).
 * 27 is recorded absent in every subject: position 0. 28 (no marks) and 29 (no Mathematics) have a mark
 * nobody entered: no result is made for them (incomplete, position 0), neither a fail nor an absence.
 */
const MERIT = [2, 3, 1, 4, 5, 7, 6, 8, 9, 11, 10, 12, 13, 14, 15, 16, 17, 19, 20, 21, 30, 18, 22, 23, 24, 25, 26];

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  adminBearer = await adminToken(t);
  admin = client(t, adminBearer);
  const exam = await admin.post('/api/v1/exam/update', {
    name_bn: 'বৃত্তি পরীক্ষা ২০২৬',
    name_en: 'Scholarship Examination 2026',
    instructions: '',
    seating: 'mixed',
    sittings: [],
    subjects: [
      { class: '04', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
      { class: '04', name_bn: 'ইংরেজি', name_en: 'English', full_marks: 100 },
      { class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100 },
      { class: '07', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
      { class: '07', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100 },
    ],
  });
  expect(exam.status, JSON.stringify(exam.body)).toBe(200);
  const subjects = (exam.body.data as { subjects: { id: number; class: string }[] }).subjects;
  subjects04 = subjects.filter((x) => x.class === '04').map((x) => x.id);
  subjects07 = subjects.filter((x) => x.class === '07').map((x) => x.id);

  const institutes = { A: await instituteSession(t, 8100), B: await instituteSession(t, 8101) };
  instituteA = institutes.A;
  instituteB = institutes.B;
  for (const [key, upazila] of [
    ['A', upazilaA!],
    ['B', upazilaB!],
  ] as const)
    await t.app.db
      .updateTable('users')
      .set({ division_id: division.id, zilla_id: district.id, upozilla_id: upazila.id })
      .where('id', '=', institutes[key].id)
      .execute();
  const apis = { A: client(t, institutes.A.token), B: client(t, institutes.B.token) };
  const register = async (key: 'A' | 'B', klass: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await apis[key].post('/api/v1/scholarship-registrations/store', validStudent(++n, { class: klass, name_english: name, ...extra }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Student;
  };
  for (let i = 1; i <= 30; i++) s[i] = await register(MARKS[i]![0], '04', `RESULT STUDENT ${i}`, i === 5 ? { birth_certificate_no: '20151234567890123' } : {});
  t7[1] = await register('A', '07', 'RESULT SEVEN ONE');
  t7[2] = await register('B', '07', 'RESULT SEVEN TWO');
  unpaid = await register('A', '07', 'RESULT UNPAID');
  for (const key of ['A', 'B'] as const) {
    const own = [...s.filter((x, i) => x && MARKS[i]![0] === key), key === 'A' ? t7[1]! : t7[2]!];
    await payAndApprove(apis[key], admin, own, txid());
  }

  const at = new Date().toISOString();
  const rows: { registration_id: number; subject_id: number; marks: number | null; absent: number; updated_at: string }[] = [];
  for (let i = 1; i <= 30; i++)
    (MARKS[i]!.slice(1) as Marks).forEach((mark, k) => {
      if (mark === null) return;
      rows.push({ registration_id: s[i]!.id, subject_id: subjects04[k]!, marks: mark === 'a' ? null : mark, absent: mark === 'a' ? 1 : 0, updated_at: at });
    });
  rows.push({ registration_id: t7[1]!.id, subject_id: subjects07[0]!, marks: 50, absent: 0, updated_at: at });
  rows.push({ registration_id: t7[1]!.id, subject_id: subjects07[1]!, marks: 50, absent: 0, updated_at: at });
  rows.push({ registration_id: t7[2]!.id, subject_id: subjects07[0]!, marks: 60, absent: 0, updated_at: at });
  rows.push({ registration_id: t7[2]!.id, subject_id: subjects07[1]!, marks: 40, absent: 0, updated_at: at });
  rows.push({ registration_id: unpaid.id, subject_id: subjects07[0]!, marks: 99, absent: 0, updated_at: at });
  await t.app.db.insertInto('marks').values(rows).execute();
}, 120_000);
afterAll(async () => t.close());

type Summary = {
  classes: {
    class: string;
    students: number;
    pass: number;
    fail: number;
    absent: number;
    talent_pool: number;
    general: number;
    incomplete: number;
    withheld: number;
  }[];
};

async function process(rule04: Record<string, unknown>) {
  const saved = await admin.post('/api/v1/results/rules', {
    rules: [
      { class: '04', ...rule04 },
      { class: '07', pass_marks: 0, kind: 'cutoff', scope: 'class', talent_pool: 100, general: 0 },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const started = await admin.post('/api/v1/results/process');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await jobOutcome<Summary>(admin, (started.body.data as { job_id: number }).job_id, 30_000);
  expect(job.state).toBe('done');
  return job.result;
}

async function resultsOf(ids: number[]) {
  const rows = await t.app.db.selectFrom('results').selectAll().where('registration_id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.registration_id, row]));
}

const gradesOf = async () => {
  const rows = await resultsOf(s.slice(1).map((x) => x.id));
  return Object.fromEntries(
    s.slice(1).flatMap((x, i) => {
      const grade = rows.get(x.id)!.grade;
      return grade ? [[i + 1, grade]] : [];
    }),
  );
};

const lookup = (roll: string, reg: string, ip = '198.51.100.7') =>
  t.app.inject({ method: 'GET', url: `/result?roll=${encodeURIComponent(roll)}&reg=${encodeURIComponent(reg)}`, remoteAddress: ip });

describe('processing', () => {
  it('orders a class by total with the documented tie rule, with a position each, and the absent last', async () => {
    const summary = await process({ pass_marks: 100, kind: 'quota', scope: 'class', talent_pool: 3, general: 5 });
    const rows = await resultsOf(s.slice(1).map((x) => x.id));
    const positions = MERIT.map((i) => rows.get(s[i]!.id)!.position);
    expect(positions).toEqual(MERIT.map((_, k) => k + 1));
    expect(rows.get(s[27]!.id)).toMatchObject({ state: 'absent', position: 0, total: 0 });
    expect(rows.get(s[28]!.id)).toMatchObject({ state: 'incomplete', position: 0, grade: null });
    expect(rows.get(s[29]!.id)).toMatchObject({ state: 'incomplete', position: 0, grade: null });
    expect(rows.get(s[4]!.id)!.total).toBe(240.5);
    expect(rows.get(s[18]!.id)).toMatchObject({ total: 100, state: 'pass' });
    expect(rows.get(s[22]!.id)).toMatchObject({ total: 90, state: 'fail', grade: null });
    expect(summary.classes.find((c) => c.class === '04')).toMatchObject({
      students: 30,
      pass: 22,
      fail: 5,
      absent: 1,
      talent_pool: 3,
      general: 5,
      incomplete: 2,
      withheld: 0,
    });
  });

  it('gives a class quota to the top of the class: talent pool, then general', async () => {
    expect(await gradesOf()).toEqual({
      2: 'talent_pool',
      3: 'talent_pool',
      1: 'talent_pool',
      4: 'general',
      5: 'general',
      7: 'general',
      6: 'general',
      8: 'general',
    });
  });

  it('gives an upazila quota to the top of each upazila', async () => {
    const summary = await process({ pass_marks: 100, kind: 'quota', scope: 'upazila', talent_pool: 2, general: 2 });
    // Upazila A (institute A) in merit order: 2, 1, 4, 7 …; upazila B: 3, 5, 6, 10 …
    expect(await gradesOf()).toEqual({
      2: 'talent_pool',
      1: 'talent_pool',
      4: 'general',
      7: 'general',
      3: 'talent_pool',
      5: 'talent_pool',
      6: 'general',
      10: 'general',
    });
    expect(summary.classes.find((c) => c.class === '04')).toMatchObject({ talent_pool: 4, general: 4 });
  });

  it('gives grades by cut-off totals', async () => {
    await process({ pass_marks: 100, kind: 'cutoff', scope: 'class', talent_pool: 240, general: 200 });
    expect(await gradesOf()).toEqual({
      2: 'talent_pool',
      3: 'talent_pool',
      1: 'talent_pool',
      4: 'talent_pool',
      5: 'talent_pool',
      7: 'talent_pool',
      6: 'talent_pool',
      8: 'general',
      9: 'general',
      11: 'general',
      10: 'general',
    });
  });

  it('ranks each class on its own, and only candidates', async () => {
    const rows = await resultsOf([t7[1]!.id, t7[2]!.id, unpaid.id]);
    // Equal totals (100): Bangla 60 before 50.
    expect(rows.get(t7[2]!.id)).toMatchObject({ position: 1, grade: 'talent_pool' });
    expect(rows.get(t7[1]!.id)).toMatchObject({ position: 2, grade: 'talent_pool' });
    expect(rows.has(unpaid.id)).toBe(false);
  });

  it('refuses a cut-off for general above talent pool, and a fractional quota', async () => {
    const bad = await admin.post('/api/v1/results/rules', {
      rules: [
        { class: '04', pass_marks: 0, kind: 'cutoff', scope: 'class', talent_pool: 100, general: 200 },
        { class: '07', pass_marks: 0, kind: 'quota', scope: 'class', talent_pool: 2.5, general: 1 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as Record<string, string[]>).sort()).toEqual(['rules.0.general', 'rules.1.talent_pool']);
  });

  it('shows the merit list to the admin a page at a time', async () => {
    const page = await admin.get('/api/v1/results/merit?class=04&page=2&per_page=5');
    expect(page.status).toBe(200);
    const data = page.body.data as { total: number; rows: { position: number; roll_no: string }[] };
    expect(data.total).toBe(27);
    expect(data.rows.map((row) => row.roll_no)).toEqual(MERIT.slice(5, 10).map((i) => s[i]!.roll_no));
  });
});

describe('publication and the public lookup', () => {
  it('shows nothing before publication', async () => {
    const res = await lookup(s[2]!.roll_no, s[2]!.reg_no);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ফলাফল এখনও প্রকাশিত হয়নি');
    expect(res.body).not.toContain('RESULT STUDENT 2');
    const institute = client(t, instituteA.token);
    expect((await institute.get('/api/v1/results')).status).toBe(403);
  });

  it('shows marks entry per class and subject: entered, absent, missing, and the missing rolls', async () => {
    const res = await admin.get('/api/v1/marks/progress');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const four = (res.body.data as { classes: { class: string; candidates: number; missing_candidates: number; subjects: unknown[] }[] }).classes.find(
      (c) => c.class === '04',
    )!;
    expect(four).toMatchObject({ candidates: 30, missing_candidates: 2 });
    expect(four.subjects).toMatchObject([
      { name_en: 'Bangla', entered: 28, absent: 1, missing: 1, missing_rolls: [s[28]!.roll_no] },
      { name_en: 'English', entered: 27, absent: 2, missing: 1, missing_rolls: [s[28]!.roll_no] },
      { name_en: 'Mathematics', entered: 27, absent: 1, missing: 2, missing_rolls: [s[28]!.roll_no, s[29]!.roll_no] },
    ]);
  });

  it('refuses to publish a result that a change made stale, or with a missing mark, naming the classes and subjects', async () => {
    await t.app.db
      .updateTable('exams')
      .set((eb) => ({ results_generation: eb('results_generation', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    expect((await admin.post('/api/v1/results/publish', { published: 1 })).status).toBe(409);
    await process({ pass_marks: 100, kind: 'quota', scope: 'class', talent_pool: 3, general: 5 });
    const refused = await admin.post('/api/v1/results/publish', { published: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Class Four: 2 candidates (Bangla 1, English 1, Mathematics 2)');
    const inBengali = await t.app.inject({
      method: 'POST',
      url: '/api/v1/results/publish',
      payload: { published: 1 },
      headers: { authorization: `Bearer ${adminBearer}`, 'accept-language': 'bn' },
    });
    expect(inBengali.statusCode).toBe(409);
    expect(inBengali.json().message).toContain('চতুর্থ শ্রেণির ২ জন (বাংলা ১, ইংরেজি ১, গণিত ২)');
    expect((await admin.get('/api/v1/results')).body.data).toMatchObject({ published: false });
  });

  it('publishes with the incomplete withheld only when the admin says why, audited per student', async () => {
    const started = await admin.post('/api/v1/results/publish', { published: 1, withhold_reason: 'উত্তরপত্র পাওয়া যায়নি' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await jobOutcome<{ students: number }>(admin, (started.body.data as { job_id: number }).job_id, 30_000);
    expect(job.state).toBe('done');
    expect(job.result.students).toBe(32);
    const state = (await admin.get('/api/v1/results')).body.data as { published: boolean };
    expect(state.published).toBe(true);
    expect((await admin.post('/api/v1/results/process')).status).toBe(409);
    const rows = await resultsOf([s[28]!.id, s[29]!.id]);
    expect([rows.get(s[28]!.id)!.state, rows.get(s[29]!.id)!.state]).toEqual(['withheld', 'withheld']);
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'user_role', 'after'])
      .where('action', '=', 'results.withhold')
      .orderBy('entity_id')
      .execute();
    expect(log.map((entry) => ({ ...entry, after: JSON.parse(entry.after!) }))).toEqual(
      [28, 29].map((i) => ({ entity_id: s[i]!.id, user_role: 'admin', after: { roll_no: s[i]!.roll_no, reason: 'উত্তরপত্র পাওয়া যায়নি' } })),
    );
  });

  it('shows a withheld result as withheld, never as a fail or an absence, on the lookup, the slip and the merit list', async () => {
    for (const i of [28, 29]) {
      const res = await lookup(s[i]!.roll_no, s[i]!.reg_no);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('ফলাফল স্থগিত');
      for (const word of ['অনুপস্থিত', 'অনুত্তীর্ণ', 'উত্তীর্ণ', 'মেধাক্রম', 'বৃত্তি পায়নি']) expect(res.body).not.toContain(word);
    }
    const slip = await t.app.inject({ method: 'GET', url: `/result/slip?roll=${s[29]!.roll_no}&reg=${s[29]!.reg_no}` });
    const text = await pdfText(slip.rawPayload);
    // The result box's words: "ফলাফল স্থগিত Result withheld", wrapped in the box.
    expect(text).toMatch(/Result\s+withheld|withheld/);
    expect(text).not.toMatch(/Absent|Failed|Passed|No scholarship/);
    const list = await t.app.inject({ method: 'GET', url: '/merit-list/04' });
    expect(list.body).toContain('ফলাফল স্থগিত');
    const withheld = list.body.slice(list.body.indexOf('merit-withheld-rolls'));
    expect([...withheld.matchAll(/<li>(\d{10})<\/li>/g)].map((m) => m[1])).toEqual([s[28]!.roll_no, s[29]!.roll_no]);
  });

  it("lists an institute's results in merit order: the withheld after the placed, the absent last, in the API and the sheet", async () => {
    const read = async (id: number) => {
      const res = await admin.get(`/api/v1/results/institute?institute_id=${id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { rows: { roll_no: string; class: string; state: string }[] }).rows
        .filter((row) => row.class === '04')
        .map((row) => row.roll_no);
    };
    const inOrder = (key: 'A' | 'B') => [...MERIT.filter((i) => MARKS[i]![0] === key), ...(key === 'A' ? [28] : [29, 27])].map((i) => s[i]!.roll_no);
    expect(await read(instituteA.id)).toEqual(inOrder('A'));
    expect(await read(instituteB.id)).toEqual(inOrder('B'));

    const started = await admin.post(`/api/v1/results/institute/sheet?institute_id=${instituteB.id}`);
    expect(started.status).toBe(202);
    const jobId = (started.body.data as { job_id: number }).job_id;
    expect((await jobOutcome(admin, jobId, 60_000)).state).toBe('done');
    const text = await pdfText((await admin.get(`/api/v1/jobs/${jobId}/file`)).raw.rawPayload);
    const printed = [...text.matchAll(/\b(26\d{8})\b/g)].map((m) => m[1]).filter((roll) => inOrder('B').includes(roll!));
    expect(printed).toEqual(inOrder('B'));
    expect(text).toMatch(/Result\s+withheld/);
  });

  it('answers the right pair with the result and nothing about anyone else', async () => {
    const res = await lookup(s[2]!.roll_no, s[2]!.reg_no);
    expect(res.statusCode).toBe(200);
    // A child's result is never kept by the browser: a shared computer's next user cannot find it.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain('RESULT STUDENT 2');
    // A family's answer is kept out of search engines; the form is what they should find.
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect((await t.app.inject({ method: 'GET', url: '/result' })).body).not.toContain('noindex');
    expect(res.body).toContain('ট্যালেন্টপুল বৃত্তি');
    // One term for each thing, as the slip, the admit card and the app say it.
    expect(res.body).toContain('নিবন্ধন নম্বর');
    expect(res.body).toContain('উত্তীর্ণ');
    expect(res.body).not.toContain('রেজিস্ট্রেশন');
    expect(res.body).toContain('২৭০');
    expect(res.body).not.toContain('RESULT STUDENT 3');
    // The birth registration number does as well as the registration number, typed in Bengali digits.
    const birth = await lookup(s[5]!.roll_no, '২০১৫১২৩৪৫৬৭৮৯০১২৩');
    expect(birth.statusCode).toBe(200);
    expect(birth.body).toContain('RESULT STUDENT 5');
    const absent = await lookup(s[18]!.roll_no, s[18]!.reg_no);
    expect(absent.body).toContain('অনুপস্থিত');
  });

  it('gives every wrong pair the same answer', async () => {
    const wrong = [
      await lookup(s[2]!.roll_no, s[3]!.reg_no, '198.51.100.8'),
      await lookup('2699999999', s[2]!.reg_no, '198.51.100.8'),
      await lookup(unpaid.roll_no, unpaid.reg_no, '198.51.100.8'),
    ];
    for (const res of wrong) expect(res.statusCode).toBe(404);
    // The same answer, apart from the numbers typed, which the form keeps.
    expect(new Set(wrong.map((res) => res.body.replace(/ value="[^"]*"/g, ''))).size).toBe(1);
    expect(wrong[0]!.body).toContain('কোনো ফলাফল পাওয়া যায়নি');
  });

  it('keeps what was typed after a wrong pair, so a typo is corrected instead of typed again', async () => {
    const res = await lookup('২৬০৪০০০০০২', s[3]!.reg_no, '198.51.100.9');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="roll" name="roll" inputmode="numeric" autocomplete="off" value="২৬০৪০০০০০২"');
    expect(res.body).toContain(`value="${s[3]!.reg_no}"`);
  });

  it('asks for digits in both fields without looking anything up', async () => {
    const res = await lookup('abc', '');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('শুধু অঙ্কে লিখুন');
    expect(res.body).toContain('এই ঘরটি পূরণ করুন');
  });

  it('releases a withheld result by processing again once its marks are in; the other stays withheld', async () => {
    expect((await admin.post('/api/v1/results/publish', { published: 0 })).status).toBe(200);
    const saved = await admin.post('/api/v1/marks', { roll_no: s[29]!.roll_no, subject_id: subjects04[2]!, marks: 40 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const summary = await process({ pass_marks: 100, kind: 'quota', scope: 'class', talent_pool: 3, general: 5 });
    expect(summary.classes.find((c) => c.class === '04')).toMatchObject({ incomplete: 0, withheld: 1, pass: 23 });
    const rows = await resultsOf([s[28]!.id, s[29]!.id]);
    expect(rows.get(s[28]!.id)).toMatchObject({ state: 'withheld', position: 0 });
    expect(rows.get(s[29]!.id)).toMatchObject({ state: 'pass', total: 140 });
    expect(rows.get(s[29]!.id)!.position).toBeGreaterThan(0);
    const released = await t.app.db.selectFrom('audit_logs').select('entity_id').where('action', '=', 'results.release').execute();
    expect(released.map((entry) => entry.entity_id)).toEqual([s[29]!.id]);
    // 28 stays withheld by the admin's decision: publishing needs no new one.
    const again = await admin.post('/api/v1/results/publish', { published: 1 });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect((await jobOutcome(admin, (again.body.data as { job_id: number }).job_id, 30_000)).state).toBe('done');
    expect((await lookup(s[29]!.roll_no, s[29]!.reg_no)).body).toContain('উত্তীর্ণ');
  });

  it('withdraws the result', async () => {
    expect((await admin.post('/api/v1/results/publish', { published: 0 })).status).toBe(200);
    expect((await lookup(s[2]!.roll_no, s[2]!.reg_no)).body).toContain('ফলাফল এখনও প্রকাশিত হয়নি');
    const again = await admin.post('/api/v1/results/publish', { published: 1 });
    await jobOutcome(admin, (again.body.data as { job_id: number }).job_id, 30_000);
    expect((await lookup(s[2]!.roll_no, s[2]!.reg_no)).body).toContain('RESULT STUDENT 2');
    // One version lives at a time.
    const versions = await t.app.db.selectFrom('result_snapshot').select('version').distinct().execute();
    expect(versions).toHaveLength(1);
  });
});

describe('the lookup under a guessing address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({}, { rateLimit: true });
  });
  afterAll(async () => limited.close());

  it('answers 429 past the limit of wrong pairs, to that address only', async () => {
    // Published, so every guess is a real miss.
    await limited.app.db.updateTable('exams').set({ results_version: 1 }).where('id', '=', 1).execute();
    const guess = (i: number, ip: string) => limited.app.inject({ method: 'GET', url: `/result?roll=${2604000000 + i}&reg=260000001`, remoteAddress: ip });
    for (let i = 0; i < LOOKUP_MISSES.max; i++) expect((await guess(i, '203.0.113.5')).statusCode).toBe(404);
    const refused = await guess(99, '203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('অনেকবার ভুল নম্বর');
    expect((await guess(100, '203.0.113.6')).statusCode).toBe(404);
  });
});

describe('the slip and the merit list', () => {
  it('prints the slip of the right pair only, and lists the holders on the site and as a PDF', async () => {
    const slip = await t.app.inject({ method: 'GET', url: `/result/slip?roll=${s[2]!.roll_no}&reg=${s[2]!.reg_no}` });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const wrong = await t.app.inject({ method: 'GET', url: `/result/slip?roll=${s[2]!.roll_no}&reg=${s[3]!.reg_no}` });
    expect(wrong.statusCode).toBe(404);

    const index = await t.app.inject({ method: 'GET', url: '/merit-list' });
    expect(index.body).toContain('/merit-list/04.pdf');
    const list = await t.app.inject({ method: 'GET', url: '/merit-list/04' });
    expect(list.statusCode).toBe(200);
    // The class quota's eight holders in merit order, and nobody else.
    const rolls = [...list.body.matchAll(/<span class="merit-roll">(\d{10})<\/span>/g)].map((m) => m[1]);
    expect(rolls).toEqual([2, 3, 1, 4, 5, 7, 6, 8].map((i) => s[i]!.roll_no));
    const pdf = await t.app.inject({ method: 'GET', url: '/merit-list/04.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: '/merit-list/05' })).statusCode).toBe(404);
  });
});
