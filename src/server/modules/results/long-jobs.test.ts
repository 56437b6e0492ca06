/**
 * The season's long jobs write in short transactions (docs/operators/operations.md): while the seat allocation,
 * the result processing and the publication run over more students than one batch, registrations and
 * payment approvals are answered without error, no statement or transaction of the job writes more than a
 * batch of rows, and (on SQLite) another connection waiting for the write lock, as a second process would,
 * gets it well within the 5 s busy timeout.
 */
import SQLite from 'better-sqlite3';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOutcome } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

/** More than a batch of every job (2,000 results or snapshot rows, 1,000 seats). */
const STUDENTS = 6000;
/** Seats released by the second allocation: more than a batch of seats. */
const RELEASED = 2500;
/** The most rows a job's statement or transaction may write. */
const MOST_ROWS = 2000;

let t: TestApp;
let admin: ReturnType<typeof client>;
let school: ReturnType<typeof client>;
let n = 0;
/** Rows written by the statement and the transaction that wrote most since the last reset. */
const written = { statement: 0, transaction: 0 };

/** Counts the rows each write changes, per statement and per transaction, through the app's own database handle. */
function countWrites(app: TestApp['app']) {
  // A write with `returning` tells its rows, not a count.
  const writes = new WeakSet<object>();
  const counter = (add: (rows: number) => void): KyselyPlugin => ({
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (node.kind !== 'SelectQueryNode') writes.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const rows = result.numAffectedRows !== undefined ? Number(result.numAffectedRows) : writes.has(queryId) ? result.rows.length : 0;
      if (rows > 0) add(rows);
      return result;
    },
  });
  const counted = app.db.withPlugin(counter((rows) => (written.statement = Math.max(written.statement, rows))));
  const transaction = counted.transaction.bind(counted);
  counted.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async (work) => {
      let sum = 0;
      try {
        return await execute((trx) =>
          work(
            trx.withPlugin(
              counter((rows) => {
                sum += rows;
                written.statement = Math.max(written.statement, rows);
              }),
            ),
          ),
        );
      } finally {
        written.transaction = Math.max(written.transaction, sum);
      }
    };
    return builder;
  };
  (app as { db: typeof counted }).db = counted;
}

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  const session = await instituteSession(t, 9500);
  school = client(t, session.token);
  const first = await school.post('/api/v1/scholarship-registrations/store', validStudent(++n));
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  // The season's students written straight into the table (registering them is the registration suite's subject).
  const template = await t.app.db
    .selectFrom('scholarship_registrations')
    .selectAll()
    .where('id', '=', (first.body.data as { id: number }).id)
    .executeTakeFirstOrThrow();
  const { id: _id, ...columns } = template;
  for (let i = 0; i < STUDENTS; i += 200) {
    const rows = Array.from({ length: Math.min(200, STUDENTS - i) }, (_, k) => ({
      ...columns,
      reg_no: `77${String(i + k).padStart(7, '0')}`,
      roll_no: `0477${String(i + k).padStart(6, '0')}`,
      class_roll: String(500_000 + i + k),
      status: 1,
      fee_status: 'paid' as const,
    }));
    await t.app.db.insertInto('scholarship_registrations').values(rows).execute();
  }
  const address = (await t.app.db
    .selectFrom('users')
    .select(['division_id', 'zilla_id', 'upozilla_id'])
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow()) as Record<string, number>;
  const centre = await admin.post('/api/v1/exam-centres/store', {
    name_bn: 'বড় কেন্দ্র',
    name_en: 'Large Centre',
    ...address,
    address: 'স্কুল রোড',
    contact_name: 'রহিম',
    contact_mobile: '01711000224',
    rooms: Array.from({ length: 10 }, (_, i) => ({ name: `কক্ষ ${i + 1}`, capacity: 700 })),
    upazila_ids: [address.upozilla_id],
  });
  expect(centre.status, JSON.stringify(centre.body)).toBe(200);
  const allocated = await admin.post('/api/v1/exam/allocate', {});
  expect((await jobOutcome(admin, (allocated.body.data as { job_id: number }).job_id, 120_000)).state).toBe('done');
  countWrites(t.app);
}, 180_000);
afterAll(async () => {
  await t.close();
});

/**
 * Starts the job and, until it ends, registers a student and approves a payment in turn; on SQLite a second
 * connection takes the write lock now and then. Answers the statuses and the longest wait for the lock.
 */
