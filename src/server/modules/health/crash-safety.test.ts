/**
 * Crash safety and graceful shutdown of the real server process: a SIGKILL in the middle of 1,000
 * concurrent writes (registrations, payments naming students, an admin's approvals) loses no answered
 * write and leaves nothing half-written — no student paid twice or left pending by a payment that is
 * gone; SIGTERM lets a request in flight finish and exits 0.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyProblems, openPlace } from '../../test/consistency.js';
import { call, type DataPlace, newDataPlace, type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { ADMIN, mixedStudent, validRegistration } from '../../test/test-app.js';

const WRITES = 1000;
const INSTITUTES = 5;
/** The kill comes when this many writes have been answered, so a good share is still in flight. */
const KILL_AFTER = 350;
/** Students each institute has before the load: every payment of the load names one of them. */
const POOL = WRITES / 4 / INSTITUTES + 5;

type Institute = { id: number; token: string; pool: number[] };

let place: DataPlace;
let server: ServerProcess | undefined;
let institutes: Institute[];

async function registerInstitute(base: string, n: number): Promise<Institute> {
  const form = validRegistration(n);
  const registered = await call(base, 'POST', '/api/auth/register', undefined, form);
  if (registered.status !== 200) throw new Error(`register ${n}: ${JSON.stringify(registered.body)}`);
  const { id, uid } = (registered.body!.data as { user: { id: number; uid: string } }).user;
  const login = await call(base, 'POST', '/api/auth/login', undefined, { email: uid, password: form.password });
  if (login.status !== 200) throw new Error(`login ${n}: ${JSON.stringify(login.body)}`);
  const token = (login.body!.data as { token: string }).token;
  const pool: number[] = [];
  for (let i = 0; i < POOL; i++) {
    const stored = await call(base, 'POST', '/api/v1/scholarship-registrations/store', token, mixedStudent(10_000 + n * 100 + i));
    if (stored.status !== 200) throw new Error(`pool ${n}: ${JSON.stringify(stored.body)}`);
    pool.push((stored.body!.data as { id: number }).id);
  }
  return { id, token, pool };
}

let adminToken: string;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  place = await newDataPlace();
  server = await startServerProcess(place);
  institutes = [];
  for (let n = 0; n < INSTITUTES; n++) institutes.push(await registerInstitute(server.url, 700 + n));
  const login = await call(server.url, 'POST', '/api/auth/login', undefined, { email: ADMIN.email, password: ADMIN.password });
  adminToken = (login.body!.data as { token: string }).token;
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await place.drop();
});

