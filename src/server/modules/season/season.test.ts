/**
 * The season's state under concurrent writes (architecture §10), on PostgreSQL where requests run in
 * parallel: a test's own transaction holds a table lock to stop a job at a known point, the
 * concurrent write is made, and the lock is released. Each race ends in a consistent state: a result
 * computed from old rules or marks is never current; processing and publication never run together;
 * a centre is never changed under a running allocation; a mark is never written for a student whose
 * payment was refused before it.
 */
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { districtsOf, divisions, upazilasOf } from '../../../common/geo/index.js';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

const postgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;
let subject: number;
let payment: number;
const students: { id: number; roll_no: string; class: string; fee: number }[] = [];

const division = divisions[4]!;
const district = districtsOf(division.id)[0]!;
const upazila = upazilasOf(district.id)[0]!;

beforeAll(async () => {
  if (!postgres) return;
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  const exam = await admin.post('/api/v1/exam/update', {
    name_bn: 'বৃত্তি পরীক্ষা',
    name_en: 'Scholarship Examination',
    seating: 'mixed',
    sittings: [],
    subjects: [{ class: '04', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 }],
  });
  subject = (exam.body.data as { subjects: { id: number }[] }).subjects[0]!.id;
  const session = await instituteSession(t, 8300);
  await t.app.db.updateTable('users').set({ division_id: division.id, zilla_id: district.id, upozilla_id: upazila.id }).where('id', '=', session.id).execute();
  const school = client(t, session.token);
  for (let i = 0; i < 4; i++) {
    const res = await school.post('/api/v1/scholarship-registrations/store', validStudent(8300 + ++n, { class: '04' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as never);
  }
  await payAndApprove(school, admin, students.slice(0, 3), `SE${Date.now().toString(36).toUpperCase()}A`);
  payment = await payAndApprove(school, admin, students.slice(3), `SE${Date.now().toString(36).toUpperCase()}B`);
  for (const student of students)
    expect((await admin.post('/api/v1/marks', { roll_no: student.roll_no, subject_id: subject, marks: 50, absent: false })).status).toBe(200);
});
afterAll(async () => t?.close());

/** Holds `table` locked in a transaction of the test's own until the answer's `release` is called. */
async function holdLock(table: 'marks' | 'results' | 'scholarship_registrations') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.app.db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in access exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  const end = async () => {
    release();
    await holder;
  };
  held.push(end);
  return end;
}
const held: (() => Promise<void>)[] = [];
// A failed test must not leave a table locked: the next tests and the app's close would wait for ever.
afterEach(async () => {
  for (const end of held.splice(0)) await end();
});

/** Waits until some other session waits for a lock (the job has reached the held table). */
async function untilBlocked() {
  for (let i = 0; i < 100; i++) {
    const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(t.app.db);
    if (waiting.rows[0]!.n > 0) return;
    await sleep(20);
  }
  throw new Error('nothing waited for the lock');
}

const processNow = async () => {
  const started = await admin.post('/api/v1/results/process');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return (started.body.data as { job_id: number }).job_id;
};
const processed = async () => ((await admin.get('/api/v1/results')).body.data as { processed_at: string | null }).processed_at;
const rules = (pass: number) => ({ rules: [{ class: '04', pass_marks: pass, kind: 'cutoff', scope: 'class', talent_pool: 90, general: 80 }] });

describe.runIf(postgres)('the season’s state under concurrent writes', () => {
  it('a rules change while processing runs leaves the result unprocessed', async () => {
    const release = await holdLock('marks');
    const job = await processNow();
    await untilBlocked();
    // Its answer reads the marks' counts, so it is awaited once the lock is gone; the change itself commits now.
    const change = admin.post('/api/v1/results/rules', rules(40));
    for (
      let i = 0;
      i < 100 && (await t.app.db.selectFrom('result_rules').select('pass_marks').where('class', '=', '04').executeTakeFirstOrThrow()).pass_marks !== 40;
      i++
    )
      await sleep(20);
    await release();
    expect((await change).status).toBe(200);
    const outcome = await jobOutcome<{ stale: boolean }>(admin, job, 10_000);
    expect(outcome.state).toBe('done');
    expect(outcome.result.stale).toBe(true);
    expect(await processed()).toBeNull();
    expect((await admin.post('/api/v1/results/publish', { published: 1 })).status).toBe(409);
    await jobOutcome(admin, await processNow(), 10_000);
    expect(await processed()).not.toBeNull();
  });

  it('a mark written while processing runs leaves the result unprocessed', async () => {
    const release = await holdLock('results');
    const job = await processNow();
    await untilBlocked();
    expect((await admin.post('/api/v1/marks', { roll_no: students[0]!.roll_no, subject_id: subject, marks: 77, absent: false })).status).toBe(200);
    await release();
    expect((await jobOutcome<{ stale: boolean }>(admin, job, 10_000)).result.stale).toBe(true);
    expect(await processed()).toBeNull();
    await jobOutcome(admin, await processNow(), 10_000);
    expect(await processed()).not.toBeNull();
  });

  it('processing and publication never start together: one lock for every job that changes results', async () => {
    // Either job, once started, stays running at the results table; the requests themselves never read it.
    const release = await holdLock('results');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? admin.post('/api/v1/results/publish', { published: 1 }) : admin.post('/api/v1/results/process'))),
    );
    const started = answers.filter((answer) => answer.status === 202);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 202 && status !== 409)).toEqual([]);
    await release();
    expect(started).toHaveLength(1);
    for (const answer of started) await jobOutcome(admin, (answer.body.data as { job_id: number }).job_id, 10_000);
  });

  it('a centre shrunk or deactivated while the allocation runs never ends over capacity', async () => {
    const centre = (rooms: { name: string; capacity: number }[]) => ({
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
    const shrunk = ((await admin.post('/api/v1/exam-centres/store', centre([{ name: '1', capacity: 5 }]))).body.data as { id: number }).id;
    const closed = ((await admin.post('/api/v1/exam-centres/store', centre([{ name: '2', capacity: 5 }]))).body.data as { id: number }).id;
    const release = await holdLock('scholarship_registrations');
    const started = await admin.post('/api/v1/exam/allocate', {});
    expect(started.status).toBe(202);
    await untilBlocked();
    const [shrink, deactivate] = await Promise.all([
      admin.post('/api/v1/exam-centres/update', { id: shrunk, ...centre([{ name: '1', capacity: 1 }]) }),
      admin.post('/api/v1/exam-centres/soft-delete', { id: closed }),
    ]);
    await release();
    expect((await jobOutcome(admin, (started.body.data as { job_id: number }).job_id, 10_000)).state).toBe('done');
    expect([shrink.status, deactivate.status]).toEqual([409, 409]);
    const rows = await t.app.db.selectFrom('exam_centres').select(['id', 'rooms', 'status', 'seated']).where('id', 'in', [shrunk, closed]).execute();
    for (const row of rows) {
      const seats = await t.app.db.selectFrom('exam_seats').select('room_index').where('centre_id', '=', row.id).execute();
      const capacity = (JSON.parse(row.rooms) as { capacity: number }[])[0]!.capacity;
      expect(seats.length, `centre ${row.id}`).toBeLessThanOrEqual(row.status === 1 ? capacity : 0);
    }
  });

  it('a mark is never written for a student whose payment was refused before it', async () => {
    await admin.post('/api/v1/results/publish', { published: 0 });
    const student = students[3]!;
    const finished: string[] = [];
    const release = await holdLock('marks');
    const mark = admin.post('/api/v1/marks', { roll_no: student.roll_no, subject_id: subject, marks: 12, absent: false }).then((res) => {
      finished.push('mark');
      return res;
    });
    await untilBlocked();
    const refusal = admin.post('/api/v1/scholarship-payments/refuse', { id: payment, reason: 'টাকা পাওয়া যায়নি' }).then((res) => {
      finished.push('refusal');
      return res;
    });
    await sleep(300);
    await release();
    const [marked, refused] = await Promise.all([mark, refusal]);
    expect(refused.status).toBe(200);
    // Either the mark came first (and the refusal waited for it), or it was refused as no longer sitting the exam.
    if (marked.status === 200) expect(finished).toEqual(['mark', 'refusal']);
    else expect(marked.status).toBe(422);
  });
});
