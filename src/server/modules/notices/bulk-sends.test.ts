/**
 * Publication notices (docs/integrators/notices.md): admit cards and results published tell each institute
 * with students once per publication; the guardians' send queues one SMS per published student (never a
 * withheld one) only with the season's setting on, goes on after a restart from where it stood, and a run
 * again queues nothing twice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { jobOutcome, markSubjects, type SeasonStudent, seatedInOneCentre, studentsOf } from '../../test/season.js';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';
import { guardianTopic } from './bulk-sends.repository.js';
import { queueGuardianBatch, startBulkSends } from './bulk-sends.js';
import { dueIds } from './outbox.repository.js';
import { smsSegments } from './sms-segments.js';
import { waitFor as waitUntil } from '../../test/wait-for.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let subjects: Awaited<ReturnType<typeof markSubjects>>;
let schoolA: { id: number; students: SeasonStudent[] };
let schoolB: { id: number; students: SeasonStudent[] };
/** The class-seven student: no English mark, so withheld at publication. */
let withheld: SeasonStudent;

/** The sends take a while on a busy machine: twice the shared wait. */
const waitFor = <T>(probe: () => Promise<T | undefined | false>) => waitUntil(probe, 20_000);

const setGuardianSms = (on: boolean) =>
  t.app.db
    .updateTable('setting_values')
    .set({ value: on ? '1' : '0' })
    .where('key', '=', 'guardian_result_sms')
    .execute();