describe('crash safety', () => {
  it('keeps every answered write of 1,000 concurrent ones through a SIGKILL, with nothing half-written', async () => {
    const first = server!;
    const registrations = new Map<number, { reg_no: string; roll_no: string; institute_id: number }>();
    const payments = new Map<number, string>();
    let answered = 0;
    let refused = 0;
    let lost = 0;
    let killed = false;

    const approvals: Promise<unknown>[] = [];
    const approved = new Set<number>();
    const writes = Array.from({ length: WRITES }, async (_, i) => {
      const institute = institutes[i % INSTITUTES]!;
      const payment = i % 4 === 3;
      const transactionId = `CRASH${String(i).padStart(6, '0')}`;
      try {
        const res = payment
          ? await call(first.url, 'POST', '/api/v1/scholarship-payments/store', institute.token, {
              payment_method: 'bkash',
              amount: 200,
              transaction_id: transactionId,
              date: today(),
              registration_ids: [institute.pool[Math.floor(i / 4 / INSTITUTES)]],
            })
          : await call(first.url, 'POST', '/api/v1/scholarship-registrations/store', institute.token, mixedStudent(i));
        if (res.status === 200) {
          const row = res.body!.data as { id: number; reg_no: string; roll_no: string; institute_id: number; transaction_id: string };
          if (payment) payments.set(row.id, row.transaction_id);
          else registrations.set(row.id, { reg_no: row.reg_no, roll_no: row.roll_no, institute_id: row.institute_id });
          // Every other payment is approved at once, so approvals are in flight when the server dies.
          if (payment && row.id % 2 === 0)
            approvals.push(
              call(first.url, 'POST', '/api/v1/scholarship-payments/approve', adminToken, { id: row.id }).then(
                (answer) => answer.status === 200 && approved.add(row.id),
                () => undefined,
              ),
            );
        } else {
          refused++;
        }
      } catch {
        // The connection died with the process: the write may or may not have been committed.
        lost++;
      } finally {
        answered++;
        if (answered >= KILL_AFTER && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(writes);
    await Promise.all(approvals);

    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(refused, 'no write was refused before the kill').toBe(0);
    expect(registrations.size + payments.size).toBeGreaterThanOrEqual(KILL_AFTER - 1);
    expect(lost, 'the kill came while writes were in flight').toBeGreaterThan(0);

    server = await startServerProcess(place);
    const db = openPlace(place);
    try {
      const stored = await db.selectFrom('scholarship_registrations').select(['id', 'reg_no', 'roll_no', 'institute_id']).execute();
      const byId = new Map(stored.map((row) => [row.id, { reg_no: row.reg_no, roll_no: row.roll_no, institute_id: row.institute_id }]));
      const missing = [...registrations].filter(([id, row]) => JSON.stringify(byId.get(id)) !== JSON.stringify(row));
      expect(missing, 'answered registrations missing after the restart').toEqual([]);

      const storedPayments = new Map(
        (await db.selectFrom('scholarship_payments').select(['id', 'transaction_id']).execute()).map((p) => [p.id, p.transaction_id]),
      );
      const missingPayments = [...payments].filter(([id, transactionId]) => storedPayments.get(id) !== transactionId);
      expect(missingPayments, 'answered payments missing after the restart').toEqual([]);

      expect(await consistencyProblems(db)).toEqual([]);
      // Every answered approval holds: the payment approved, its student paid.
      const paidBy = await db.selectFrom('scholarship_registrations').select('payment_id').where('fee_status', '=', 'paid').execute();
      const paidIds = new Set(paidBy.map((row) => row.payment_id));
      expect(
        [...approved].filter((id) => !paidIds.has(id)),
        'answered approvals whose student is not paid',
      ).toEqual([]);

      // The restarted server serves: old sessions work, new numbers continue after every stored one.
      const highest = stored.reduce((max, row) => (row.reg_no > max ? row.reg_no : max), '');
      const institute = institutes[0]!;
      const again = await call(server.url, 'POST', '/api/v1/scholarship-registrations/store', institute.token, mixedStudent(WRITES));
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect((again.body!.data as { reg_no: string }).reg_no > highest).toBe(true);
      const analytics = await call(server.url, 'GET', '/api/v1/scholarship-registrations/analytics', institute.token);
      const own = await db
        .selectFrom('scholarship_registrations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('institute_id', '=', institute.id)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      expect((analytics.body!.data as { total_registration: number }).total_registration).toBe(Number(own.n));
      expect(await consistencyProblems(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 90_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM refuses new connections, finishes the request in flight and exits 0', async () => {
    const running = server!;
    const institute = institutes[1]!;
    const body = JSON.stringify(mixedStudent(WRITES + 1));
    const request = http.request(`${running.url}/api/v1/scholarship-registrations/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: `Bearer ${institute.token}`, 'accept-language': 'en' },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
    });
    // Half the body now: once connected, the server has the request and waits for the rest.
    const connected = new Promise((resolve) => request.once('socket', (socket) => socket.once('connect', resolve)));
    request.write(body.slice(0, body.length / 2));
    await connected;
    await new Promise((resolve) => setTimeout(resolve, 500));

    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running.child.exitCode, 'still running while a request is in flight').toBeNull();
    await expect(fetch(`${running.url}/api/health`), 'no new connections once closing').rejects.toThrow();

    request.end(body.slice(body.length / 2));
    const res = await answer;
    expect(res.status, res.body).toBe(200);
    const regNo = (JSON.parse(res.body) as { data: { reg_no: string } }).data.reg_no;

    const exit = await Promise.race([running.exited, new Promise((resolve) => setTimeout(() => resolve('still running 5 s later'), 5_000))]);
    expect(exit).toEqual({ code: 0, signal: null });
    // The database was closed, not abandoned: SQLite folds its WAL back into the file and removes it on the last close.
    if (place.dialect === 'sqlite') expect(fs.existsSync(path.join(place.dataDir, 'app.sqlite-wal'))).toBe(false);

    const db = openPlace(place);
    try {
      expect(await db.selectFrom('scholarship_registrations').select('reg_no').where('reg_no', '=', regNo).executeTakeFirst()).toEqual({ reg_no: regNo });
      expect(await consistencyProblems(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 30_000);
});
