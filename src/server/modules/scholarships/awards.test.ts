/**
 * Scholarships awarded (docs/integrators/results.md): the amounts are season settings in whole taka; publishing a
 * result awards its graded students the amount of their grade, with a code each; the result's withdrawal and a
 * later publication that no longer grades a student withdraw the award without deleting it, and a later award
 * takes it back with its code. Marks are written straight into `marks`: entering them is the marks suite's subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWARD_AMOUNT_KEYS } from '../../../common/schemas/scholarships.js';
import { buildApp } from '../../app.js';
import { pdfText } from '../../test/poppler.js';
import { jobOutcome, markSubjects, type SeasonStudent, studentsOf } from '../../test/season.js';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';

type Api = ReturnType<typeof client>;
let t: TestApp;
let admin: Api;
/** The students' institute, and another one. */
let institute: Api;
let other: Api;
/** Totals 140, 120, 90 and 40 of 150: talent pool, general, passed without a grade, failed (under the first rules). */
let students: SeasonStudent[];

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  const { bangla, maths } = await markSubjects(admin);
  ({ students, api: institute } = await studentsOf(t, admin, 8300, ['04', '04', '04', '04'], 4));
  ({ api: other } = await studentsOf(t, admin, 8301, ['04'], 0));
  await t.app.db
    .updateTable('scholarship_registrations')
    .set({ name_bangla: 'শ্রাবন্তী ত্যাগী', father_name_bangla: 'মোঃ সর্বোচ্চ ইসলাম' })
    .where('id', '=', students[0]!.id)
    .execute();
  const at = new Date().toISOString();
  const marks = [
    [100, 40],
    [80, 40],
    [60, 30],
    [30, 10],
  ];
  await t.app.db
    .insertInto('marks')
    .values(
      students.flatMap((student, i) => [
        { registration_id: student.id, subject_id: bangla, marks: marks[i]![0]!, absent: 0, updated_at: at },
        { registration_id: student.id, subject_id: maths, marks: marks[i]![1]!, absent: 0, updated_at: at },
      ]),
    )
    .execute();
}, 120_000);
afterAll(async () => t.close());

async function setAmounts(values: Record<string, unknown>) {
  const rows = await t.app.db
    .selectFrom('setting_values')
    .select(['id', 'key', 'setting_sub_group_id'])
    .where('key', 'in', Object.values(AWARD_AMOUNT_KEYS))
    .execute();
  const fields = Object.fromEntries(Object.entries(values).map(([key, value]) => [rows.find((row) => row.key === key)!.id, { value }]));
  return admin.post('/api/v1/settings/update', { id: rows[0]!.setting_sub_group_id, fields });
}

