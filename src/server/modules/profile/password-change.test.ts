/** Guessing the old password through a session is limited like a login: 10 tries per account in 15 minutes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import { client, instituteSession, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const change = (old_password: string) => ({ old_password, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' });

describe('the old password of a password change', () => {
  it('is a 429 after 10 attempts, even when right, for that account only', async () => {
    const guesser = client(t, (await instituteSession(t, 901)).token);
    for (let i = 0; i < 10; i++) expect((await guesser.post('/api/v1/profile/update-password', change(`guess-${i}-pass`))).status).toBe(422);
    const blocked = await guesser.post('/api/v1/profile/update-password', change(String(validRegistration(901).password)));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(translate('en', 'too_many_requests'));

    const other = client(t, (await instituteSession(t, 902)).token);
    expect((await other.post('/api/v1/profile/update-password', change(String(validRegistration(902).password)))).status).toBe(200);
  });
});
