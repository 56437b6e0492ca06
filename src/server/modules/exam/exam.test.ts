/**
 * Exam day (architecture §9): the exam form and centres with their rules; the seat allocation seats
 * every paid student once, within capacities and upazilas, reports who could not be seated and why,
 * keeps seats on a re-run and gives back those of students no longer paid; moving a centre's students.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upazilasOf, districtsOf, divisions } from '../../../common/geo/index.js';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const division = divisions[2]!;
const district = districtsOf(division.id)[0]!;
const [upazilaA, upazilaB, upazilaC] = upazilasOf(district.id);
const txid = () => `EX${(++n).toString(36).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

/** An institute in `upazila` with students of `classes`, the first `paid` of them paid through an approved payment. */
async function institute(upazila: number, classes: readonly string[], paid: number) {
  const session = await instituteSession(t, 7000 + ++n);
  await t.app.db.updateTable('users').set({ division_id: division.id, zilla_id: district.id, upozilla_id: upazila }).where('id', '=', session.id).execute();
  const api = client(t, session.token);
  const students: { id: number; roll_no: string; class: string; fee: number }[] = [];
  for (const klass of classes) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(++n, { class: klass }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as never);
  }
  const payment = paid > 0 ? await payAndApprove(api, admin, students.slice(0, paid), txid()) : undefined;
  return { ...session, api, students, payment };
}

function centre(overrides: Record<string, unknown> = {}) {
  return {
    name_bn: 'কেন্দ্র',
    name_en: 'Centre',
    division_id: division.id,
    zilla_id: district.id,
    upozilla_id: upazilaA!.id,
    address: 'স্কুল রোড',
    contact_name: 'রহিম',
    contact_mobile: '01711000222',
    rooms: [{ name: '101', capacity: 2 }],
    upazila_ids: [upazilaA!.id],
    ...overrides,
  };
}