async function whileRunning(start: () => Promise<{ status: number; body: { data: unknown } }>) {
  // Payments filed beforehand, one student each, approved while the job runs.
  const payments: number[] = [];
  for (let i = 0; i < 6; i++) {
    const student = await school.post('/api/v1/scholarship-registrations/store', validStudent(++n));
    expect(student.status, JSON.stringify(student.body)).toBe(200);
    const { id, fee } = student.body.data as { id: number; fee: number };
    const payment = await school.post('/api/v1/scholarship-payments/store', {
      payment_method: 'bkash',
      transaction_id: `LJ${n}${Date.now().toString(36).toUpperCase()}`,
      date: new Date().toISOString().slice(0, 10),
      amount: fee,
      registration_ids: [id],
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    payments.push((payment.body.data as { id: number }).id);
  }
  written.statement = 0;
  written.transaction = 0;
  const other = t.config.database.dialect === 'sqlite' ? new SQLite(t.config.database.file) : undefined;
  other?.pragma('busy_timeout = 5000');
  const started = await start();
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId = (started.body.data as { job_id: number }).job_id;
  const statuses: number[] = [];
  let longestLockWait = 0;
  let state = 'running';
  for (let i = 0; state === 'running'; i++) {
    if (other) {
      const asked = performance.now();
      other.exec('begin immediate; commit');
      longestLockWait = Math.max(longestLockWait, performance.now() - asked);
    }
    const answer =
      i % 2 === 0 || payments.length === 0
        ? await school.post('/api/v1/scholarship-registrations/store', validStudent(++n))
        : await admin.post('/api/v1/scholarship-payments/approve', { id: payments.shift() });
    statuses.push(answer.status);
    state = ((await admin.get(`/api/v1/jobs/${jobId}`)).body.data as { state: string }).state;
  }
  other?.close();
  expect(state).toBe('done');
  return { statuses, longestLockWait, ...written };
}

describe('long jobs beside the season’s writes', () => {
  it('the seat allocation releasing more than a batch of seats', async () => {
    const lost = await t.app.db.selectFrom('exam_seats').select('registration_id').limit(RELEASED).execute();
    for (let i = 0; i < lost.length; i += 500)
      await t.app.db
        .updateTable('scholarship_registrations')
        .set({ fee_status: 'unpaid' })
        .where(
          'id',
          'in',
          lost.slice(i, i + 500).map((row) => row.registration_id),
        )
        .execute();
    const run = await whileRunning(() => admin.post('/api/v1/exam/allocate', {}));
    console.log('allocation', {
      requests: run.statuses.length,
      statement: run.statement,
      transaction: run.transaction,
      lockWaitMs: Math.round(run.longestLockWait),
    });
    expect(new Set(run.statuses)).toEqual(new Set([200]));
    expect(run.statement).toBeLessThanOrEqual(MOST_ROWS);
    expect(run.transaction).toBeLessThanOrEqual(MOST_ROWS + 10);
    // The centre's count still matches its seats, every batch's own change counted in its transaction.
    const [centre] = await t.app.db.selectFrom('exam_centres').select('seated').execute();
    const seats = await t.app.db
      .selectFrom('exam_seats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(centre!.seated).toBe(Number(seats.n));
    // The released are gone (the students paid for meanwhile may or may not have been seated by this run).
    expect(Number(seats.n)).toBeGreaterThanOrEqual(STUDENTS - RELEASED);
    expect(Number(seats.n)).toBeLessThan(STUDENTS - RELEASED + 10);
  }, 120_000);

  it('the result processing', async () => {
    const run = await whileRunning(() => admin.post('/api/v1/results/process', {}));
    console.log('processing', {
      requests: run.statuses.length,
      statement: run.statement,
      transaction: run.transaction,
      lockWaitMs: Math.round(run.longestLockWait),
    });
    expect(new Set(run.statuses)).toEqual(new Set([200]));
    expect(run.statement).toBeLessThanOrEqual(MOST_ROWS);
    expect(run.transaction).toBeLessThanOrEqual(MOST_ROWS);
    // Processed again, over the first run's rows: removing them is batched too.
    const again = await whileRunning(() => admin.post('/api/v1/results/process', {}));
    console.log('processing again', { requests: again.statuses.length, statement: again.statement, lockWaitMs: Math.round(again.longestLockWait) });
    expect(new Set(again.statuses)).toEqual(new Set([200]));
    expect(again.statement).toBeLessThanOrEqual(MOST_ROWS);
  }, 120_000);

  it('the publication', async () => {
    const run = await whileRunning(() => admin.post('/api/v1/results/publish', { published: 1 }));
    console.log('publication', {
      requests: run.statuses.length,
      statement: run.statement,
      transaction: run.transaction,
      lockWaitMs: Math.round(run.longestLockWait),
    });
    expect(new Set(run.statuses)).toEqual(new Set([200]));
    expect(run.statement).toBeLessThanOrEqual(MOST_ROWS);
    expect(run.transaction).toBeLessThanOrEqual(MOST_ROWS);
  }, 120_000);
});