async function processWith(general: number) {
  const saved = await admin.post('/api/v1/results/rules', {
    rules: [
      { class: '04', pass_marks: 50, kind: 'cutoff', scope: 'class', talent_pool: 130, general },
      { class: '07', pass_marks: 50, kind: 'cutoff', scope: 'class', talent_pool: 130, general: 100 },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const started = await admin.post('/api/v1/results/process');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect((await jobOutcome(admin, (started.body.data as { job_id: number }).job_id, 30_000)).state).toBe('done');
}

async function publish(published: 0 | 1) {
  const res = await admin.post('/api/v1/results/publish', { published });
  if (!published) return expect(res.status).toBe(200);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect((await jobOutcome(admin, (res.body.data as { job_id: number }).job_id, 30_000)).state).toBe('done');
}

const awards = async () => {
  const rows = await t.app.db.selectFrom('scholarship_awards').selectAll().orderBy('registration_id').execute();
  return rows.map((row) => ({ ...row, student: students.findIndex((student) => student.id === row.registration_id) }));
};
const regNo = async (student: SeasonStudent) =>
  (await t.app.db.selectFrom('scholarship_registrations').select('reg_no').where('id', '=', student.id).executeTakeFirstOrThrow()).reg_no;
const verify = (code: string) => t.app.inject({ method: 'GET', url: `/verify/award/${code}` });
/** Starts a letters job and answers the PDF it made. */
async function letters(api: Api, body: Record<string, unknown>) {
  const started = await api.post('/api/v1/scholarships/letters', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId = (started.body.data as { job_id: number }).job_id;
  const job = await jobOutcome<{ letters: number; pages: number }>(api, jobId, 60_000);
  expect(job.state).toBe('done');
  const file = (await api.get(`/api/v1/jobs/${jobId}/file`)).raw;
  expect(file.statusCode).toBe(200);
  return { result: job.result, name: job.file_name, pdf: file.rawPayload };
}
/** pdftotext breaks Bengali words at some conjuncts: texts are compared without their spaces. */
const flat = (text: string) => text.replace(/\s+/g, '');
const liveVersion = async () => (await t.app.db.selectFrom('exams').select('results_version').executeTakeFirstOrThrow()).results_version;

describe('the amounts', () => {
  it('are whole taka, zero or more, Bengali digits and thousands commas read', async () => {
    for (const value of ['-5', '12.5', 'এক হাজার', '99999999']) {
      const res = await setAmounts({ [AWARD_AMOUNT_KEYS.general]: value });
      expect(res.status, value).toBe(422);
      expect(JSON.stringify(res.body)).toContain('Enter the amount in whole taka');
    }
    const blank = await setAmounts({ [AWARD_AMOUNT_KEYS.general]: ' ' });
    expect(blank.status).toBe(422);
    const saved = await setAmounts({ [AWARD_AMOUNT_KEYS.talent_pool]: '৫,০০০', [AWARD_AMOUNT_KEYS.general]: '0' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await t.app.db
      .selectFrom('setting_values')
      .select(['key', 'value'])
      .where('key', 'in', Object.values(AWARD_AMOUNT_KEYS))
      .orderBy('key')
      .execute();
    expect(stored).toEqual([
      { key: AWARD_AMOUNT_KEYS.general, value: '0' },
      { key: AWARD_AMOUNT_KEYS.talent_pool, value: '5000' },
    ]);
    expect((await setAmounts({ [AWARD_AMOUNT_KEYS.general]: '3000' })).status).toBe(200);
  });
});

// Publishing and printing on a machine shared with other work: slower than the default 20 s allows.
describe('awards', { timeout: 120_000 }, () => {
  it('are made at publication for the graded students, with the grade’s amount and a code each', async () => {
    expect(await awards()).toEqual([]);
    await processWith(100);
    await publish(1);
    const version = await liveVersion();
    const made = await awards();
    expect(
      made.map(({ student, grade, amount, result_version, withdrawn_at, class: klass, roll_no }) => ({
        student,
        grade,
        amount,
        result_version,
        withdrawn_at,
        klass,
        roll_no,
      })),
    ).toEqual([
      { student: 0, grade: 'talent_pool', amount: 5000, result_version: version, withdrawn_at: null, klass: '04', roll_no: students[0]!.roll_no },
      { student: 1, grade: 'general', amount: 3000, result_version: version, withdrawn_at: null, klass: '04', roll_no: students[1]!.roll_no },
    ]);
    const institute = await t.app.db.selectFrom('scholarship_registrations').select('institute_id').where('id', '=', students[0]!.id).executeTakeFirstOrThrow();
    expect(made.every((award) => award.institute_id === institute.institute_id)).toBe(true);
    expect(made.every((award) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(award.code))).toBe(true);
    expect(made[0]!.code).not.toBe(made[1]!.code);
    // The published document carries the amount, so the lookup stays one row's read.
    const docs = await t.app.db.selectFrom('result_snapshot').select(['roll_no', 'doc']).where('version', '=', version).execute();
    const amountOf = (roll: string) => JSON.parse(docs.find((doc) => doc.roll_no === roll)!.doc).award_amount;
    expect(students.map((student) => amountOf(student.roll_no))).toEqual([5000, 3000, null, null]);
  });

  it('show on the public result page and the slip, with the amount', async () => {
    const roll = students[0]!.roll_no;
    const reg = await regNo(students[0]!);
    const page = await t.app.inject({ method: 'GET', url: `/result?roll=${roll}&reg=${reg}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('বৃত্তির পরিমাণ');
    expect(page.body).toContain('৫,০০০ টাকা');
    const unawarded = await t.app.inject({ method: 'GET', url: `/result?roll=${students[2]!.roll_no}&reg=${await regNo(students[2]!)}` });
    expect(unawarded.body).not.toContain('বৃত্তির পরিমাণ');
    const slip = await t.app.inject({ method: 'GET', url: `/result/slip?roll=${roll}&reg=${reg}` });
    expect(slip.statusCode).toBe(200);
    const text = flat(await pdfText(slip.rawPayload));
    expect(text).toContain(flat('৫,০০০ টাকা'));
    expect(text).toContain(flat('Tk 5,000'));
  });

  it('are confirmed by the public page their letter’s QR opens, by code in any case and with dashes; an unknown code is not found', async () => {
    const [award] = await awards();
    const page = await verify(award!.code);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('এই বৃত্তিপ্রাপ্তির পত্রটি বৈধ।');
    expect(page.body).toContain('শ্রাবন্তী ত্যাগী');
    expect(page.body).toContain('৫,০০০ টাকা');
    expect(page.body).toContain('ট্যালেন্টপুল বৃত্তি');
    const typed = award!.code.toLowerCase().match(/.{4}/g)!.join('-');
    expect((await verify(typed)).statusCode).toBe(200);
    expect((await verify('0000000000000000')).statusCode).toBe(404);
    expect((await verify('not-a-code')).statusCode).toBe(404);
  });

  it('are printed as letters: the institute’s, a covering letter and a letter a winner, Bengali first with the amount in words', async () => {
    const made = await awards();
    const { result, name, pdf } = await letters(institute, {});
    expect(result).toMatchObject({ letters: 2, pages: 3 });
    expect(name).toMatch(/^award-letters-.+\.pdf$/);
    const text = flat(await pdfText(pdf));
    expect(text).toContain(flat('বৃত্তিপ্রাপ্ত শিক্ষার্থীদের তালিকা'));
    expect(text).toContain('৮,০০০'); // the covering letter's total
    const first = flat(await pdfText(pdf, { first: 2, last: 2 }));
    expect(first).toContain(flat('বৃত্তিপ্রাপ্তির পত্র'));
    // pdftotext puts a conjunct's half (শ্রাবন্) of a bold name apart from the rest: its last word and the English are looked for.
    expect(first).toContain(flat('ত্যাগী MARKS STUDENT 8300 0'));
    expect(first).toContain(flat('মোঃ সর্বোচ্চ ইসলাম'));
    expect(first).toContain(flat('ট্যালেন্টপুল বৃত্তি'));
    expect(first).toContain(flat('পাঁচ হাজার টাকা মাত্র'));
    expect(first).toContain(flat('Taka Five Thousand Only'));
    expect(first).toContain(flat(made[0]!.code.match(/.{4}/g)!.join('-')));
    expect(first).toContain(flat(`/verify/award/${made[0]!.code}`));
    const second = flat(await pdfText(pdf, { first: 3, last: 3 }));
    expect(second).toContain(flat('তিন হাজার টাকা মাত্র'));
  });

  it('are printed one student at a time, for the institute and the admin; another institute and a student without an award get none', async () => {
    const res = await institute.get(`/api/v1/scholarships/awards/${students[1]!.id}/letter`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    const text = flat(await pdfText(res.raw.rawPayload));
    expect(text).toContain(flat('সাধারণ গ্রেডে বৃত্তি'));
    expect(text).toContain(flat('Taka Three Thousand Only'));
    expect((await admin.get(`/api/v1/scholarships/awards/${students[1]!.id}/letter`)).status).toBe(200);
    expect((await other.get(`/api/v1/scholarships/awards/${students[1]!.id}/letter`)).status).toBe(403);
    expect((await institute.get(`/api/v1/scholarships/awards/${students[2]!.id}/letter`)).status).toBe(404);
    const othersLetters = await other.post('/api/v1/scholarships/letters', {});
    expect(othersLetters.status).toBe(422);
    expect(JSON.stringify(othersLetters.body)).toContain('There is no award letter to print');
  });

  it('are printed for every institute by the admin, and counted on the admin’s view', async () => {
    const { result, name } = await letters(admin, {});
    expect(result).toMatchObject({ letters: 2, pages: 3 });
    expect(name).toBe('award-letters.pdf');
    const view = await admin.get('/api/v1/scholarships');
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({
      amounts: { talent_pool: 5000, general: 3000 },
      published: true,
      awarded: { talent_pool: { students: 1, taka: 5000 }, general: { students: 1, taka: 3000 } },
      withdrawn: 0,
    });
    expect((await institute.get('/api/v1/scholarships')).status).toBe(403);
  });

  it('are withdrawn, not deleted, with the result', async () => {
    const before = await awards();
    await publish(0);
    const after = await awards();
    expect(after).toHaveLength(2);
    expect(after.every((award) => award.withdrawn_at !== null)).toBe(true);
    expect(after.map((award) => award.code)).toEqual(before.map((award) => award.code));
    const page = await verify(after[0]!.code);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('এই বৃত্তি প্রত্যাহার করা হয়েছে');
    expect(page.body).not.toContain('এই বৃত্তিপ্রাপ্তির পত্রটি বৈধ।');
    expect((await institute.post('/api/v1/scholarships/letters', {})).status).toBe(409);
    expect((await institute.get(`/api/v1/scholarships/awards/${students[0]!.id}/letter`)).status).toBe(404);
  });

  it('are made again by the next publication, with their codes, the new amounts and grades', async () => {
    const before = await awards();
    expect((await setAmounts({ [AWARD_AMOUNT_KEYS.general]: '3500' })).status).toBe(200);
    await processWith(80);
    await publish(1);
    const version = await liveVersion();
    const after = await awards();
    expect(after.map(({ student, grade, amount, result_version, withdrawn_at }) => ({ student, grade, amount, result_version, withdrawn_at }))).toEqual([
      { student: 0, grade: 'talent_pool', amount: 5000, result_version: version, withdrawn_at: null },
      { student: 1, grade: 'general', amount: 3500, result_version: version, withdrawn_at: null },
      { student: 2, grade: 'general', amount: 3500, result_version: version, withdrawn_at: null },
    ]);
    expect(after.slice(0, 2).map((award) => award.code)).toEqual(before.map((award) => award.code));
  });

  it('are withdrawn by a publication that no longer grades the student, and kept as they were by one that does', async () => {
    const before = await awards();
    // A published result is frozen; its grade is changed straight in the table to see the publication's own withdrawal.
    await t.app.db.updateTable('results').set({ grade: null }).where('registration_id', '=', students[2]!.id).execute();
    await publish(1);
    const version = await liveVersion();
    const after = await awards();
    expect(after.map(({ student, result_version, withdrawn_at }) => ({ student, result_version, withdrawn: withdrawn_at !== null }))).toEqual([
      { student: 0, result_version: version, withdrawn: false },
      { student: 1, result_version: version, withdrawn: false },
      { student: 2, result_version: before[2]!.result_version, withdrawn: true },
    ]);
    // Unchanged awards keep the day they were made.
    expect(after.slice(0, 2).map((award) => award.awarded_at)).toEqual(before.slice(0, 2).map((award) => award.awarded_at));
  });

  it('are made at start when a publication stopped between the live result and its awards', async () => {
    const version = await liveVersion();
    const before = await awards();
    // What a server stopped after the switch leaves: one winner without an award, another's still the last version's.
    await t.app.db.deleteFrom('scholarship_awards').where('registration_id', '=', students[0]!.id).execute();
    await t.app.db
      .updateTable('scholarship_awards')
      .set({ result_version: version - 1 })
      .where('registration_id', '=', students[1]!.id)
      .execute();

    await t.app.close();
    const app = await buildApp(t.config);
    (t as { app: typeof app }).app = app;
    await app.ready();
    let after = await awards();
    for (let tries = 0; tries < 100 && after.filter((award) => award.result_version === version && !award.withdrawn_at).length < 2; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await awards();
    }
    expect(
      after.map(({ student, grade, amount, result_version, withdrawn_at }) => ({ student, grade, amount, result_version, withdrawn: withdrawn_at !== null })),
    ).toEqual([
      { student: 0, grade: 'talent_pool', amount: 5000, result_version: version, withdrawn: false },
      { student: 1, grade: 'general', amount: 3500, result_version: version, withdrawn: false },
      { student: 2, grade: 'general', amount: 3500, result_version: before[2]!.result_version, withdrawn: true },
    ]);
    // The kept award keeps its code; the lost one has a new code (its letter was never printed).
    expect(after[1]!.code).toBe(before[1]!.code);
  });
});
