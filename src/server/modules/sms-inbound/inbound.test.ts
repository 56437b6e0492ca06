/**
 * Results by SMS: the gateway's callback, its secret and field names as configured, every way of asking
 * for a result, the replies queued in the outbox from the live published version only and within two SMS
 * parts, a retried callback answered once, and a sender's replies limited even when its messages arrive at once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../../common/schemas/results.js';
import { LIMITS } from '../../../common/constants.js';
import { sampleResultDocument } from '../../test/result-samples.js';
import { buildApp } from '../../app.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_SEGMENTS, smsSegments } from '../notices/index.js';

const SECRET = 'inbound-secret-0123456789';
const URL = '/api/v1/sms/inbound';

const ROLL = '2604000123';
const WITHHELD_ROLL = '2604000124';
const ABSENT_ROLL = '2607000001';
const OLD_ROLL = '2604000999';
const PASSED = sampleResultDocument({ roll_no: ROLL, reg_no: '2600000420001' });
const FOUND_REPLY = `ফলাফল: ${PASSED.name_bn}, রোল ${ROLL}। মোট ২২২.৫/৩৫০, উত্তীর্ণ। ট্যালেন্টপুল বৃত্তি, মেধাক্রম ১৭।`;

let t: TestApp;
let unset: TestApp;
let fieldSecret: TestApp;
/** A second server on the same database, as behind a load balancer. */
let secondServer: FastifyInstance;
beforeAll(async () => {
  [t, unset, fieldSecret] = await Promise.all([
    startTestApp({ SMS_INBOUND_SECRET: SECRET, SMS_INBOUND_ID_FIELD: 'id' }),
    startTestApp({}),
    // Another gateway's way: the secret as a field, its own names, the text inside a JSON object.
    startTestApp({ SMS_INBOUND_SECRET: SECRET, SMS_INBOUND_SECRET_FIELD: 'api_key', SMS_INBOUND_SENDER_FIELD: 'msisdn', SMS_INBOUND_TEXT_FIELD: 'sms.body' }),
  ]);
  secondServer = await buildApp(t.config);
});
afterAll(async () => {
  await secondServer?.close();
  await Promise.all([t?.close(), unset?.close(), fieldSecret?.close()]);
});

let senders = 0;
/** A new sender for each check, so one check's replies do not count against another's limit. */
const newSender = () => `0171${String(++senders).padStart(7, '0')}`;

const send = (app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = { 'x-sms-secret': SECRET }) =>
  app.app.inject({ method: 'POST', url: URL, payload: body, headers });

const repliesTo = (app: TestApp, recipient: string) =>
  app.app.db.selectFrom('outbox').select(['channel', 'recipient', 'body', 'topic', 'event_key']).where('recipient', '=', recipient).orderBy('id').execute();

const stored = (app: TestApp) => app.app.db.selectFrom('sms_inbound').selectAll().orderBy('id').execute();

async function publish(app: TestApp, version: number, docs: ResultDocument[]): Promise<void> {
  await app.app.db
    .insertInto('result_snapshot')
    .values(docs.map((doc) => ({ version, roll_no: doc.roll_no, reg_no: doc.reg_no, birth_certificate_no: null, doc: JSON.stringify(doc) })))
    .execute();
  await app.app.db.updateTable('exams').set({ results_version: version }).where('id', '=', 1).execute();
}

