/**
 * The dispatcher beyond one message: several senders racing over the same rows (two servers on one
 * PostgreSQL; on SQLite, two in the one process) send each row once; the wake-up after a commit sends
 * without waiting for the timer; the window-closing reminder queues once per institute per closing date.
 */
import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.js';
import { freePort } from '../../test/free-port.js';
import { instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { Dispatcher } from './dispatcher.js';
import { noticePaymentApproved } from './outbox.js';
import { insertNotices } from './outbox.repository.js';
import { dhakaToday } from '../../../common/season.js';
import { closingSoon, queueClosingReminders } from './reminders.js';
import { createSmsGateway } from './sms-gateway.js';
import { waitFor } from '../../test/wait-for.js';

const QUIET = { retryBaseMs: 60_000, maxAttempts: 3, pollMs: 60_000, reminderDays: 3, smsPerSecond: 1000 };

describe('two dispatchers racing over the same rows', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    port = await freePort();
    // A gateway that takes a few milliseconds, so the senders' batches overlap.
    server = createServer((req, res) => {
      received.push(new URL(req.url ?? '', 'http://x').searchParams.get('to') ?? '');
      setTimeout(() => res.end('OK'), 10);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    t = await startTestApp({}, { outbox: QUIET });
    // The app's own sender writes files; this test counts what reaches the HTTP gateway.
    await t.app.dispatcher.stop();
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('sends each of 300 messages exactly once', async () => {
    const notices = Array.from({ length: 300 }, (_, i) => ({
      channel: 'sms' as const,
      recipient: `0171${String(i).padStart(7, '0')}`,
      subject: null,
      body: 'পরীক্ষা',
      eventKey: `race:${i}`,
      topic: 'race',
      userId: null,
    }));
    await insertNotices(t.app.db, notices);
    // A second server: its own connection pool (PostgreSQL) or connection (SQLite) to the same database.
    const otherDb = openDatabase(t.config.database, () => undefined);
    // Connected before the race starts, so each sender begins claiming at the same moment.
    await sql`select 1`.execute(otherDb);
    const sms = createSmsGateway({ driver: 'http', url: `http://127.0.0.1:${port}/send?to={to}&text={message}`, method: 'GET', contentType: 'text/plain' });
    const common = { database: t.config.database, outbox: QUIET, mailer: t.app.mailer, sms, log: t.app.log };
    const senders = [new Dispatcher({ ...common, db: t.app.db }), new Dispatcher({ ...common, db: otherDb }), new Dispatcher({ ...common, db: otherDb })];
    try {
      const attempted = await Promise.all(senders.map((sender) => sender.drain()));
      expect(attempted.reduce((a, b) => a + b, 0)).toBe(300);
      // Each sender took a share: they did race.
      expect(attempted.filter((n) => n > 0).length).toBeGreaterThan(1);
    } finally {
      await otherDb.destroy();
    }
    expect(received).toHaveLength(300);
    expect(new Set(received).size).toBe(300);
    const states = await t.app.db.selectFrom('outbox').select(['state', 'attempts']).where('topic', '=', 'race').execute();
    expect(states.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('the SMS rate', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  /** When each SMS reached the gateway. */
  const arrivals: number[] = [];
  const RATE = 20;
  beforeAll(async () => {
    port = await freePort();
    server = createServer((req, res) => {
      arrivals.push(Date.now());
      req.resume();
      res.end('OK');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    t = await startTestApp({}, { outbox: QUIET });
    await t.app.dispatcher.stop();
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('hands SMS to a real gateway no faster than the configured rate, across batches, while mail goes at once', async () => {
    const notice = (i: number, channel: 'sms' | 'email') => ({
      channel,
      recipient: channel === 'sms' ? `0181${String(i).padStart(7, '0')}` : `school${i}@example.test`,
      subject: channel === 'email' ? 'বিষয়' : null,
      body: 'ফল প্রকাশিত',
      eventKey: `paced:${channel}:${i}`,
      topic: 'paced',
      userId: null,
    });
    // Three SMS batches at this rate (a batch is a second's worth), and mail queued behind them.
    await insertNotices(
      t.app.db,
      Array.from({ length: 50 }, (_, i) => notice(i, 'sms')),
    );
    await insertNotices(
      t.app.db,
      Array.from({ length: 5 }, (_, i) => notice(i, 'email')),
    );
    const gateway = createSmsGateway({ driver: 'http', url: `http://127.0.0.1:${port}/send?to={to}&text={message}`, method: 'GET', contentType: 'text/plain' });
    // When the dispatcher hands each SMS to the gateway client: what the rate governs (arrivals add the network's jitter).
    const handed: number[] = [];
    const sms = { send: (message: Parameters<typeof gateway.send>[0]) => (handed.push(Date.now()), gateway.send(message)) };
    const sender = new Dispatcher({
      db: t.app.db,
      database: t.config.database,
      outbox: { ...QUIET, smsPerSecond: RATE },
      mailer: t.app.mailer,
      sms,
      log: t.app.log,
    });
    const started = Date.now();
    expect(await sender.drain()).toBe(55);
    // 50 at 20 a second: the first at once, the last 49 intervals of 50 ms later.
    expect(Date.now() - started).toBeGreaterThanOrEqual(((50 - 1) * 1000) / RATE);
    expect(arrivals).toHaveLength(50);
    // No second holds more than the rate (one of slack for a timer's edge).
    for (const at of handed) expect(handed.filter((other) => other >= at && other < at + 1000).length).toBeLessThanOrEqual(RATE + 1);
    const mail = await t.app.db.selectFrom('outbox').select(['state', 'sent_at']).where('topic', '=', 'paced').where('channel', '=', 'email').execute();
    expect(mail.every((row) => row.state === 'sent')).toBe(true);
    // Mail did not wait for the SMS lane: all of it out within the first SMS second.
    for (const row of mail) expect(Date.parse(row.sent_at!) - started).toBeLessThan(1000);
  });
});

describe('the wake-up after a commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { outbox: QUIET });
  });
  afterAll(async () => t.close());

  it('sends a queued notice at once, with the timer a minute away', async () => {
    const institute = await instituteSession(t, 1301);
    const started = Date.now();
    await t.app.db
      .transaction()
      .execute((trx) => noticePaymentApproved(trx, { instituteId: institute.id, paymentId: 1, amount: 200, transactionId: 'WAKE1', students: 1 }));
    await waitFor(async () => {
      const rows = await t.app.db.selectFrom('outbox').select('state').execute();
      return rows.length === 2 && rows.every((row) => row.state === 'sent');
    }, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the window-closing reminder', () => {
  let t: TestApp;
  const ids: number[] = [];
  const reminders = () =>
    t.app.db.selectFrom('outbox').select(['event_key', 'channel', 'user_id', 'body']).where('topic', 'like', 'registration-closes:%').execute();
  const setClosing = async (value: string | null) => {
    const updated = await t.app.db.updateTable('setting_values').set({ value }).where('key', '=', 'registration_closes').executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const sub = await t.app.db.selectFrom('setting_sub_groups').select('id').orderBy('id').executeTakeFirstOrThrow();
      await t.app.db
        .insertInto('setting_values')
        .values({
          setting_sub_group_id: sub.id,
          key: 'registration_closes',
          type: 'text',
          title: 'registration closes',
          value,
          width: null,
          height: null,
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
  };
  const inDays = (days: number) => new Date(Date.parse(dhakaToday()) + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp({}, { outbox: QUIET });
    for (const n of [1401, 1402, 1403]) ids.push((await instituteSession(t, n)).id);
    // A deactivated account is not reminded.
    await t.app.db.updateTable('users').set({ status: 0 }).where('id', '=', ids[2]!).execute();
  });
  afterAll(async () => t.close());

  it('queues nothing without the setting, with an empty or a wrong one, or too early', async () => {
    await setClosing(null);
    expect(await closingSoon(t.app.db, 3)).toBeUndefined();
    for (const value of ['', 'next week', inDays(4), inDays(-1)]) {
      await setClosing(value);
      expect(await closingSoon(t.app.db, 3)).toBeUndefined();
    }
    await t.app.dispatcher.remind();
    expect(await reminders()).toEqual([]);
  });

  it('queues one SMS and one mail per active institute per closing date, however often it runs', async () => {
    const closes = inDays(3);
    await setClosing(closes);
    expect(await closingSoon(t.app.db, 3)).toBe(closes);
    expect(await closingSoon(t.app.db, 2)).toBeUndefined();
    const second = new Dispatcher({
      db: t.app.db,
      database: t.config.database,
      outbox: QUIET,
      mailer: t.app.mailer,
      sms: createSmsGateway(t.config.sms),
      log: t.app.log,
    });
    await Promise.all([t.app.dispatcher.remind(), second.drain(), queueClosingReminders(t.app.db, closes), queueClosingReminders(t.app.db, closes)]);
    await t.app.dispatcher.remind();
    const rows = await reminders();
    expect(rows.map((row) => `${row.event_key} ${row.channel}`).sort()).toEqual(
      [ids[0], ids[1]].flatMap((id) => [`registration-closes:${closes}:${id} email`, `registration-closes:${closes}:${id} sms`]).sort(),
    );
    expect(rows.find((row) => row.channel === 'sms')!.body).toContain('বৃত্তি পরীক্ষার নিবন্ধনের শেষ তারিখ');

    // A new closing date is a new reminder.
    await setClosing(inDays(0));
    await t.app.dispatcher.remind();
    expect(await reminders()).toHaveLength(8);
  });

  it('reaches every account of a season larger than one batch', async () => {
    const role = await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', 'institute').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const many = Array.from({ length: 1100 }, (_, i) => ({
      uid: String(500_000 + i),
      role_id: role.id,
      name: `বিদ্যালয় ${i}`,
      phone_number: `0181${String(i).padStart(7, '0')}`,
      email: null,
      slug: `bulk-${i}`,
      password_hash: 'x',
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < many.length; i += 100)
      await t.app.db
        .insertInto('users')
        .values(many.slice(i, i + 100))
        .execute();
    const closes = inDays(1);
    expect(await queueClosingReminders(t.app.db, closes)).toBe(1102);
    const rows = await t.app.db.selectFrom('outbox').select(['channel']).where('topic', '=', `registration-closes:${closes}`).execute();
    expect(rows.filter((row) => row.channel === 'sms')).toHaveLength(1102);
    expect(rows.filter((row) => row.channel === 'email')).toHaveLength(2);
  });
});
