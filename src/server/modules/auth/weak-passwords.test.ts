/**
 * Common passwords (the list shipped in src/server/lib/common-passwords.txt) and passwords equal to the
 * account's own email, mobile number or institute id are refused wherever a password is chosen.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const common = translate('en', 'password_common');
const identifier = translate('en', 'password_is_identifier');
const register = (n: number, password: string) => client(t).post('/api/auth/register', validRegistration(n, { password, password_confirmation: password }));

describe('a chosen password', () => {
  it('ships a list of more than 10,000 common passwords', () => {
    const list = fs
      .readFileSync(new URL('../../lib/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(list.length).toBeGreaterThan(10_000);
    for (const password of ['12345678', 'password', 'iloveyou', 'qwerty123', 'password1']) expect(list).toContain(password);
  });

  it.each(['12345678', 'password', 'Password1', 'QWERTY123'])('%s is refused at registration', async (password) => {
    const res = await register(960, password);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ password: [common] });
  });

  it('may not be the email or the mobile number, in any of their forms', async () => {
    const body = validRegistration(961);
    for (const password of [String(body.email).toUpperCase(), String(body.phone_number), `+88${String(body.phone_number)}`]) {
      const res = await register(961, password);
      expect(res.status, password).toBe(422);
      expect(res.body.data, password).toEqual({ password: [identifier] });
    }
    expect((await register(961, 'a-good-pass-961')).status).toBe(200);
  });

  it('is checked when an admin creates or sets one, and when the owner changes it', async () => {
    const created = await admin.post('/api/v1/users/store', validRegistration(962, { password: 'iloveyou', password_confirmation: 'iloveyou' }));
    expect(created.body.data).toEqual({ password: [common] });

    const { id, token } = await instituteSession(t, 963);
    const { password: _p, password_confirmation: _c, ...form } = validRegistration(963);
    const set = await admin.post('/api/v1/users/update', { id, ...form, password: form.phone_number, password_confirmation: form.phone_number });
    expect(set.body.data).toEqual({ password: [identifier] });

    const own = client(t, token);
    const changed = await own.post('/api/v1/profile/update-password', {
      old_password: String(validRegistration(963).password),
      password: 'password1',
      password_confirmation: 'password1',
    });
    expect(changed.body.data).toEqual({ password: [common] });
  });
});
