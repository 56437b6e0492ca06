/**
 * Contacts an account must prove (docs/operators/security.md): a new email address from the profile takes effect
 * only when the link mailed to it is opened, and does not hold the address meanwhile; an admin releases a
 * mobile number held by an account that has not confirmed it by SMS within a day of taking it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';
import { mailedTexts } from '../../test/mail-folder.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const profileForm = (n: number, overrides: Record<string, unknown> = {}) => ({
  ...validRegistration(n),
  password: undefined,
  password_confirmation: undefined,
  contact_person_name_english: 'Md Rahim Uddin',
  ...overrides,
});

/** The confirmation link mailed to `email` (the default transport writes .eml files). */
async function linkMailedTo(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const text of (await mailedTexts(t.dataDir)).reverse()) {
      const mail = text.replace(/=3D/g, '=');
      const match = /\/api\/auth\/confirm-email\?token=([\w-]+)/.exec(mail);
      if (mail.includes(`To: ${email}`) && match) return `/api/auth/confirm-email?token=${match[1]}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation mail to ${email}`);
}

const emailOf = async (id: number) => (await t.app.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

describe('a new email address from the profile', () => {
  it('changes only when the link mailed to it is opened, once', async () => {
    const me = await instituteSession(t, 1401);
    const res = await client(t, me.token).post('/api/v1/profile/update-info', profileForm(1401, { email: 'new-1401@example.test', post_office: 'Mirpur' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Profile updated. A link was sent to the new email address; the address changes when it is opened.');
    // The rest of the form is saved; the address is not, yet.
    expect(await emailOf(me.id)).toBe('school1401@example.test');
    expect((await t.app.db.selectFrom('users').select('post_office').where('id', '=', me.id).executeTakeFirstOrThrow()).post_office).toBe('Mirpur');

    const link = await linkMailedTo('new-1401@example.test');
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/profile?email_confirmed=1');
    expect(await emailOf(me.id)).toBe('new-1401@example.test');
    expect((await t.app.inject({ method: 'GET', url: link })).headers.location).toBe('/profile?email_confirmed=0');
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', me.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'email.change' });
  });

  it('does not hold the address: someone else may register it first, and then the link does nothing', async () => {
    const me = await instituteSession(t, 1402);
    await client(t, me.token).post('/api/v1/profile/update-info', profileForm(1402, { email: 'wanted@example.test' }));
    const link = await linkMailedTo('wanted@example.test');
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: validRegistration(1403, { email: 'wanted@example.test' }) });
    expect(other.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link })).headers.location).toBe('/profile?email_confirmed=0');
    expect(await emailOf(me.id)).toBe('school1402@example.test');
  });

  it('refuses an expired or made-up link', async () => {
    const me = await instituteSession(t, 1404);
    await client(t, me.token).post('/api/v1/profile/update-info', profileForm(1404, { email: 'late-1404@example.test' }));
    const link = await linkMailedTo('late-1404@example.test');
    await t.app.db.updateTable('email_changes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await t.app.inject({ method: 'GET', url: link })).headers.location).toBe('/profile?email_confirmed=0');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/confirm-email?token=made-up' })).headers.location).toBe('/profile?email_confirmed=0');
    expect(await emailOf(me.id)).toBe('school1404@example.test');
  });

  it('an unchanged address saves the profile at once, without a mail', async () => {
    const me = await instituteSession(t, 1405);
    const res = await client(t, me.token).post('/api/v1/profile/update-info', profileForm(1405));
    expect(res.body.message).toBe('Profile updated successfully.');
    expect(await t.app.db.selectFrom('email_changes').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
  });
});

describe('releasing a mobile number', () => {
  it('an admin frees a number an unconfirmed account holds, so its owner can register with it', async () => {
    const squatter = await instituteSession(t, 1406);
    const phone = String(validRegistration(1406).phone_number);
    const owner = validRegistration(1407, { phone_number: phone });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: owner })).statusCode).toBe(422);

    expect((await client(t, squatter.token).post('/api/v1/users/release-phone', { id: squatter.id })).status).toBe(403);
    const admin = client(t, await adminToken(t));
    // The holder has a day to confirm the number it took.
    const early = await admin.post('/api/v1/users/release-phone', { id: squatter.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The account took this number less than 24 hours ago and has a day to confirm it; it can be released after that.');
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await t.app.db.updateTable('users').set({ phone_set_at: dayAgo }).where('id', '=', squatter.id).execute();
    const released = await admin.post('/api/v1/users/release-phone', { id: squatter.id });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await t.app.db.selectFrom('users').select('phone_number').where('id', '=', squatter.id).executeTakeFirstOrThrow()).phone_number).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: owner })).statusCode).toBe(200);
  });

  it('keeps a number confirmed by SMS', async () => {
    const confirmed = await instituteSession(t, 1408);
    await t.app.db.updateTable('users').set({ phone_confirmed_at: new Date().toISOString() }).where('id', '=', confirmed.id).execute();
    const admin = client(t, await adminToken(t));
    const res = await admin.post('/api/v1/users/release-phone', { id: confirmed.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This mobile number is confirmed, so it cannot be released.');
    expect((await admin.post('/api/v1/users/release-phone', { id: 999_999 })).status).toBe(404);
  });
});
