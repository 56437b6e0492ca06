/**
 * Admin two-factor login (README "Security"): enrolment with a QR code and a confirming code, recovery
 * codes shown once, a second step after the password that is a challenge and not a session, codes that
 * work once, throttling, turning it off with a code, and the policy that every admin must use it.
 * The codes are computed here with otplib, as an authenticator app would.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, client, instituteSession, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const en = { 'accept-language': 'en' };
const codeAt = (secret: string, stepsFromNow = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsFromNow * 30 });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: en, payload: { email, password } });
const secondStep = (challenge: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/two-factor', headers: en, payload: { challenge, code } });
/** Lets the next code of the current time step count again (the test does in seconds what takes a user 30). */
const forgetLastStep = () => t.app.db.updateTable('users').set({ totp_last_step: null }).execute();

async function enrol(token: string) {
  const api = client(t, token);
  const setup = await api.post('/api/v1/profile/two-factor/setup');
  expect(setup.status).toBe(200);
  const { secret, uri, qr_svg } = setup.body.data as { secret: string; uri: string; qr_svg: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/Scholarship:.+\?secret=/);
  expect(qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const wrong = await api.post('/api/v1/profile/two-factor/enable', { code: '000000' });
  expect(wrong.status).toBe(422);
  expect(wrong.body.data).toEqual({ code: ['The code is not right.'] });
  const enabled = await api.post('/api/v1/profile/two-factor/enable', { code: await codeAt(secret) });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, recovery: (enabled.body.data as { recovery_codes: string[] }).recovery_codes };
}

describe('an admin with two-factor login', () => {
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    ({ secret, recovery } = await enrol(await adminToken(t)));
  });

  it('gets ten recovery codes once, stored only as digests', async () => {
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await t.app.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    const status = await client(t, await adminSessionWithCode()).get('/api/v1/profile/two-factor');
    expect(status.body.data).toEqual({ enabled: true, required: false, must_enrol: false, recovery_codes_left: 10 });
  });

  /** A full login of the first admin with the next code. */
  async function adminSessionWithCode(): Promise<string> {
    await forgetLastStep();
    const first = await login(ADMIN.email, ADMIN.password);
    const challenge = (first.json() as { data: { two_factor: { challenge: string } } }).data.two_factor.challenge;
    const res = await secondStep(challenge, await codeAt(secret));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { token: string } }).data.token;
  }

  it('gets a challenge, not a session, for the password; the challenge opens nothing', async () => {
    const first = await login(ADMIN.email, ADMIN.password);
    expect(first.statusCode).toBe(200);
    const data = (first.json() as { data: Record<string, unknown> }).data;
    expect(data).not.toHaveProperty('token');
    const { challenge } = data.two_factor as { challenge: string };
    expect((await client(t, challenge).post('/api/auth/me')).status).toBe(401);
  });

  it('logs in with the code of the app; the same code never works twice', async () => {
    await forgetLastStep();
    const code = await codeAt(secret);
    const challenge = async () =>
      ((await login(ADMIN.email, ADMIN.password)).json() as { data: { two_factor: { challenge: string } } }).data.two_factor.challenge;
    const res = await secondStep(await challenge(), code);
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = (res.json() as { data: { token: string; user: { role: string } } }).data;
    expect(user.role).toBe('admin');
    expect((await client(t, token).post('/api/auth/me')).status).toBe(200);
    const replay = await secondStep(await challenge(), code);
    expect(replay.statusCode).toBe(422);
    expect((replay.json() as { data: unknown }).data).toEqual({ code: ['The code is not right.'] });
  });

  it('takes a recovery code once', async () => {
    const challenge = async () =>
      ((await login(ADMIN.email, ADMIN.password)).json() as { data: { two_factor: { challenge: string } } }).data.two_factor.challenge;
    expect((await secondStep(await challenge(), recovery[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await secondStep(await challenge(), recovery[0]!)).statusCode).toBe(422);
  });
});

