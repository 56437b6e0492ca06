/**
 * Marks entry (docs/integrators/results.md): a candidate's mark per subject within the subject's full marks (halves,
 * absent), refused for unknown rolls, students who do not sit the exam and other classes' subjects;
 * audited with before and after; stale processing reset; refused once published; the examiner
 * role reaches the marks and nothing else; deleting a registration deletes its marks and result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSubjects, type SeasonStudent, studentsOf } from '../../test/season.js';
import { adminToken, client, examinerSession, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let examiner: ReturnType<typeof client>;
let examinerToken: string;
const examinerAuthorization = () => `Bearer ${examinerToken}`;
let subjects: Awaited<ReturnType<typeof markSubjects>>;
let fours: SeasonStudent[];
let seven: SeasonStudent;
let unpaid: SeasonStudent;
let payment: number;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  examinerToken = (await examinerSession(t, 930)).token;
  examiner = client(t, examinerToken);
  subjects = await markSubjects(admin);
  const school = await studentsOf(t, admin, 931, ['04', '04', '04', '07', '04'], 4);
  fours = school.students.slice(0, 3);
  seven = school.students[3]!;
  unpaid = school.students[4]!;
  payment = school.payment!;
});
afterAll(async () => t.close());

const save = (body: Record<string, unknown>, api = examiner) => api.post('/api/v1/marks', body);

describe('entering a mark', () => {
  it('lists each class’s subjects with full marks', async () => {
    const res = await examiner.get('/api/v1/marks/subjects');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      classes: [
        {
          class: '04',
          subjects: [
            { id: subjects.bangla, name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
            { id: subjects.maths, name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 50 },
          ],
        },
        { class: '07', subjects: [{ id: subjects.english, name_bn: 'ইংরেজি', name_en: 'English', full_marks: 100 }] },
      ],
      published: false,
    });
  });

  it('takes whole and half marks up to full marks, in Bengali digits too, and absent as its own value', async () => {
    const student = fours[0]!;
    const half = await save({ roll_no: student.roll_no, subject_id: subjects.bangla, marks: 45.5 });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(half.body.message).toBe('The marks were saved.');
    expect(half.body.data).toMatchObject({ roll_no: student.roll_no, subject_id: subjects.bangla, marks: 45.5, absent: false, class: '04' });
    expect(half.body.data).toHaveProperty('name_english');
    expect((await save({ roll_no: student.roll_no, subject_id: subjects.maths, marks: '৫০' })).body.data).toMatchObject({ marks: 50, absent: false });
    expect((await save({ roll_no: fours[1]!.roll_no, subject_id: subjects.maths, marks: 'অ' })).body.data).toMatchObject({ marks: null, absent: true });
    expect((await save({ roll_no: fours[1]!.roll_no, subject_id: subjects.bangla, absent: true })).body.data).toMatchObject({ marks: null, absent: true });
    expect((await save({ roll_no: fours[1]!.roll_no, subject_id: subjects.bangla, marks: 0 })).body.data).toMatchObject({ marks: 0, absent: false });

    const read = await examiner.get(`/api/v1/marks/student?roll_no=${student.roll_no}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ registration_id: student.id, roll_no: student.roll_no, class: '04' });
    expect((read.body.data as { marks: unknown[] }).marks).toEqual(
      [
        { subject_id: subjects.bangla, marks: 45.5, absent: false },
        { subject_id: subjects.maths, marks: 50, absent: false },
      ].sort((a, b) => a.subject_id - b.subject_id),
    );
  });

  it('refuses marks above full marks, negative marks and what is not a half', async () => {
    const roll = fours[2]!.roll_no;
    const above = await save({ roll_no: roll, subject_id: subjects.maths, marks: 50.5 });
    expect(above.status).toBe(422);
    expect(above.body.data).toEqual({ marks: ['This subject has full marks of 50: more cannot be given.'] });
    for (const marks of [-1, 0.3, '45.25', 'x'])
      expect((await save({ roll_no: roll, subject_id: subjects.bangla, marks })).body.data, String(marks)).toEqual({
        marks: ['Enter the marks (0 or more, whole or half, e.g. 45 or 45.5), or "a" when absent.'],
      });
    expect(await t.app.db.selectFrom('marks').select('marks').where('registration_id', '=', fours[2]!.id).execute()).toEqual([]);
  });

  it('refuses unknown rolls, students who do not sit the exam and subjects of another class', async () => {
    const unknown = await save({ roll_no: '9999999999', subject_id: subjects.bangla, marks: 10 });
    expect([unknown.status, unknown.body.data]).toEqual([422, { roll_no: ['No candidate has this roll number.'] }]);
    // A student who does not sit the exam gets the unknown roll's answer: the examiner learns nothing of who has not paid.
    const notPaid = await save({ roll_no: unpaid.roll_no, subject_id: subjects.bangla, marks: 10 });
    expect([notPaid.status, notPaid.body]).toEqual([unknown.status, unknown.body]);
    const read = (roll: string) => examiner.get(`/api/v1/marks/student?roll_no=${roll}`);
    const [unpaidRead, unknownRead] = [await read(unpaid.roll_no), await read('9999999999')];
    expect([unpaidRead.status, unpaidRead.body]).toEqual([422, unknownRead.body]);
    expect((await examiner.get('/api/v1/marks/student?roll_no=12ab')).body.data).toEqual({ roll_no: ['Write the roll number in digits only.'] });
    const otherClass = await save({ roll_no: seven.roll_no, subject_id: subjects.bangla, marks: 10 });
    // The roll belongs to another class's grid: the examiner is told which.
    expect(otherClass.body.data).toEqual({ roll_no: [`Roll ${seven.roll_no} belongs to Class Seven: enter its marks in the Class Seven list.`] });
    const inBengali = await t.app.inject({
      method: 'POST',
      url: '/api/v1/marks',
      payload: { roll_no: seven.roll_no, subject_id: subjects.bangla, marks: 10 },
      headers: { authorization: examinerAuthorization(), 'accept-language': 'bn' },
    });
    expect(inBengali.json().data).toEqual({ roll_no: [`রোল ${seven.roll_no} সপ্তম শ্রেণির: এর নম্বর সপ্তম শ্রেণির তালিকায় দিন।`] });
    expect((await save({ roll_no: seven.roll_no, subject_id: 999_999, marks: 10 })).body.data).toEqual({ subject_id: ['Choose one of the listed values.'] });
    expect((await save({ roll_no: seven.roll_no, subject_id: subjects.english, marks: 80 })).status).toBe(200);
  });

  it('audits each change with before and after, and marks the processed result stale', async () => {
    const student = fours[2]!;
    await t.app.db
      .updateTable('exams')
      .set((eb) => ({ results_processed_at: new Date().toISOString(), results_processed_generation: eb.ref('results_generation') }))
      .where('id', '=', 1)
      .execute();
    expect((await save({ roll_no: student.roll_no, subject_id: subjects.bangla, marks: 60 })).status).toBe(200);
    const season = await t.app.db.selectFrom('exams').select(['results_generation', 'results_processed_generation']).executeTakeFirstOrThrow();
    expect(season.results_processed_generation).not.toBe(season.results_generation);
    expect((await save({ roll_no: student.roll_no, subject_id: subjects.bangla, marks: 61.5 }, admin)).status).toBe(200);
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select(['user_role', 'entity', 'before', 'after'])
      .where('action', '=', 'marks.update')
      .where('entity_id', '=', student.id)
      .orderBy('id')
      .execute();
    expect(log.map((entry) => ({ ...entry, before: entry.before && JSON.parse(entry.before), after: entry.after && JSON.parse(entry.after) }))).toEqual([
      { user_role: 'examiner', entity: 'scholarship-registrations', before: null, after: { subject_id: subjects.bangla, marks: 60, absent: false } },
      {
        user_role: 'admin',
        entity: 'scholarship-registrations',
        before: { subject_id: subjects.bangla, marks: 60, absent: false },
        after: { subject_id: subjects.bangla, marks: 61.5, absent: false },
      },
    ]);
    // The same mark again changes nothing and logs nothing.
    expect((await save({ roll_no: student.roll_no, subject_id: subjects.bangla, marks: '৬১.৫' })).status).toBe(200);
    expect(
      await t.app.db.selectFrom('audit_logs').select('id').where('action', '=', 'marks.update').where('entity_id', '=', student.id).execute(),
    ).toHaveLength(2);
  });

  it('lists a subject’s marks newest first', async () => {
    const res = await examiner.get(`/api/v1/marks?subject_id=${subjects.bangla}&per_page=2`);
    expect(res.status).toBe(200);
    const page = res.body.data as { data: { roll_no: string; marks: number | null; absent: boolean }[]; total: number; last_page: number };
    expect(page.total).toBe(3);
    expect(page.last_page).toBe(2);
    expect(page.data.map((row) => [row.roll_no, row.marks, row.absent])).toEqual([
      [fours[2]!.roll_no, 61.5, false],
      [fours[1]!.roll_no, 0, false],
    ]);
  });

  it('refuses every change once the result is published', async () => {
    await t.app.db.updateTable('exams').set({ results_version: 1 }).where('id', '=', 1).execute();
    try {
      const res = await save({ roll_no: fours[0]!.roll_no, subject_id: subjects.bangla, marks: 70 });
      expect([res.status, res.body.message]).toEqual([409, 'The result is published: unpublish it first to change it.']);
      expect((await examiner.get('/api/v1/marks/subjects')).body.data).toMatchObject({ published: true });
    } finally {
      await t.app.db.updateTable('exams').set({ results_version: 0 }).where('id', '=', 1).execute();
    }
    const mark = await t.app.db
      .selectFrom('marks')
      .select('marks')
      .where('registration_id', '=', fours[0]!.id)
      .where('subject_id', '=', subjects.bangla)
      .executeTakeFirstOrThrow();
    expect(mark.marks).toBe(45.5);
  });
});

describe('the examiner role', () => {
  it('enters marks, reads its own account and nothing else', async () => {
    expect((await examiner.post('/api/auth/me')).status).toBe(200);
    expect((await examiner.get('/api/v1/profile')).status).toBe(200);
    for (const url of [
      '/api/v1/scholarship-registrations',
      '/api/v1/scholarship-registrations/analytics',
      '/api/v1/exam',
      '/api/v1/users',
      '/api/v1/audit-logs',
    ])
      expect((await examiner.get(url)).status, url).toBe(403);
    expect((await examiner.post('/api/v1/export-data', { model: 'scholarship-registrations', export_title: 'x' })).status).toBe(403);
  });

  it('is a system role that cannot be removed', async () => {
    const role = await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', 'examiner').executeTakeFirstOrThrow();
    expect((await admin.post('/api/v1/user-roles/destroy', { id: role.id })).status).toBe(409);
  });
});

describe('deleting a registration', () => {
  it('deletes its marks and its result', async () => {
    const student = fours[1]!;
    await t.app.db
      .insertInto('results')
      .values({ registration_id: student.id, class: '04', roll_no: student.roll_no, institute_id: 1, total: 0, position: 1, state: 'pass' })
      .execute();
    expect((await admin.post('/api/v1/scholarship-payments/refuse', { id: payment, reason: 'The money never arrived.' })).status).toBe(200);
    const destroyed = await admin.post('/api/v1/scholarship-registrations/destroy', { id: student.id });
    expect(destroyed.status, JSON.stringify(destroyed.body)).toBe(200);
    expect(await t.app.db.selectFrom('marks').select('subject_id').where('registration_id', '=', student.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('results').select('roll_no').where('registration_id', '=', student.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('marks').select('subject_id').where('registration_id', '=', fours[0]!.id).execute()).toHaveLength(2);
  });
});
