/**
 * The outbox: a notice is stored in its event's transaction and only then; it is
 * sent after the commit, once, to DATA_DIR/sms or an HTTP gateway and to the mailer; a failing gateway
 * is retried with a growing wait, then the message is `failed` until an admin retries it.
 */
import fs from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { noticePaymentApproved, noticePaymentRefused } from './outbox.js';
import { waitFor } from '../../test/wait-for.js';

const FAST = { retryBaseMs: 300, maxAttempts: 3, pollMs: 100, reminderDays: 3, smsPerSecond: 1000 };

const outboxRows = (t: TestApp) => t.app.db.selectFrom('outbox').selectAll().orderBy('id').execute();
const filesIn = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));

type Request = { url: string; method: string; body: string; authorization?: string; at: number };

/** A real HTTP peer standing in for the SMS gateway: answers each request with the next status of `statuses` (200 after). */
async function gateway(statuses: number[]): Promise<{ server: Server; port: number; requests: Request[] }> {
  const requests: Request[] = [];
  const port = await freePort();
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', method: req.method ?? '', body, authorization: req.headers.authorization, at: Date.now() });
      res.statusCode = statuses.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'OK' : 'gateway busy');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port, requests };
}

describe('with the default file gateway', () => {
  let t: TestApp;
  let institute: Awaited<ReturnType<typeof instituteSession>>;
  beforeAll(async () => {
    t = await startTestApp({}, { outbox: FAST });
    institute = await instituteSession(t, 1201);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await waitFor(async () => (await outboxRows(t)).every((row) => row.state === 'sent'));
  });

  it('a committed approval lands once in the outbox, once in DATA_DIR/sms and once in DATA_DIR/mail', async () => {
    const mailBefore = await filesIn(path.join(t.dataDir, 'mail'));
    await t.app.db
      .transaction()
      .execute((trx) => noticePaymentApproved(trx, { instituteId: institute.id, paymentId: 1, amount: 600, transactionId: 'AB12CD34EF', students: 3 }));
    const rows = await waitFor(async () => {
      const all = await outboxRows(t);
      return all.length === 2 && all.every((row) => row.state === 'sent') && all;
    });
    const phone = `0171${String(1201).padStart(7, '0')}`;
    expect(rows.map((row) => [row.channel, row.recipient, row.event_key, row.attempts])).toEqual([
      ['sms', phone, 'payment:1:approved:1', 1],
      ['email', 'school1201@example.test', 'payment:1:approved:1', 1],
    ]);
    expect(rows[0]!.body).toBe('পেমেন্ট অনুমোদিত: ৬০০ টাকা, TrxID AB12CD34EF। ৩ জন শিক্ষার্থীর ফি পরিশোধিত।');
    expect(rows[0]!.sent_at).not.toBeNull();

    const sms = await filesIn(path.join(t.dataDir, 'sms'));
    expect(sms).toEqual([`${String(rows[0]!.id).padStart(10, '0')}-${phone}.txt`]);
    const content = await fs.readFile(path.join(t.dataDir, 'sms', sms[0]!), 'utf8');
    expect(content).toMatch(new RegExp(`^To: ${phone}\nDate: \\S+\nEncoding: ucs2\nSegments: 2\n\n${rows[0]!.body}\n$`));

    const mail = (await filesIn(path.join(t.dataDir, 'mail'))).filter((name) => !mailBefore.includes(name));
    expect(mail).toHaveLength(1);
    const eml = await fs.readFile(path.join(t.dataDir, 'mail', mail[0]!), 'utf8');
    expect(eml).toContain('To: school1201@example.test');

    // Nothing is due any more: another pass sends nothing twice.
    expect(await t.app.dispatcher.drain()).toBe(0);
    expect(await filesIn(path.join(t.dataDir, 'sms'))).toHaveLength(1);
  });

  it('a rolled-back transaction queues nothing', async () => {
    const before = (await outboxRows(t)).length;
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await noticePaymentRefused(trx, { instituteId: institute.id, paymentId: 2, transactionId: 'ROLLED1', reason: 'ভুল আইডি' });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    await t.app.dispatcher.drain();
    expect(await outboxRows(t)).toHaveLength(before);
  });

  it('the same event queued twice is stored once; approve → refuse → approve notify once each', async () => {
    const approve = () =>
      t.app.db
        .transaction()
        .execute((trx) => noticePaymentApproved(trx, { instituteId: institute.id, paymentId: 3, amount: 200, transactionId: 'AGAIN1', students: 1 }));
    const refuse = () =>
      t.app.db
        .transaction()
        .execute((trx) => noticePaymentRefused(trx, { instituteId: institute.id, paymentId: 3, transactionId: 'AGAIN1', reason: 'পরিমাণ মেলেনি' }));
    await approve();
    await approve();
    await refuse();
    await refuse();
    await approve();
    const keys = (await outboxRows(t)).filter((row) => row.event_key.startsWith('payment:3:')).map((row) => `${row.event_key} ${row.channel}`);
    expect(keys).toEqual([
      'payment:3:approved:1 sms',
      'payment:3:approved:1 email',
      'payment:3:refused:2 sms',
      'payment:3:refused:2 email',
      'payment:3:approved:3 sms',
      'payment:3:approved:3 email',
    ]);
  });

  it('an account without an email gets the SMS only', async () => {
    const other = await instituteSession(t, 1202);
    await t.app.db.updateTable('users').set({ email: null }).where('id', '=', other.id).execute();
    await t.app.db
      .transaction()
      .execute((trx) => noticePaymentRefused(trx, { instituteId: other.id, paymentId: 4, transactionId: 'NOMAIL1', reason: 'ভুল আইডি' }));
    const rows = (await outboxRows(t)).filter((row) => row.user_id === other.id);
    expect(rows.map((row) => row.channel)).toEqual(['sms']);
    expect(rows[0]!.body).toBe('পেমেন্ট গ্রহণ হয়নি (TrxID NOMAIL1)। কারণ: ভুল আইডি। সংশোধন করে আবার জমা দিন।');
  });

  it('admins list the outbox with filters and a recipient search; institutes may not', async () => {
    const admin = client(t, await adminToken(t));
    const phone = `0171${String(1201).padStart(7, '0')}`;
    const list = await admin.get(`/api/v1/outbox?channel=sms&search=${phone}`);
    expect(list.status).toBe(200);
    const rows = (list.body.data as { data: { channel: string; recipient: string; state: string; body: string }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.channel === 'sms' && row.recipient === phone)).toBe(true);
    const byAddress = (await admin.get('/api/v1/outbox?search=school1201%40')).body.data as { data: { recipient: string }[] };
    expect(byAddress.data.length).toBeGreaterThan(0);
    expect(byAddress.data.every((row) => row.recipient === 'school1201@example.test')).toBe(true);
    // A recipient is found by its start, not by a part in the middle.
    expect(((await admin.get('/api/v1/outbox?search=1201%40example')).body.data as { total: number }).total).toBe(0);
    expect(((await admin.get('/api/v1/outbox?search=nobody@')).body.data as { total: number }).total).toBe(0);
    expect((await admin.post('/api/v1/outbox/store', { channel: 'sms' })).status).toBe(404);
    expect((await client(t, institute.token).get('/api/v1/outbox')).status).toBe(403);
  });
});

