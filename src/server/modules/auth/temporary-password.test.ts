/**
 * A temporary password (architecture §5) does not outlive what should end it: a password an admin sets
 * voids it; using it ends the account's other sessions; and until the account sets its own password
 * the server answers only reading the profile, changing the password and logging out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import type { Mailer } from '../../lib/mailer.js';
import { adminToken, client, instituteSession, loginToken, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';
import { uncounted } from '../../lib/failure-counter.js';
import { sendTemporaryPassword } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** Mails a temporary password to the account and answers it. */
async function temporaryPassword(email: string): Promise<string> {
  let text = '';
  const mailer: Mailer = { send: async (mail) => void (text = String(mail.text)) };
  await sendTemporaryPassword(t.app.db, mailer, uncounted, email, 'http://localhost', { ip: null, userAgent: null });
  return /Your temporary password: (\S+)/.exec(text)![1]!;
}

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('a temporary password', () => {
  it('no longer works once an admin has set a password', async () => {
    const n = 801;
    const { id } = await instituteSession(t, n);
    const email = String(validRegistration(n).email);
    const temporary = await temporaryPassword(email);
    const admin = client(t, await adminToken(t));
    const { password: _p, password_confirmation: _c, ...form } = validRegistration(n);
    const set = await admin.post('/api/v1/users/update', { id, ...form, password: 'set-by-admin-1', password_confirmation: 'set-by-admin-1' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await login(email, temporary)).statusCode).toBe(422);
    expect((await login(email, 'set-by-admin-1')).statusCode).toBe(200);
  });

  it('ends the account’s other sessions when it is used', async () => {
    const n = 802;
    const { token: earlier } = await instituteSession(t, n);
    const email = String(validRegistration(n).email);
    await loginToken(t, email, await temporaryPassword(email));
    expect((await client(t, earlier).post('/api/auth/me')).status).toBe(401);
  });

  it('leaves only the profile, the password change and logout until a new password is set', async () => {
    const n = 803;
    await instituteSession(t, n);
    const email = String(validRegistration(n).email);
    const temporary = await temporaryPassword(email);
    const api = client(t, await loginToken(t, email, temporary));

    const refused = await api.get('/api/v1/scholarship-registrations');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(translate('en', 'password_change_required'));
    expect((await api.get('/api/v1/scholarship-registrations/analytics')).status).toBe(403);
    expect((await api.post('/api/v1/profile/update-info', {})).status).toBe(403);
    expect((await api.get('/api/v1/profile')).status).toBe(200);
    expect((await api.post('/api/auth/me')).status).toBe(200);
    expect((await client(t, await loginToken(t, email, temporary)).post('/api/auth/logout')).status).toBe(200);

    const changed = await api.post('/api/v1/profile/update-password', {
      old_password: temporary,
      password: 'my-own-pass-1',
      password_confirmation: 'my-own-pass-1',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api.get('/api/v1/scholarship-registrations')).status).toBe(200);
  });
});