describe('the policy that every admin must use two-factor login', () => {
  it('sends an admin without it to enrol, and leaves institutes alone', async () => {
    const first = client(t, await adminSessionOf(t));
    const created = await first.post('/api/v1/users/store', { ...validRegistration(1301), role: 'admin' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const secondToken = ((await login('school1301@example.test', 'secret-pass-1')).json() as { data: { token: string } }).data.token;
    const second = client(t, secondToken);
    const institute = await instituteSession(t, 1302);

    expect((await first.post('/api/v1/profile/two-factor/policy', { required: true })).status).toBe(200);
    const refused = await second.get('/api/v1/users');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Two-factor login is required for every admin. Turn it on from your profile.');
    expect((await second.get('/api/v1/profile/two-factor')).body.data).toMatchObject({ required: true, must_enrol: true, enabled: false });
    expect((await second.post('/api/auth/me')).status).toBe(200);
    expect((await client(t, institute.token).get('/api/v1/scholarship-registrations')).status).toBe(200);
    expect((await client(t, institute.token).get('/api/v1/profile/two-factor')).status).toBe(403);

    await enrol(secondToken);
    expect((await second.get('/api/v1/users')).status).toBe(200);
    expect((await first.post('/api/v1/profile/two-factor/policy', { required: false })).status).toBe(200);
  });

  it('an admin turns it off with a code, and then logs in with the password alone', async () => {
    const token = await adminSessionOf(t);
    const api = client(t, token);
    expect((await api.post('/api/v1/profile/two-factor/disable', { code: '123456' })).status).toBe(422);
    await forgetLastStep();
    const secret = (await t.app.db.selectFrom('users').select('totp_secret').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).totp_secret!;
    expect((await api.post('/api/v1/profile/two-factor/disable', { code: await codeAt(secret) })).status).toBe(200);
    expect((await adminToken(t)).length).toBeGreaterThan(20);
  });
});

describe('wrong codes', () => {
  it('spend a challenge after five, and stop an account’s codes after ten', async () => {
    const admin = client(t, await adminSessionOf(t));
    expect((await admin.post('/api/v1/users/store', { ...validRegistration(1303), role: 'admin' })).status).toBe(200);
    const email = 'school1303@example.test';
    const token = ((await login(email, 'secret-pass-1')).json() as { data: { token: string } }).data.token;
    const { secret } = await enrol(token);
    const challenge = async () => ((await login(email, 'secret-pass-1')).json() as { data: { two_factor: { challenge: string } } }).data.two_factor.challenge;

    const first = await challenge();
    for (let i = 0; i < 5; i++) expect((await secondStep(first, '111111')).statusCode).toBe(422);
    const spent = await secondStep(first, await codeAt(secret, 1));
    expect(spent.statusCode).toBe(422);
    expect((spent.json() as { data: unknown }).data).toEqual({ challenge: ['The login has expired. Log in with your password again.'] });

    const second = await challenge();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await secondStep(second, '222222')).statusCode);
    expect(statuses).toEqual(Array(5).fill(422));
    // Ten wrong codes in 15 minutes: even the right one waits.
    expect((await secondStep(await challenge(), await codeAt(secret, 1))).statusCode).toBe(429);
  });
});

/** The first admin's session through both steps (its secret read from the database, as its app holds it). */
async function adminSessionOf(app: TestApp): Promise<string> {
  const first = (await login(ADMIN.email, ADMIN.password)).json() as { data: { token?: string; two_factor?: { challenge: string } } };
  if (first.data.token) return first.data.token;
  await app.app.db.updateTable('users').set({ totp_last_step: null }).execute();
  const secret = (await app.app.db.selectFrom('users').select('totp_secret').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).totp_secret!;
  const res = await secondStep(first.data.two_factor!.challenge, await codeAt(secret));
  return (res.json() as { data: { token: string } }).data.token;
}