/** Withdraws the result if out, publishes it again and answers the new version (a publication job lasts seconds on a busy machine). */
async function publish(): Promise<number> {
  expect((await admin.post('/api/v1/results/publish', { published: 0 })).status).toBe(200);
  const started = await admin.post('/api/v1/results/publish', { published: 1, withhold_reason: 'উত্তরপত্র পাওয়া যায়নি' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await jobOutcome<{ version: number }>(admin, (started.body.data as { job_id: number }).job_id, 30_000);
  expect(job.state).toBe('done');
  return job.result.version;
}

const rowsOfTopic = (topic: string) =>
  t.app.db.selectFrom('outbox').select(['event_key', 'channel', 'user_id', 'recipient', 'body']).where('topic', '=', topic).execute();

/** Messages per student of a version's send: the roll is the event key's last part. */
async function perStudent(version: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const row of await rowsOfTopic(guardianTopic(version))) {
    const roll = row.event_key.split(':').at(-1)!;
    counts.set(roll, (counts.get(roll) ?? 0) + 1);
  }
  return counts;
}

const sendOf = (version: number) => t.app.db.selectFrom('notice_sends').selectAll().where('topic', '=', guardianTopic(version)).executeTakeFirst();

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  subjects = await markSubjects(admin);
  const a = await studentsOf(t, admin, 9701, ['04', '04', '04', '04', '04'], 5);
  const b = await studentsOf(t, admin, 9702, ['04', '07'], 2);
  const owner = async (student: SeasonStudent) =>
    (await t.app.db.selectFrom('scholarship_registrations').select('institute_id').where('id', '=', student.id).executeTakeFirstOrThrow()).institute_id;
  schoolA = { id: await owner(a.students[0]!), students: a.students };
  schoolB = { id: await owner(b.students[0]!), students: b.students };
  withheld = b.students[1]!;
  for (const [i, student] of [...a.students, b.students[0]!].entries())
    for (const subject of [subjects.bangla, subjects.maths])
      expect((await admin.post('/api/v1/marks', { roll_no: student.roll_no, subject_id: subject, marks: 20 + i })).status).toBe(200);
  const processed = await admin.post('/api/v1/results/process', {});
  expect((await jobOutcome(admin, (processed.body.data as { job_id: number }).job_id, 30_000)).state).toBe('done');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('institutes told of a publication', () => {
  it('tells each institute with seated students once per publication of the admit cards', async () => {
    await seatedInOneCentre(t, admin, schoolA.students[0]!.id, 20);
    const seated = await t.app.db
      .selectFrom('exam_seats as s')
      .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
      .select('r.institute_id')
      .distinct()
      .execute();
    expect(seated.map((row) => row.institute_id)).toContain(schoolA.id);
    expect((await admin.post('/api/v1/exam/publish', { published: 1 })).status).toBe(200);
    // Published again while published: the same publication, nothing new.
    expect((await admin.post('/api/v1/exam/publish', { published: 1 })).status).toBe(200);
    const first = await rowsOfTopic('admit-cards');
    expect(first).toHaveLength(seated.length * 2);
    const sms = first.find((row) => row.user_id === schoolA.id && row.channel === 'sms')!;
    expect(sms.event_key).toBe(`admit-cards:1:${schoolA.id}`);
    expect(sms.body).toContain('৫ জন শিক্ষার্থীর প্রবেশপত্র');
    expect(smsSegments(sms.body)).toBeLessThanOrEqual(2);
    // Withdrawn and published again: cards may have changed, so a new notice.
    expect((await admin.post('/api/v1/exam/publish', { published: 0 })).status).toBe(200);
    expect((await admin.post('/api/v1/exam/publish', { published: 1 })).status).toBe(200);
    const second = (await rowsOfTopic('admit-cards')).filter((row) => row.event_key.startsWith('admit-cards:2:'));
    expect(second).toHaveLength(seated.length * 2);
  });

  it('tells each institute of the result once per published version, and nobody when the setting is off', async () => {
    await setGuardianSms(false);
    const version = await publish();
    const rows = await rowsOfTopic(`results:${version}`);
    expect(rows.map((row) => `${row.channel}:${row.user_id}`).sort()).toEqual(
      [`email:${schoolA.id}`, `email:${schoolB.id}`, `sms:${schoolA.id}`, `sms:${schoolB.id}`].sort(),
    );
    expect(rows.find((row) => row.user_id === schoolB.id && row.channel === 'sms')!.body).toContain('২ জন শিক্ষার্থীর ফল');
    expect(await sendOf(version)).toBeUndefined();
    expect(await rowsOfTopic(guardianTopic(version))).toHaveLength(0);
  }, 120_000);
});

describe("the guardians' send", () => {
  it('queues one SMS per published student from the snapshot, none for the withheld, when the setting is on', async () => {
    await setGuardianSms(true);
    const version = await publish();
    const send = await waitFor(async () => {
      const row = await sendOf(version);
      return row?.state === 'queued' && row;
    });
    const published = [...schoolA.students, schoolB.students[0]!];
    expect(send).toMatchObject({ total: published.length + 1, done: published.length + 1, queued: published.length });
    const counts = await perStudent(version);
    expect([...counts.keys()].sort()).toEqual(published.map((s) => s.roll_no).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.has(withheld.roll_no)).toBe(false);
    const one = (await rowsOfTopic(guardianTopic(version))).find((row) => row.event_key.endsWith(schoolA.students[0]!.roll_no))!;
    expect(one.recipient).toBe('01911000000');
    expect(one.body).toContain(`রোল ${schoolA.students[0]!.roll_no}`);
    expect(one.body).toContain('নম্বর ৪০/১৫০');
    expect(smsSegments(one.body)).toBeLessThanOrEqual(2);

    const progress = await admin.get('/api/v1/outbox/sends');
    expect(progress.status).toBe(200);
    expect((progress.body.data as { version: number; queued: number; left: number }[])[0]).toMatchObject({ version, queued: published.length });
  }, 120_000);

  it('goes on after a restart from where it stood, and a run again from the start queues nothing twice', async () => {
    await setGuardianSms(false);
    const version = await publish();
    // The publication's last write, as with the setting on; then a server that queued two students and stopped.
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('notice_sends')
      .values({ topic: guardianTopic(version), kind: 'guardian-results', version, total: 7, user_id: 1, created_at: at, updated_at: at })
      .execute();
    const stale = (await sendOf(version))!;
    expect(await queueGuardianBatch(t.app.db, stale, 2)).toBe(true);
    // The same batch taken by a second runner that read the send before: refused whole, nothing queued twice.
    await expect(queueGuardianBatch(t.app.db, stale, 3)).rejects.toThrow();
    expect((await sendOf(version))!).toMatchObject({ state: 'queuing', done: 2, queued: 2 });

    // A restart: a new server on the same database takes the send up at start.
    await t.app.close();
    const app = await buildApp(t.config);
    (t as { app: typeof app }).app = app;
    await app.ready();
    admin = client(t, await adminToken(t));
    const send = await waitFor(async () => {
      const row = await sendOf(version);
      return row?.state === 'queued' && row;
    });
    expect(send).toMatchObject({ done: 7, queued: 6 });
    const counts = await perStudent(version);
    expect(counts.size).toBe(6);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    // Run again from the start (an operator's reset): every message is there already.
    await app.db.updateTable('notice_sends').set({ state: 'queuing', after_roll: '', done: 0, queued: 0 }).where('id', '=', send.id).execute();
    await startBulkSends(app);
    const again = await waitFor(async () => {
      const row = await sendOf(version);
      return row?.state === 'queued' && row;
    });
    expect(again).toMatchObject({ done: 7, queued: 0 });
    expect([...(await perStudent(version)).values()].every((n) => n === 1)).toBe(true);
  }, 120_000);

  it('stops a send whose version is no longer the published one', async () => {
    const version = (await t.app.db.selectFrom('exams').select('results_version').executeTakeFirstOrThrow()).results_version;
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('notice_sends')
      .values({ topic: guardianTopic(version + 100), kind: 'guardian-results', version: version + 100, total: 7, user_id: 1, created_at: at, updated_at: at })
      .execute();
    await startBulkSends(t.app);
    const send = await waitFor(async () => {
      const row = await sendOf(version + 100);
      return row?.state === 'stopped' && row;
    });
    expect(send.queued).toBe(0);
  });
});

describe("the dispatcher's claim", () => {
  it('reads the partial index of due rows, so sent messages are not scanned', async () => {
    const { dialect } = t.config.database;
    const compiled = dueIds(t.app.db, dialect, 'sms', 100, new Date().toISOString()).compile();
    const plan = await t.app.db.transaction().execute(async (trx) => {
      // The table is small here: without sequential scans the planner shows whether the index can answer.
      if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const explain = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
      const { rows } = await trx.executeQuery<Record<string, unknown>>({ ...compiled, sql: explain + compiled.sql });
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
    expect(plan).toContain('outbox_due');
  });
});