async function allocate(body: Record<string, unknown> = {}) {
  const started = await admin.post('/api/v1/exam/allocate', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await jobOutcome<Record<string, unknown> & { unseated: Record<string, unknown>[] }>(
    admin,
    (started.body.data as { job_id: number }).job_id,
    5_000,
  );
  expect(job.state).toBe('done');
  return job.result;
}

const seats = () => t.app.db.selectFrom('exam_seats').selectAll().orderBy('centre_id').orderBy('room_index').orderBy('seat').execute();

describe('the exam form', () => {
  it('saves names, sittings and subjects, keeping a subject’s id across edits', async () => {
    const body = {
      name_bn: 'বৃত্তি পরীক্ষা ২০২৬',
      name_en: 'Scholarship Examination 2026',
      instructions: 'পরীক্ষা শুরুর ৩০ মিনিট আগে উপস্থিত হতে হবে।\nপ্রবেশপত্র সঙ্গে আনতে হবে।',
      seating: 'mixed',
      sittings: [{ class: '04', date: '2026-12-20', reporting_time: '০৯:৩০', start_time: '10:00', end_time: '12:00' }],
      subjects: [
        { class: '04', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
        { class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: '১০০' },
      ],
    };
    const saved = await admin.post('/api/v1/exam/update', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const exam = saved.body.data as { sittings: Record<string, unknown>[]; subjects: { id: number; name_en: string; full_marks: number }[] };
    expect(exam.sittings[0]).toMatchObject({ class: '04', date: '2026-12-20', reporting_time: '09:30', start_time: '10:00', end_time: '12:00' });
    expect(exam.sittings[1]).toMatchObject({ class: '07', date: null });
    expect(exam.subjects.map((s) => [s.name_en, s.full_marks])).toEqual([
      ['Bangla', 100],
      ['Mathematics', 100],
    ]);
    const bangla = exam.subjects[0]!;
    const again = await admin.post('/api/v1/exam/update', { ...body, subjects: [{ ...body.subjects[0], id: bangla.id, full_marks: 50 }] });
    expect(again.status).toBe(200);
    expect((again.body.data as typeof exam).subjects).toEqual([expect.objectContaining({ id: bangla.id, full_marks: 50 })]);
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'exam.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.after).toContain('"full_marks":50');
  });

  it('refuses bad times and duplicates on their fields, and institutes', async () => {
    const res = await admin.post('/api/v1/exam/update', {
      name_bn: 'x',
      name_en: 'x',
      seating: 'rows',
      sittings: [
        { class: '04', reporting_time: '10:30', start_time: '10:00', end_time: '09:00' },
        { class: '04', start_time: '25:00' },
      ],
      subjects: [
        { class: '04', name_bn: 'ক', name_en: 'A', full_marks: 0 },
        { class: '04', name_bn: 'খ', name_en: 'a', full_marks: 10 },
        { id: 999999, class: '07', name_bn: 'গ', name_en: 'C', full_marks: 10 },
      ],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(
      [
        'seating',
        'sittings.0.end_time',
        'sittings.0.reporting_time',
        'sittings.1.class',
        'sittings.1.start_time',
        'subjects.0.full_marks',
        'subjects.1.name_en',
      ].sort(),
    );
    const unknown = await admin.post('/api/v1/exam/update', {
      name_bn: 'x',
      name_en: 'x',
      seating: 'mixed',
      sittings: [],
      subjects: [{ id: 999999, class: '07', name_bn: 'গ', name_en: 'C', full_marks: 10 }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data).toHaveProperty(['subjects.0.id']);
    const school = client(t, (await instituteSession(t, 7900)).token);
    expect((await school.post('/api/v1/exam/update', { name_bn: 'x' })).status).toBe(403);
    expect((await school.get('/api/v1/exam')).status).toBe(200);
  });
});

describe('exam centres', () => {
  it('stores rooms, or one capacity as one room, and checks the form', async () => {
    const rooms = await admin.post(
      '/api/v1/exam-centres/store',
      centre({
        rooms: [
          { name: '101', capacity: '৩০' },
          { name: '102', capacity: 20 },
        ],
      }),
    );
    expect(rooms.status, JSON.stringify(rooms.body)).toBe(200);
    expect(rooms.body.data).toMatchObject({
      capacity: 50,
      seated: 0,
      rooms: [
        { name: '101', capacity: 30 },
        { name: '102', capacity: 20 },
      ],
      upazila_ids: [upazilaA!.id],
    });
    const single = await admin.post('/api/v1/exam-centres/store', centre({ rooms: [], capacity: 120 }));
    expect(single.body.data).toMatchObject({ capacity: 120, rooms: [{ name: '1', capacity: 120 }] });
    const bad = await admin.post(
      '/api/v1/exam-centres/store',
      centre({
        rooms: [
          { name: 'A', capacity: 1 },
          { name: 'A', capacity: 0 },
        ],
        upazila_ids: [],
        contact_mobile: '123',
        upozilla_id: upazilasOf(districtsOf(divisions[0]!.id)[0]!.id)[0]!.id,
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['contact_mobile', 'rooms.1.capacity', 'rooms.1.name', 'upazila_ids', 'upozilla_id'].sort());
    expect((await admin.post('/api/v1/exam-centres/store', centre({ rooms: [] }))).body.data).toHaveProperty('rooms');
    await admin.post('/api/v1/exam-centres/destroy', { id: (rooms.body.data as { id: number }).id });
    await admin.post('/api/v1/exam-centres/destroy', { id: (single.body.data as { id: number }).id });
    const school = client(t, (await instituteSession(t, 7901)).token);
    expect((await school.get('/api/v1/exam-centres')).status).toBe(403);
  });
});

describe('the seat allocation', () => {
  it('seats every paid student once, room by room in roll order, reports the rest, keeps seats on a re-run', async () => {
    const first = await institute(upazilaA!.id, ['04', '04', '07', '04'], 3);
    const second = await institute(upazilaA!.id, ['04', '07'], 2);
    const elsewhere = await institute(upazilaB!.id, ['04', '07'], 2);
    const small = await admin.post(
      '/api/v1/exam-centres/store',
      centre({
        rooms: [
          { name: '101', capacity: 2 },
          { name: '102', capacity: 2 },
        ],
      }),
    );
    const smallId = (small.body.data as { id: number }).id;

    const report = await allocate({ seating: 'mixed' });
    expect(report).toMatchObject({ kept: 0, seated: 4, released: 0, unseated_students: 3 });
    expect(report.unseated).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'capacity_short', upozilla_id: upazilaA!.id, students: 1, centre_ids: [smallId] }),
        expect.objectContaining({ reason: 'no_centre', upozilla_id: upazilaB!.id, students: 2, institutes: 1 }),
      ]),
    );
    let seated = await seats();
    expect(seated.map((s) => [s.room_index, s.seat])).toEqual([
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 2],
    ]);
    const paid = [...first.students.slice(0, 3), ...second.students];
    const rolls = seated.map((s) => paid.find((p) => p.id === s.registration_id)!.roll_no);
    expect(rolls).toEqual([...rolls].sort());
    expect(seated.every((s) => /^[A-Za-z0-9_-]{22}$/.test(s.token))).toBe(true);
    expect((await admin.get(`/api/v1/exam-centres/${smallId}`)).body.data).toMatchObject({ seated: 4, capacity: 4 });

    // A second centre for the upazila and one for the other: the re-run keeps the four and seats the rest.
    const big = await admin.post('/api/v1/exam-centres/store', centre({ rooms: [{ name: 'Hall', capacity: 10 }] }));
    const bigId = (big.body.data as { id: number }).id;
    await admin.post('/api/v1/exam-centres/store', centre({ upozilla_id: upazilaB!.id, upazila_ids: [upazilaB!.id], rooms: [], capacity: 5 }));
    const before = seated;
    const rerun = await allocate();
    expect(rerun).toMatchObject({ kept: 4, seated: 3, released: 0, unseated_students: 0, unseated: [] });
    seated = await seats();
    for (const seat of before) expect(seated).toContainEqual(seat);
    expect(new Set(seated.map((s) => s.registration_id)).size).toBe(7);
    expect(seated.filter((s) => s.centre_id === bigId)).toHaveLength(1);
    const unpaid = first.students[3]!;
    expect(seated.some((s) => s.registration_id === unpaid.id)).toBe(false);
    expect(seated.filter((s) => elsewhere.students.some((e) => e.id === s.registration_id))).toHaveLength(2);

    // A refused payment gives its students' seats back at the next run.
    await admin.post('/api/v1/scholarship-payments/refuse', { id: second.payment, reason: 'টাকা পাওয়া যায়নি' });
    // Deleting a student deletes its seat at once; the other unpaid student's seat goes at the next run.
    const gone = second.students[0]!;
    const goneSeat = (await seats()).find((s) => s.registration_id === gone.id)!;
    const seatedBefore = (await t.app.db.selectFrom('exam_centres').select('seated').where('id', '=', goneSeat.centre_id).executeTakeFirstOrThrow()).seated;
    expect((await second.api.post('/api/v1/scholarship-registrations/destroy', { id: gone.id })).status).toBe(200);
    expect((await seats()).some((s) => s.registration_id === gone.id)).toBe(false);
    expect((await t.app.db.selectFrom('exam_centres').select('seated').where('id', '=', goneSeat.centre_id).executeTakeFirstOrThrow()).seated).toBe(
      seatedBefore - 1,
    );
    const third = await allocate();
    expect(third).toMatchObject({ kept: 5, seated: 0, released: 1 });
    expect((await seats()).some((s) => second.students.some((st) => st.id === s.registration_id))).toBe(false);
    const centres = await t.app.db.selectFrom('exam_centres').select(['id', 'seated']).execute();
    for (const c of centres) expect(c.seated, `centre ${c.id}`).toBe((await seats()).filter((s) => s.centre_id === c.id).length);
  });

  it('keeps classes apart when asked, one class to a room', async () => {
    await t.app.db.deleteFrom('exam_seats').execute();
    await t.app.db.updateTable('exam_centres').set({ seated: 0, status: 0 }).execute();
    await institute(upazilaC!.id, ['04', '07', '04', '07'], 4);
    await admin.post(
      '/api/v1/exam-centres/store',
      centre({
        upazila_ids: [upazilaC!.id],
        rooms: [
          { name: 'A', capacity: 3 },
          { name: 'B', capacity: 3 },
        ],
      }),
    );
    const report = await allocate({ seating: 'apart' });
    expect(report).toMatchObject({ seating: 'apart', seated: 4 });
    expect(report.unseated.filter((u) => u.upozilla_id === upazilaC!.id)).toEqual([]);
    const rooms = new Map<number, Set<string>>();
    for (const seat of await seats()) rooms.set(seat.room_index, (rooms.get(seat.room_index) ?? new Set()).add(seat.class));
    expect([...rooms.values()].map((classes) => [...classes])).toEqual([['04'], ['07']]);
  });

  it('moves a centre’s students to another, all or nothing, audited; a centre with seats stays', async () => {
    const [from] = await t.app.db.selectFrom('exam_centres').select('id').where('seated', '>', 0).execute();
    const students = (await seats()).filter((s) => s.centre_id === from!.id);
    expect((await admin.post('/api/v1/exam-centres/soft-delete', { id: from!.id })).status).toBe(409);
    expect((await admin.post('/api/v1/exam-centres/destroy', { id: from!.id })).status).toBe(409);
    const tiny = (await admin.post('/api/v1/exam-centres/store', centre({ upazila_ids: [upazilaC!.id], rooms: [{ name: 'T', capacity: 1 }] }))).body.data as {
      id: number;
    };
    const refused = await admin.post('/api/v1/exam/move-seats', { from_centre_id: from!.id, to_centre_id: tiny.id });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({ to_centre_id: [`The centre is too small: ${students.length - 1} more seats are needed.`] });
    const target = (
      await admin.post(
        '/api/v1/exam-centres/store',
        centre({
          upazila_ids: [upazilaC!.id],
          rooms: [
            { name: 'X', capacity: 2 },
            { name: 'Y', capacity: 5 },
          ],
        }),
      )
    ).body.data as { id: number };
    const moved = await admin.post('/api/v1/exam/move-seats', { from_centre_id: from!.id, to_centre_id: target.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({ moved: students.length });
    const after = (await seats()).filter((s) => s.centre_id === target.id);
    expect(after.map((s) => [s.room_index, s.seat])).toEqual([
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 2],
    ]);
    expect(after.map((s) => s.token).sort()).toEqual(students.map((s) => s.token).sort());
    expect((await admin.get(`/api/v1/exam-centres/${from!.id}`)).body.data).toMatchObject({ seated: 0 });
    expect((await admin.get(`/api/v1/exam-centres/${target.id}`)).body.data).toMatchObject({ seated: students.length });
    const shrink = await admin.post('/api/v1/exam-centres/update', {
      id: target.id,
      ...centre({ upazila_ids: [upazilaC!.id], rooms: [{ name: 'X', capacity: 1 }] }),
    });
    expect(shrink.status).toBe(422);
    expect(shrink.body.data).toHaveProperty(['rooms.0.capacity']);
    const log = await t.app.db.selectFrom('audit_logs').select(['after']).where('action', '=', 'seats.move').executeTakeFirstOrThrow();
    expect(JSON.parse(log.after!)).toEqual({ centre_id: target.id, students: students.length });
    expect((await admin.post('/api/v1/exam-centres/destroy', { id: from!.id })).status).toBe(200);
  });
});

describe('the verification page', () => {
  it('shows exactly the name, roll, class, centre and photo for a valid token, the site’s 404 for any other', async () => {
    const [seat] = await seats();
    const student = await t.app.db.selectFrom('scholarship_registrations').selectAll().where('id', '=', seat!.registration_id).executeTakeFirstOrThrow();
    const centreRow = await t.app.db.selectFrom('exam_centres').selectAll().where('id', '=', seat!.centre_id).executeTakeFirstOrThrow();
    const page = await t.app.inject({ method: 'GET', url: `/verify/${seat!.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.body;
    expect(body).toContain(student.name_english);
    expect(body).toContain(student.roll_no);
    expect(body).toContain(centreRow.name_bn);
    expect(body).toContain('noindex');
    for (const secret of [
      student.reg_no,
      student.father_name_english,
      student.mother_name_english,
      student.contact_number,
      student.birth_certificate_no,
    ].filter(Boolean))
      expect(body, `the page shows ${secret}`).not.toContain(secret!);
    for (const token of [
      `${seat!.token.slice(0, -1)}${seat!.token.endsWith('A') ? 'B' : 'A'}`,
      'short',
      `${seat!.token}x`,
      '../../etc/passwd',
      `1-${seat!.token.slice(seat!.token.indexOf('-') + 1)}`,
    ]) {
      const other = await t.app.inject({ method: 'GET', url: `/verify/${encodeURIComponent(token)}` });
      expect(other.statusCode, token).toBe(404);
      expect(other.body).not.toContain(student.name_english);
    }
    expect((await t.app.inject({ method: 'GET', url: `/verify/${seat!.token}/photo` })).statusCode).toBe(404);
  });
});
