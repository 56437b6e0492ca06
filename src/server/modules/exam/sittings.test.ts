/**
 * Seats per sitting (architecture §10): a room serves each sitting (date and time) in turn, so classes
 * sitting on different days each fill it; room sheets are one per room and sitting; a short allocation
 * names the institutes it leaves out; a centre is not changed under a running allocation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districtsOf, divisions, upazilasOf } from '../../../common/geo/index.js';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';
import { roomSheets } from './admit-cards.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const division = divisions[3]!;
const district = districtsOf(division.id)[0]!;
const upazila = upazilasOf(district.id)[0]!;
const txid = () => `ST${(++n).toString(36).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

async function institute(classes: readonly string[]) {
  const session = await instituteSession(t, 8100 + ++n);
  await t.app.db.updateTable('users').set({ division_id: division.id, zilla_id: district.id, upozilla_id: upazila.id }).where('id', '=', session.id).execute();
  const api = client(t, session.token);
  const students: { id: number; roll_no: string; class: string; fee: number }[] = [];
  for (const klass of classes) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(++n, { class: klass }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as never);
  }
  await payAndApprove(api, admin, students, txid());
  return { ...session, students };
}

const examForm = (sittings: { class: string; date: string; start_time: string }[]) => ({
  name_bn: 'বৃত্তি পরীক্ষা',
  name_en: 'Scholarship Examination',
  seating: 'mixed',
  sittings: sittings.map((sitting) => ({ ...sitting, reporting_time: '09:30', end_time: '12:00' })),
  subjects: [],
});
const apartDays = [
  { class: '04', date: '2026-12-20', start_time: '10:00' },
  { class: '07', date: '2026-12-21', start_time: '10:00' },
];

const centreBody = (rooms: { name: string; capacity: number }[]) => ({
  name_bn: 'কেন্দ্র',
  name_en: 'Centre',
  division_id: division.id,
  zilla_id: district.id,
  upozilla_id: upazila.id,
  address: 'স্কুল রোড',
  contact_name: 'রহিম',
  contact_mobile: '01711000222',
  rooms,
  upazila_ids: [upazila.id],
});

async function allocate() {
  const started = await admin.post('/api/v1/exam/allocate', {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await jobOutcome<{ seated: number; unseated_students: number; unseated: Record<string, unknown>[] }>(
    admin,
    (started.body.data as { job_id: number }).job_id,
    10_000,
  );
  expect(job.state).toBe('done');
  return job.result;
}

describe('seats per sitting', () => {
  let centreId: number;
  let first: Awaited<ReturnType<typeof institute>>;

  it('fill a room once for each sitting: class 4 on one day and class 7 on the next both fit', async () => {
    expect((await admin.post('/api/v1/exam/update', examForm(apartDays))).status).toBe(200);
    centreId = ((await admin.post('/api/v1/exam-centres/store', centreBody([{ name: 'কক্ষ ১০১', capacity: 3 }]))).body.data as { id: number }).id;
    first = await institute(['04', '04', '04', '07', '07']);
    const report = await allocate();
    expect(report).toMatchObject({ seated: 5, unseated_students: 0, unseated: [] });
    const seats = await t.app.db
      .selectFrom('exam_seats')
      .select(['class', 'room_index', 'seat'])
      .where('centre_id', '=', centreId)
      .orderBy('class')
      .orderBy('seat')
      .execute();
    expect(seats.map((s) => `${s.class}:${s.room_index}:${s.seat}`)).toEqual(['04:0:1', '04:0:2', '04:0:3', '07:0:1', '07:0:2']);
  });

  it('print one attendance sheet and door chart per room and sitting, with only that sitting’s students', async () => {
    const sheets = [];
    for await (const sheet of roomSheets(t.app, centreId)) sheets.push(sheet);
    expect(sheets.map((sheet) => [sheet.room, Object.keys(sheet.sittings), sheet.students.map((s) => s.class)])).toEqual([
      ['কক্ষ ১০১', ['04'], ['04', '04', '04']],
      ['কক্ষ ১০১', ['07'], ['07', '07']],
    ]);
  });

  it('name the institutes left without seats, by name and the ID they log in with', async () => {
    const second = await institute(['04', '04']);
    const report = await allocate();
    expect(report).toMatchObject({ seated: 0, unseated_students: 2 });
    expect(report.unseated).toEqual([
      expect.objectContaining({
        reason: 'capacity_short',
        students: 2,
        institutes: 1,
        institute_list: [{ uid: second.uid, name: expect.any(String), students: 2 }],
      }),
    ]);
  });

  it('keep a room at least as large as one sitting’s seats in it', async () => {
    const shrink = await admin.post('/api/v1/exam-centres/update', { id: centreId, ...centreBody([{ name: 'কক্ষ ১০১', capacity: 2 }]) });
    expect(shrink.status).toBe(422);
    expect(shrink.body.data).toHaveProperty(['rooms.0.capacity']);
  });

  it('refuse to put two classes in one sitting while their students hold the same seats', async () => {
    const same = apartDays.map((sitting) => ({ ...sitting, date: '2026-12-20' }));
    const res = await admin.post('/api/v1/exam/update', examForm(same));
    expect(res.status).toBe(422);
    expect(res.body.data).toHaveProperty(['sittings.0.date']);
    expect((await admin.get('/api/v1/exam')).body.data).toMatchObject({ sittings: [{ date: '2026-12-20' }, { date: '2026-12-21' }] });
  });

  it('list a centre’s or an institute’s seats for the admin, by sitting, room and seat', async () => {
    const byCentre = await admin.get(`/api/v1/exam/seats?centre_id=${centreId}`);
    expect(byCentre.status, JSON.stringify(byCentre.body)).toBe(200);
    const rows = (byCentre.body.data as { rows: Record<string, unknown>[] }).rows;
    expect(rows.map((row) => [row.date, row.room, row.seat, row.class])).toEqual([
      ['2026-12-20', 'কক্ষ ১০১', 1, '04'],
      ['2026-12-20', 'কক্ষ ১০১', 2, '04'],
      ['2026-12-20', 'কক্ষ ১০১', 3, '04'],
      ['2026-12-21', 'কক্ষ ১০১', 1, '07'],
      ['2026-12-21', 'কক্ষ ১০১', 2, '07'],
    ]);
    expect(rows[0]).toMatchObject({ roll_no: expect.any(String), institute_uid: first.uid, centre_name: 'কেন্দ্র' });
    const byInstitute = await admin.get(`/api/v1/exam/seats?institute_id=${first.id}`);
    expect((byInstitute.body.data as { rows: unknown[] }).rows).toHaveLength(5);
    const byUid = await admin.get(`/api/v1/exam/seats?institute_uid=${first.uid}`);
    expect((byUid.body.data as { total: number }).total).toBe(5);
    expect((await admin.get('/api/v1/exam/seats?institute_uid=000000')).status).toBe(422);
    expect((await admin.get('/api/v1/exam/seats')).status).toBe(422);
    const school = client(t, (await instituteSession(t, 8199)).token);
    expect((await school.get(`/api/v1/exam/seats?centre_id=${centreId}`)).status).toBe(403);
  });
});