/** Asks from a new sender and answers what was queued for it. */
async function ask(app: TestApp, text: string, extra: Record<string, unknown> = {}) {
  const from = newSender();
  const res = await send(app, { from, message: text, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return { data: res.json().data as { outcome: string; answer: string | null }, replies: await repliesTo(app, from) };
}

describe('before any publication', () => {
  it('a result asked for is answered that results are not out yet, and how to ask once they are', async () => {
    // A roll already in the snapshot's tables but of no live version (results_version 0) is not sent.
    await t.app.db
      .insertInto('result_snapshot')
      .values({ version: 1, roll_no: ROLL, reg_no: PASSED.reg_no, birth_certificate_no: null, doc: JSON.stringify(PASSED) })
      .execute();
    const { data, replies } = await ask(t, `RESULT ${ROLL}`);
    expect(data).toEqual({ outcome: 'replied', answer: 'unpublished' });
    expect(replies.map((reply) => reply.body)).toEqual(['বৃত্তি পরীক্ষার ফলাফল এখনও প্রকাশিত হয়নি। প্রকাশের পর লিখুন: RESULT রোল নম্বর (যেমন RESULT 2604000123)।']);
    await t.app.db.deleteFrom('result_snapshot').execute();
  });
});

describe('once published', () => {
  beforeAll(async () => {
    // Version 1 had a roll version 2 dropped: the live version alone answers.
    await publish(t, 1, [sampleResultDocument({ roll_no: OLD_ROLL })]);
    await publish(t, 2, [
      PASSED,
      sampleResultDocument({ roll_no: WITHHELD_ROLL, state: 'withheld', grade: null, position: 0, total: 0 }),
      sampleResultDocument({ roll_no: ABSENT_ROLL, class: '07', name_bn: null, name_en: 'RAHIM UDDIN', state: 'absent', grade: null, position: 0, total: 0 }),
    ]);
  });

  it.each([
    `RESULT ${ROLL}`,
    `result ${ROLL}`,
    `RESULT   ২৬০৪০০০১২৩`,
    `Result-${ROLL}`,
    `  rEsUlT: 2604 000123. `,
    `ফলাফল ২৬০৪০০০১২৩`,
    `ফলাফল${ROLL}`,
    `ফলাফল\u200c ২৬০৪-০০০১২৩।`,
  ])('%j gets the result: name, roll, total and state, scholarship and position', async (text) => {
    const { data, replies } = await ask(t, text);
    expect(data).toEqual({ outcome: 'replied', answer: 'result' });
    expect(replies).toEqual([expect.objectContaining({ channel: 'sms', body: FOUND_REPLY, topic: 'sms-inbound' })]);
    expect(smsSegments(replies[0]!.body)).toBeLessThanOrEqual(MAX_SEGMENTS);
  });

  it('an absent candidate is told so, with no marks; the English name when there is no Bengali one', async () => {
    const { data, replies } = await ask(t, `RESULT ${ABSENT_ROLL}`);
    expect(data.answer).toBe('result');
    expect(replies.map((reply) => reply.body)).toEqual([`ফলাফল: RAHIM UDDIN, রোল ${ABSENT_ROLL}। অনুপস্থিত।`]);
  });

  it('a withheld result says it is withheld and why, and nothing of marks', async () => {
    const { data, replies } = await ask(t, `RESULT ${WITHHELD_ROLL}`);
    expect(data).toEqual({ outcome: 'replied', answer: 'withheld' });
    expect(replies.map((reply) => reply.body)).toEqual([
      `ফলাফল স্থগিত: ${PASSED.name_bn}, রোল ${WITHHELD_ROLL}। সব বিষয়ের নম্বর পাওয়া গেলে ফলাফল প্রকাশ করা হবে।`,
    ]);
  });

  it.each([['9999999999'], [OLD_ROLL]])('roll %s, in no live result, gets the same answer and how to ask', async (roll) => {
    const { data, replies } = await ask(t, `RESULT ${roll}`);
    expect(data).toEqual({ outcome: 'replied', answer: 'unknown_roll' });
    expect(replies.map((reply) => reply.body)).toEqual([
      `রোল ${roll} এর কোনো ফলাফল পাওয়া যায়নি। রোল নম্বর দেখে আবার লিখুন: RESULT রোল নম্বর (যেমন RESULT 2604000123)।`,
    ]);
  });

  it.each(['', 'hello', 'RESULT', 'RESULT abc', `RSLT ${ROLL}`, `${ROLL}`, `RESULT ${ROLL} ${ROLL}x`, `RESULT ${'1'.repeat(21)}`])(
    'the malformed %j is told how to write the message',
    async (text) => {
      const { data, replies } = await ask(t, text);
      expect(data).toEqual({ outcome: 'replied', answer: 'malformed' });
      expect(replies.map((reply) => reply.body)).toEqual(['ফলাফল জানতে লিখুন: RESULT রোল নম্বর (যেমন RESULT 2604000123)।']);
    },
  );

  it('the longest names still fit in two SMS parts, shortened, with every number whole', async () => {
    const longest = [
      sampleResultDocument({
        roll_no: '2604000200',
        name_bn: 'মোছাঃ স্ত্রীমতী '.repeat(20).slice(0, LIMITS.shortText),
        total: 1234.5,
        full_marks: 1500,
        position: 12345,
        award_amount: 10_000_000,
      }),
      sampleResultDocument({ roll_no: '2604000201', name_bn: null, name_en: 'MST. CHANDRABINDU '.repeat(20).slice(0, LIMITS.shortText), grade: 'general' }),
      sampleResultDocument({ roll_no: '2604000202', name_bn: 'ক্ষ'.repeat(LIMITS.shortText / 2), state: 'withheld', grade: null, position: 0 }),
      sampleResultDocument({ roll_no: '2604000203', name_bn: 'ক'.repeat(LIMITS.shortText), state: 'fail', grade: null, position: 0 }),
    ];
    await publish(t, 3, [PASSED, ...longest]);
    const bodies: string[] = [];
    for (const doc of longest) {
      const { replies } = await ask(t, `RESULT ${doc.roll_no}`);
      const body = replies[0]!.body;
      expect(smsSegments(body), body).toBeLessThanOrEqual(MAX_SEGMENTS);
      expect(body).toContain(`রোল ${doc.roll_no}।`);
      expect(body).toContain('…');
      bodies.push(body);
    }
    expect(bodies[0]).toMatch(/মোট ১,২৩৪\.৫\/১,৫০০, উত্তীর্ণ। ট্যালেন্টপুল বৃত্তি ১,০০,০০,০০০ টাকা, মেধাক্রম ১২,৩৪৫।$/);
  });

  it('a scholarship’s amount, when published with the result, follows its grade', async () => {
    await publish(t, 4, [PASSED, sampleResultDocument({ roll_no: '2604000300', grade: 'general', position: 250, award_amount: 3000 })]);
    const { replies } = await ask(t, 'RESULT 2604000300');
    expect(replies.map((reply) => reply.body)).toEqual([
      `ফলাফল: ${PASSED.name_bn}, রোল 2604000300। মোট ২২২.৫/৩৫০, উত্তীর্ণ। সাধারণ গ্রেডে বৃত্তি ৩,০০০ টাকা, মেধাক্রম ২৫০।`,
    ]);
    expect(smsSegments(replies[0]!.body)).toBeLessThanOrEqual(MAX_SEGMENTS);
  });
});

describe('the callback', () => {
  it('answers 404, saying what is missing, while no secret is configured', async () => {
    const res = await send(unset, { from: newSender(), message: `RESULT ${ROLL}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('এসএমএসে ফলাফল চালু করা হয়নি (SMS_INBOUND_SECRET নেই)।');
    expect(await stored(unset)).toEqual([]);
  });

  it('refuses a wrong, missing or misplaced secret with 401, storing and queueing nothing', async () => {
    const before = await stored(t);
    const from = newSender();
    const wrong: Record<string, string>[] = [
      { 'x-sms-secret': `${SECRET}x` },
      { 'x-sms-secret': SECRET.slice(0, -1) },
      {},
      { authorization: `Bearer ${SECRET}` },
    ];
    for (const headers of wrong) {
      const res = await send(t, { from, message: `RESULT ${ROLL}` }, headers);
      expect(res.statusCode).toBe(401);
    }
    // In the body where the header is expected.
    expect((await send(t, { from, message: `RESULT ${ROLL}`, secret: SECRET }, {})).statusCode).toBe(401);
    expect(await stored(t)).toEqual(before);
    expect(await repliesTo(t, from)).toEqual([]);
  });

  it('takes a form-encoded body as well as JSON, and the query string of a POST or a GET', async () => {
    const from = newSender();
    const form = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-sms-secret': SECRET, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: `+88${from}`, message: `ফলাফল ${ROLL}` }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    const search = new URLSearchParams({ from, message: `RESULT ${ROLL}` });
    for (const method of ['POST', 'GET'] as const) {
      const query = await t.app.inject({ method, url: `${URL}?${search}`, headers: { 'x-sms-secret': SECRET } });
      expect(query.statusCode, query.body).toBe(200);
    }
    // HEAD would act on the message like GET: it is not a route.
    expect((await t.app.inject({ method: 'HEAD', url: `${URL}?${search}`, headers: { 'x-sms-secret': SECRET } })).statusCode).toBe(404);
    // +880… and 01… are one sender, replied to as 01….
    expect((await repliesTo(t, from)).map((reply) => reply.body)).toEqual([FOUND_REPLY, FOUND_REPLY, FOUND_REPLY]);
  });

  it('reads another gateway’s names: the secret in a field, the text at a JSON path', async () => {
    await publish(fieldSecret, 1, [PASSED]);
    const from = newSender();
    expect((await send(fieldSecret, { msisdn: `880${from.slice(1)}`, sms: { body: `RESULT ${ROLL}` } }, {})).statusCode).toBe(401);
    const res = await send(fieldSecret, { api_key: SECRET, msisdn: Number(`880${from.slice(1)}`), sms: { body: `RESULT ${ROLL}` } }, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await repliesTo(fieldSecret, from)).map((reply) => reply.body)).toEqual([FOUND_REPLY]);
    // Without SMS_INBOUND_ID_FIELD every callback is a new message.
    expect((await send(fieldSecret, { api_key: SECRET, msisdn: from, sms: { body: `RESULT ${ROLL}` } }, {})).json().data.outcome).toBe('replied');
  });

  it('refuses a missing or unusable sender or a missing text with 422 on the gateway’s field, storing nothing', async () => {
    const before = await stored(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ message: `RESULT ${ROLL}` }, { from: 'এই ঘরটি পূরণ করা আবশ্যক।' }],
      [{ from: 'bKash', message: `RESULT ${ROLL}` }, { from: 'সঠিক ফোন নম্বর দিন।' }],
      [{ from: newSender() }, { message: 'এই ঘরটি পূরণ করা আবশ্যক।' }],
      [{ from: newSender(), message: 'RESULT 1', id: 'x'.repeat(201) }, { id: 'সর্বোচ্চ ২০০ অক্ষর লেখা যাবে।' }],
      [{ from: newSender(), message: 'RESULT 1', id: 'gw\u0000-1' }, { id: 'সঠিক লেখা দিন।' }],
    ];
    for (const [body, errors] of cases) {
      const res = await send(t, body);
      expect(res.statusCode, res.body).toBe(422);
      const data = res.json().data as Record<string, string[]>;
      expect(Object.fromEntries(Object.entries(data).map(([field, messages]) => [field, messages[0]]))).toEqual(errors);
    }
    expect(await stored(t)).toEqual(before);
  });

  it('keeps a text without its NUL characters, which PostgreSQL cannot store', async () => {
    const { data, replies } = await ask(t, `RESULT\u0000 ${ROLL}`);
    expect(data).toEqual({ outcome: 'replied', answer: 'result' });
    expect(replies.map((reply) => reply.body)).toEqual([FOUND_REPLY]);
    expect((await stored(t)).at(-1)!.text).toBe(`RESULT ${ROLL}`);
  });

  it('answers a retried message id once, even when the retries arrive together', async () => {
    const from = newSender();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(t, { from, message: `RESULT ${ROLL}`, id: 'gw-778899' })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.map((res) => res.json().data.outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'replied']);
    expect(await repliesTo(t, from)).toHaveLength(1);
    expect((await stored(t)).filter((row) => row.message_id === 'gw-778899')).toHaveLength(1);
  });

  it('queues at most 5 replies an hour per sender, with 20 of its messages at once to two servers; the rest are answered 200, not replied to', async () => {
    // Twenty messages within one window: not in the last seconds of an hour.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_590_000) await new Promise((resolve) => setTimeout(resolve, 3_600_000 - intoHour + 100));
    const from = newSender();
    const forms = [from, `+88${from}`, `88${from}`];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? secondServer : t.app).inject({
          method: 'POST',
          url: URL,
          payload: { from: forms[i % 3], message: `RESULT ${ROLL}`, id: `burst-${i}` },
          headers: { 'x-sms-secret': SECRET },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((res) => res.json().data.outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'replied')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'limited')).toHaveLength(15);
    expect(await repliesTo(t, from)).toHaveLength(5);
    const rows = (await stored(t)).filter((row) => row.sender === from);
    expect(rows.map((row) => row.outcome).sort()).toEqual([...Array(15).fill('limited'), ...Array(5).fill('replied')]);
    expect(await t.app.db.selectFrom('sms_reply_counts').select(['window_start', 'replies']).where('sender', '=', from).execute()).toEqual([
      { window_start: new Date(Date.now() - (Date.now() % 3_600_000)).toISOString(), replies: 20 },
    ]);
  });

  it('answers an SMS end to end, to the SMS the dispatcher sends (printed for the record)', async () => {
    const from = newSender();
    const request = { from: `+88${from}`, message: `result ২৬০৪০০০১২৩`, id: 'demo-1' };
    const res = await send(t, request);
    const [reply] = await repliesTo(t, from);
    expect(reply!.body).toBe(FOUND_REPLY);
    // The dispatcher is woken by the queueing commit and sends it through the default file gateway.
    const dir = path.join(t.dataDir, 'sms');
    let file: string | undefined;
    for (const until = Date.now() + 10_000; !file && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
      file = (await fs.readdir(dir).catch(() => [] as string[])).find((name) => name.endsWith(`-${from}.txt`));
    }
    const sent = await fs.readFile(path.join(dir, file!), 'utf8');
    console.log([`POST ${URL}  x-sms-secret: …  ${JSON.stringify(request)}`, `→ ${res.statusCode} ${res.body}`, `sent, ${file}:`, sent].join('\n'));
    const [head, body] = sent.split('\n\n');
    expect(head).toMatch(new RegExp(`^To: ${from}\nDate: \\S+\nEncoding: ucs2\nSegments: 2$`));
    expect(body).toBe(`${FOUND_REPLY}\n`);
  });
});
