/**
 * Guesses sent together are limited like guesses sent one by one (docs/operators/security.md): each attempt is
 * counted before its slow check, so a burst gets no more checks than the limit; an account is counted
 * once however it is named; and the second step's codes, the mobile number's codes and the public
 * result lookup hold under the same burst.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testRedis } from '../../test/redis.js';
import { digest } from '../../lib/tokens.js';
import { LOOKUP_MISSES } from '../results/index.js';
import { CHALLENGE, CODE_FAILURES } from '../two-factor/two-factor.service.js';
import { LOGIN_FAILURES } from './auth.service.js';
import { client, json, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: true });
});
afterAll(async () => t.close());

const en = { 'accept-language': 'en' };
const login = (identifier: string, password: string, address: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, headers: en, payload: { email: identifier, password } });

async function register(n: number) {
  const body = validRegistration(n);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: `192.0.2.${n % 250}`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const { uid, id } = (res.json() as { data: { user: { uid: string; id: number } } }).data.user;
  return { id, email: String(body.email), phone: String(body.phone_number), uid, password: String(body.password) };
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

describe('passwords sent at once', () => {
  it('from one address: the right one 45th of 50 gets no token', async () => {
    const owner = await register(1501);
    const attempts = Array.from({ length: 50 }, (_, i) => (i === 44 ? owner.password : `wrong-guess-${i}`));
    const answers = await Promise.all(attempts.map((password) => login(owner.uid, password, '203.0.113.20')));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses[44]).toBe(429);
    expect(statuses).not.toContain(200);
    expect(answers.every((res) => !res.body.includes('"token"'))).toBe(true);
    const counts = tally(statuses);
    expect(counts[422]).toBe(LOGIN_FAILURES.max);
    expect(counts[429]).toBe(50 - LOGIN_FAILURES.max);
  });

  it('from three addresses: no more checked than the limit', async () => {
    const owner = await register(1502);
    const addresses = ['203.0.113.21', '203.0.113.22', '203.0.113.23'];
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => login(owner.email, `wrong-guess-${i}`, addresses[i % 3]!)));
    const counts = tally(answers.map((res) => res.statusCode));
    // A 422 is a password that was checked; a 429 is one refused before any check.
    expect(counts).toEqual({ 422: LOGIN_FAILURES.max, 429: 150 - LOGIN_FAILURES.max });
  });

  it('under the institute id, the email and the mobile number: one account, one counter', async () => {
    const owner = await register(1503);
    const spellings = [owner.uid, owner.email, owner.phone];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(spellings[i % 3]!, `wrong-guess-${i}`, `203.0.113.${30 + (i % 3)}`)));
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ 422: LOGIN_FAILURES.max, 429: 30 - LOGIN_FAILURES.max });
    for (const spelling of spellings) expect((await login(spelling, owner.password, '203.0.113.33')).statusCode, spelling).toBe(429);
  });

  it('one by one under the three names: ten in all, not ten each', async () => {
    const owner = await register(1504);
    const spellings = [owner.uid, owner.email, owner.phone];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(spellings[i % 3]!, `wrong-guess-${i}`, `203.0.113.${40 + i}`)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_FAILURES.max).fill(422), 429, 429]);
  });
});

describe('second-step codes sent at once', () => {
  it('check no more codes than a challenge’s tries, and the account’s limit over many challenges', async () => {
    const owner = await register(1505);
    const adminRole = await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', 'admin').executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ role_id: adminRole.id }).where('id', '=', owner.id).execute();
    const token = (json(await login(owner.email, owner.password, '203.0.113.50')).data as { token: string }).token;
    const api = client(t, token);
    const { secret } = (await api.post('/api/v1/profile/two-factor/setup')).body.data as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const enabled = await api.post('/api/v1/profile/two-factor/enable', { code, password: owner.password });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const challenge = async () =>
      (json(await login(owner.email, owner.password, '203.0.113.51')).data as { two_factor: { challenge: string } }).two_factor.challenge;
    const secondStep = (challengeToken: string, value: string, address: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/two-factor', remoteAddress: address, headers: en, payload: { challenge: challengeToken, code: value } });
    const codeField = (res: { body: string }) => Boolean((JSON.parse(res.body) as { data?: { code?: unknown } }).data?.code);

    // One challenge, 20 codes at once, the right one 15th: five tries, then the challenge is spent.
    const one = await challenge();
    const right = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => secondStep(one, i === 14 ? right : String(100000 + i), '203.0.113.52')));
    expect(burst.map((res) => res.statusCode)).not.toContain(200);
    expect(burst.filter(codeField)).toHaveLength(CHALLENGE.attempts);

    // Many challenges, codes at once on each: no more than the account's limit are checked, the right one included.
    const challenges = await Promise.all(Array.from({ length: 4 }, challenge));
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => secondStep(challenges[i % 4]!, i === 17 ? right : String(200000 + i), `203.0.113.${53 + (i % 4)}`)),
    );
    expect(many.map((res) => res.statusCode)).not.toContain(200);
    expect(many.filter(codeField).length).toBeLessThanOrEqual(CODE_FAILURES.max - CHALLENGE.attempts);
  });
});

describe('mobile number codes sent at once', () => {
  it('count every wrong guess, so the code is void after five', async () => {
    const owner = await register(1506);
    const token = (json(await login(owner.email, owner.password, '203.0.113.60')).data as { token: string }).token;
    const api = client(t, token);
    expect((await api.post('/api/v1/profile/phone/send-code')).status).toBe(200);
    const phone = (await t.app.db.selectFrom('phone_codes').select('phone_number').where('user_id', '=', owner.id).executeTakeFirstOrThrow()).phone_number;
    // The code the SMS carried, set to one the test knows.
    await t.app.db
      .updateTable('phone_codes')
      .set({ code_hash: digest(`${owner.id}:${phone}:424242`) })
      .where('user_id', '=', owner.id)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.post('/api/v1/profile/phone/confirm', { code: i === 14 ? '424242' : String(300000 + i) })),
    );
    const fields = answers.map((res) => (res.body.data as { code?: string[] } | null)?.code?.[0]);
    expect(answers.map((res) => res.status)).not.toContain(200);
    expect(fields.filter((message) => message === 'The code is not right.').length).toBeLessThanOrEqual(5);
  });
});

describe('result lookups sent at once', () => {
  it('answer no more misses than the limit to one address', async () => {
    await t.app.db.updateTable('exams').set({ results_version: 1 }).where('id', '=', 1).execute();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'GET', url: `/result?roll=${2604000000 + i}&reg=260000001`, remoteAddress: '203.0.113.70' })),
    );
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ 404: LOOKUP_MISSES.max, 429: 50 - LOOKUP_MISSES.max });
  });
});

const redis = await testRedis();

describe.skipIf(!redis)('passwords sent at once to two servers sharing Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await startTestApp({ REDIS_URL: redis!.url }, { rateLimit: true });
    b = await buildApp(a.config);
    for (let i = 0; i < 100 && (a.app.shared!.client.status !== 'ready' || b.shared!.client.status !== 'ready'); i++)
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis!.flush();
  });

  const loginAt = (app: FastifyInstance, identifier: string, password: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, headers: en, payload: { email: identifier, password } });

  it('check no more than the limit between them, and the right password among them gets no token', async () => {
    const body = validRegistration(1507);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(200);
    const [email, password] = [String(body.email), String(body.password)];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginAt(i % 2 ? b : a.app, email, i === 34 ? password : `wrong-guess-${i}`, `203.0.113.${80 + (i % 4)}`)),
    );
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ 422: LOGIN_FAILURES.max, 429: 40 - LOGIN_FAILURES.max });
  });

  it('take back the attempt of a right password', async () => {
    const body = validRegistration(1508);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(200);
    const [email, password] = [String(body.email), String(body.password)];
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES.max - 1; i++) statuses.push((await loginAt(i % 2 ? b : a.app, email, `wrong-${i}`, '203.0.113.90')).statusCode);
    statuses.push((await loginAt(b, email, password, '203.0.113.90')).statusCode);
    statuses.push((await loginAt(a.app, email, 'wrong-last', '203.0.113.90')).statusCode);
    statuses.push((await loginAt(b, email, 'wrong-after', '203.0.113.90')).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_FAILURES.max - 1).fill(422), 200, 422, 429]);
  });
});