describe('with an HTTP gateway', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof gateway>>;
  let institute: Awaited<ReturnType<typeof instituteSession>>;
  beforeAll(async () => {
    peer = await gateway([500]);
    t = await startTestApp({ SMS_GATEWAY_URL: `http://127.0.0.1:${peer.port}/send?to={to}&text={message}&key=k3y` }, { outbox: FAST });
    institute = await instituteSession(t, 1203);
  });
  afterAll(async () => {
    await t.close();
    peer.server.close();
  });

  it('a failed attempt (500) is retried after the backoff and the SMS is sent once, its Bengali text URL-encoded', async () => {
    const reason = 'টাকার পরিমাণ মেলেনি & আইডি ভুল';
    await t.app.db.transaction().execute((trx) => noticePaymentRefused(trx, { instituteId: institute.id, paymentId: 9, transactionId: 'RETRY1', reason }));
    const failed = await waitFor(async () => (await outboxRows(t)).find((row) => row.channel === 'sms' && row.attempts === 1 && row.state === 'pending'));
    expect(failed.last_error).toBe('SMS gateway answered 500: gateway busy');
    const sms = await waitFor(async () => (await outboxRows(t)).find((row) => row.channel === 'sms' && row.state === 'sent'));
    expect(sms.attempts).toBe(2);
    expect(sms.last_error).toBeNull();
    expect(peer.requests).toHaveLength(2);
    expect(peer.requests[1]!.at - peer.requests[0]!.at).toBeGreaterThanOrEqual(FAST.retryBaseMs - 10);
    const phone = `0171${String(1203).padStart(7, '0')}`;
    for (const request of peer.requests) {
      expect(request.method).toBe('GET');
      expect(request.url).toBe(`/send?to=${phone}&text=${encodeURIComponent(sms.body)}&key=k3y`);
      expect(new URL(request.url, 'http://x').searchParams.get('text')).toBe(sms.body);
    }
    expect(sms.body).toContain('কারণ: টাকার পরিমাণ মেলেনি & আইডি ভুল।');
    // The mail went through the mailer, unaffected by the gateway.
    expect((await outboxRows(t)).find((row) => row.channel === 'email')).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('after the last attempt the message is failed; an admin retries it once it can be sent, and it is sent once', async () => {
    peer.requests.length = 0;
    const statuses = [503, 503, 503];
    peer.server.removeAllListeners('request');
    peer.server.on('request', (req: IncomingMessage, res) => {
      req.resume();
      req.on('end', () => {
        peer.requests.push({ url: req.url ?? '', method: req.method ?? '', body: '', at: Date.now() });
        res.statusCode = statuses.shift() ?? 200;
        res.end();
      });
    });
    await t.app.db
      .transaction()
      .execute((trx) => noticePaymentApproved(trx, { instituteId: institute.id, paymentId: 10, amount: 200, transactionId: 'FAIL1', students: 1 }));
    const failed = await waitFor(async () =>
      (await outboxRows(t)).find((row) => row.event_key === 'payment:10:approved:1' && row.channel === 'sms' && row.state === 'failed'),
    );
    expect(failed.attempts).toBe(FAST.maxAttempts);
    expect(peer.requests).toHaveLength(3);

    const admin = client(t, await adminToken(t));
    const listed = await admin.get('/api/v1/outbox?state=failed');
    expect((listed.body.data as { data: { id: number; last_error: string }[] }).data).toEqual([
      expect.objectContaining({ id: failed.id, last_error: 'SMS gateway answered 503: ' }),
    ]);
    const retried = await admin.post('/api/v1/outbox/retry', { id: failed.id });
    expect(retried.status).toBe(200);
    const sent = await waitFor(async () => (await outboxRows(t)).find((row) => row.id === failed.id && row.state === 'sent'));
    expect(sent.attempts).toBe(1);
    expect(peer.requests).toHaveLength(4);

    const again = await admin.post('/api/v1/outbox/retry', { id: failed.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a message that failed can be sent again.');
    expect((await admin.post('/api/v1/outbox/retry', { id: 999_999 })).status).toBe(404);
    expect((await admin.post('/api/v1/outbox/retry', { id: 'x' })).status).toBe(422);
    expect((await client(t, institute.token).post('/api/v1/outbox/retry', { id: failed.id })).status).toBe(403);
    const audit = await t.app.db.selectFrom('audit_logs').selectAll().where('action', '=', 'notice.retry').execute();
    expect(audit).toEqual([expect.objectContaining({ entity: 'outbox', entity_id: failed.id })]);
  });
});

describe('a POST gateway with credentials', () => {
  it('fills the body template, JSON-escaped for a JSON body, and sends the Authorization header', async () => {
    const peer = await gateway([]);
    const t = await startTestApp(
      {
        SMS_GATEWAY_URL: `http://127.0.0.1:${peer.port}/api/sms`,
        SMS_GATEWAY_METHOD: 'POST',
        SMS_GATEWAY_BODY: '{"to":"{to}","text":"{message}"}',
        SMS_GATEWAY_CONTENT_TYPE: 'application/json',
        SMS_GATEWAY_AUTH: 'Bearer s3cret',
      },
      { outbox: FAST },
    );
    try {
      const institute = await instituteSession(t, 1204);
      await t.app.db
        .transaction()
        .execute((trx) => noticePaymentRefused(trx, { instituteId: institute.id, paymentId: 11, transactionId: 'POST1', reason: 'আইডি "ভুল"\nআবার দিন' }));
      const sms = await waitFor(async () => (await outboxRows(t)).find((row) => row.channel === 'sms' && row.state === 'sent'));
      expect(peer.requests).toHaveLength(1);
      expect(peer.requests[0]).toMatchObject({ method: 'POST', url: '/api/sms', authorization: 'Bearer s3cret' });
      expect(JSON.parse(peer.requests[0]!.body)).toEqual({ to: `0171${String(1204).padStart(7, '0')}`, text: sms.body });
    } finally {
      await t.close();
      peer.server.close();
    }
  });
});
