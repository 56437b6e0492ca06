/**
 * Admin two-factor login (docs/operators/security.md): enrolment with a QR code and a confirming code, recovery
 * codes shown once, a second step after the password that is a challenge and not a session, codes that
 * work once, throttling, turning it off with a code, and the policy that every admin must use it.
 * The codes are computed here with otplib, as an authenticator app would.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, client, instituteSession, json, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

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

async function enrol(token: string, password: string) {
  const api = client(t, token);
  const setup = await api.post('/api/v1/profile/two-factor/setup');
  expect(setup.status).toBe(200);
  const { secret, uri, qr_svg } = setup.body.data as { secret: string; uri: string; qr_svg: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/Scholarship:.+\?secret=/);
  expect(qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const wrong = await api.post('/api/v1/profile/two-factor/enable', { code: '000000', password });
  expect(wrong.status).toBe(422);
  expect(wrong.body.data).toEqual({ code: ['The code is not right.'] });
  const enabled = await api.post('/api/v1/profile/two-factor/enable', { code: await codeAt(secret), password });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, recovery: (enabled.body.data as { recovery_codes: string[] }).recovery_codes };
}

describe('an admin with two-factor login', () => {
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    ({ secret, recovery } = await enrol(await adminToken(t), ADMIN.password));
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

    await enrol(secondToken, 'secret-pass-1');
    expect((await second.get('/api/v1/users')).status).toBe(200);
    expect((await first.post('/api/v1/profile/two-factor/policy', { required: false })).status).toBe(200);
  });

  it('an admin turns it off with a code, and then logs in with the password alone', async () => {
    const token = await adminSessionOf(t);
    const api = client(t, token);
    expect((await api.post('/api/v1/profile/two-factor/disable', { code: '123456', password: ADMIN.password })).status).toBe(422);
    await forgetLastStep();
    const secret = (await t.app.db.selectFrom('users').select('totp_secret').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).totp_secret!;
    expect((await api.post('/api/v1/profile/two-factor/disable', { code: await codeAt(secret), password: ADMIN.password })).status).toBe(200);
    expect((await adminToken(t)).length).toBeGreaterThan(20);
  });
});

describe('wrong codes', () => {
  it('spend a challenge after five, and stop an account’s codes after ten', async () => {
    const admin = client(t, await adminSessionOf(t));
    expect((await admin.post('/api/v1/users/store', { ...validRegistration(1303), role: 'admin' })).status).toBe(200);
    const email = 'school1303@example.test';
    const token = ((await login(email, 'secret-pass-1')).json() as { data: { token: string } }).data.token;
    const { secret } = await enrol(token, 'secret-pass-1');
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

/** A new admin (created by the first one) and a session of it, with its login calls from an address of the test's own. */
async function newAdmin(n: number) {
  const admin = client(t, await adminSessionOf(t));
  expect((await admin.post('/api/v1/users/store', { ...validRegistration(n), role: 'admin' })).status).toBe(200);
  const email = `school${n}@example.test`;
  const password = 'secret-pass-1';
  const address = `198.51.100.${n % 250}`;
  const signIn = () => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, headers: en, payload: { email, password } });
  const token = (json(await signIn()).data as { token: string }).token;
  return { email, password, address, signIn, token };
}

describe('an account’s second step when someone else knows the password', () => {
  it('stays open to the owner’s own browser, and to a recovery code on any browser', async () => {
    const owner = await newAdmin(1304);
    const { secret, recovery } = await enrol(owner.token, owner.password);
    const challenge = async () => (json(await owner.signIn()).data as { two_factor: { challenge: string } }).two_factor.challenge;
    const step = (challengeToken: string, code: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor',
        remoteAddress: owner.address,
        headers: { ...en, ...(cookie ? { cookie } : {}) },
        payload: { challenge: challengeToken, code },
      });
    const ownerLogin = await step(await challenge(), await codeAt(secret, 1));
    expect(ownerLogin.statusCode, ownerLogin.body).toBe(200);
    const cookie = /known_device=[\w-]+/.exec(String(ownerLogin.headers['set-cookie']))![0];

    // Ten wrong codes from another browser: that browser, and any new one, waits.
    const wrong = [];
    for (let i = 0; i < 2; i++) {
      const attempt = await challenge();
      for (let j = 0; j < 5; j++) wrong.push((await step(attempt, String(400000 + i * 10 + j))).statusCode);
    }
    expect(wrong).toEqual(Array(10).fill(422));
    const locked = await step(await challenge(), await codeAt(secret, -1));
    expect(locked.statusCode).toBe(429);
    expect(json(locked).message).toMatch(/recovery code/);

    // The owner's browser counts its own mistakes only; a recovery code gets in anywhere.
    await forgetLastStep();
    const own = await step(await challenge(), await codeAt(secret, 0), cookie);
    expect(own.statusCode, own.body).toBe(200);
    const anywhere = await step(await challenge(), recovery[3]!);
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    expect((await step(await challenge(), recovery[3]!)).statusCode).toBe(429);
  });
});

describe('turning two-factor login on or off', () => {
  it('takes the account’s password as well as the code, and ends the account’s other sessions', async () => {
    const owner = await newAdmin(1305);
    const other = (json(await owner.signIn()).data as { token: string }).token;
    const api = client(t, owner.token);
    const { secret } = (await api.post('/api/v1/profile/two-factor/setup')).body.data as { secret: string };

    const noPassword = await api.post('/api/v1/profile/two-factor/enable', { code: await codeAt(secret) });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.data).toEqual({ password: ['This field is required.'] });
    const wrongPassword = await api.post('/api/v1/profile/two-factor/enable', { code: await codeAt(secret), password: 'not-the-password' });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.data).toEqual({ password: ['The password is not right.'] });
    expect((await client(t, other).post('/api/auth/me')).status).toBe(200);

    const enabled = await api.post('/api/v1/profile/two-factor/enable', { code: await codeAt(secret), password: owner.password });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect((await client(t, other).post('/api/auth/me')).status).toBe(401);
    expect((await api.post('/api/auth/me')).status).toBe(200);

    const later = await owner.signIn();
    const challenge = (json(later).data as { two_factor: { challenge: string } }).two_factor.challenge;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      remoteAddress: owner.address,
      headers: en,
      payload: { challenge, code: await codeAt(secret, 1) },
    });
    const secondToken = (json(second).data as { token: string }).token;
    await forgetLastStep();
    const noPasswordOff = await api.post('/api/v1/profile/two-factor/disable', { code: await codeAt(secret, -1) });
    expect(noPasswordOff.status).toBe(422);
    expect(noPasswordOff.body.data).toEqual({ password: ['This field is required.'] });
    expect((await api.post('/api/v1/profile/two-factor/disable', { code: await codeAt(secret, -1), password: 'not-the-password' })).status).toBe(422);
    const disabled = await api.post('/api/v1/profile/two-factor/disable', { code: await codeAt(secret, -1), password: owner.password });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await client(t, secondToken).post('/api/auth/me')).status).toBe(401);
    expect((await api.post('/api/auth/me')).status).toBe(200);
  });
});
