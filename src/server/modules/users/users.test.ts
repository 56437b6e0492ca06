import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, client, instituteSession, json, loginToken, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const userCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('users, for admins', () => {
  it('creates an institute account with the admin form, which can then log in', async () => {
    const res = await admin.post('/api/v1/users/store', validRegistration(100));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const user = res.body.data as Record<string, unknown>;
    expect(user).toMatchObject({ role: 'institute', institute_type: 'school', uid: expect.stringMatching(/^\d{6}$/) });
    expect(Object.keys(user).some((k) => /hash/.test(k))).toBe(false);
    expect(await loginToken(t, String(user.uid), 'secret-pass-1')).toBeTruthy();
  });

  it('requires what the admin form requires, and a password only on create', async () => {
    const before = await userCount();
    const res = await admin.post(
      '/api/v1/users/store',
      validRegistration(101, { institute_type: '', institute_level: '', institute_management_type: '', password: '', password_confirmation: '' }),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual([
      'institute_level',
      'institute_management_type',
      'institute_type',
      'password',
      'password_confirmation',
    ]);
    expect(await userCount()).toBe(before);

    const created = (await admin.post('/api/v1/users/store', validRegistration(102))).body.data as { id: number };
    const { password: _p, password_confirmation: _c, ...withoutPassword } = validRegistration(102, { name: 'নতুন নাম', website: '' });
    const updated = await admin.post('/api/v1/users/update', { id: created.id, ...withoutPassword });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ message: 'Data updated successfully.', data: { name: 'নতুন নাম', institute_name: 'নতুন নাম' } });
  });

  it('makes an examiner or an admin from a name, an email and a mobile: no institute fields, the personal name stored', async () => {
    const person = (n: number, role: string, overrides: Record<string, unknown> = {}) => ({
      role,
      name: 'মোঃ করিম হোসেন',
      email: `person${n}@example.test`,
      phone_number: `0181${String(n).padStart(7, '0')}`,
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
      ...overrides,
    });
    const res = await admin.post('/api/v1/users/store', person(120, 'examiner'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      role: 'examiner',
      name: 'মোঃ করিম হোসেন',
      institute_name: null,
      institute_name_english: null,
      institute_type: null,
      contact_person: null,
    });
    const examiner = res.body.data as { id: number; uid: string };
    expect(await loginToken(t, 'person120@example.test', 'secret-pass-1')).toBeTruthy();

    // What a person's form asks is required; nothing of an institute is.
    const missing = await admin.post('/api/v1/users/store', person(121, 'admin', { name: '', email: '', phone_number: '' }));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data as object).sort()).toEqual(['email', 'name', 'phone_number']);

    // Institute fields sent along are not stored on a person's account.
    const stray = await admin.post('/api/v1/users/store', person(122, 'admin', { institute_name_english: 'Stray School', institute_type: 'school' }));
    expect(stray.body.data).toMatchObject({ role: 'admin', institute_name_english: null, institute_type: null });

    const { password: _p, password_confirmation: _c, ...withoutPassword } = person(120, 'examiner', { name: 'মোঃ করিম উদ্দিন' });
    const updated = await admin.post('/api/v1/users/update', { id: examiner.id, ...withoutPassword });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'মোঃ করিম উদ্দিন', institute_name: null });
  });

  it('refuses an email or mobile of another account on update, writing nothing', async () => {
    const a = (await admin.post('/api/v1/users/store', validRegistration(103))).body.data as { id: number };
    await admin.post('/api/v1/users/store', validRegistration(104));
    const res = await admin.post('/api/v1/users/update', {
      id: a.id,
      ...validRegistration(103, { email: 'school104@example.test', password: '', password_confirmation: '' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ email: ['This email address is already registered.'] });
    expect((await admin.get(`/api/v1/users/${a.id}`)).body.data).toMatchObject({ email: 'school103@example.test' });
  });

  it('never lists, selects, filters or exports a password hash', async () => {
    const list = await admin.get('/api/v1/users?paginate=500');
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|password_hash|token_hash/);
    for (const query of ['fields[]=password_hash', 'fields[]=temp_password_hash', 'password_hash=x', 'orderByCol=password_hash', 'search=argon2']) {
      const res = await admin.get(`/api/v1/users?${query}`);
      expect(JSON.stringify(res.body)).not.toMatch(/\$argon2/);
    }
    const csv = await admin.post('/api/v1/export-data', { model: 'users', columns: ['password_hash'] });
    expect(csv.status).toBe(422);
    const all = await admin.post('/api/v1/export-data', { model: 'users' });
    expect(all.raw.body).not.toMatch(/argon2/);
  });

  it('finds users by name for the remote select: id, name and role, ten at a time', async () => {
    const res = await admin.get('/api/v1/users?search=Dhaka&fields[]=id&fields[]=name&fields[]=role&paginate=10&page=1');
    const page = res.body.data as { data: Record<string, unknown>[]; to: number; total: number };
    expect(page.data.length).toBeGreaterThan(0);
    expect(Object.keys(page.data[0]!).sort()).toEqual(['id', 'name', 'role']);
  });

  it('will not let an admin deactivate or delete their own account', async () => {
    const me = (await admin.post('/api/auth/me')).body.data as { user: { id: number } };
    for (const action of ['soft-delete', 'destroy']) {
      const res = await admin.post(`/api/v1/users/${action}`, { id: me.user.id });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ id: ['You cannot deactivate or delete your own account.'] });
    }
  });

  it('locks a deactivated institute out at once', async () => {
    const session = await instituteSession(t, 105);
    expect((await client(t, session.token).post('/api/auth/me')).status).toBe(200);
    await admin.post('/api/v1/users/soft-delete', { id: session.id });
    expect((await client(t, session.token).post('/api/auth/me')).status).toBe(401);
  });

  it('manages roles under user-roles', async () => {
    const created = await admin.post('/api/v1/user-roles/store', { title: 'Moderator' });
    expect(created.body.data).toMatchObject({ title: 'Moderator', slug: 'moderator' });
    const clash = await admin.post('/api/v1/user-roles/store', { title: 'moderator' });
    expect(clash.status).toBe(422);
    expect(clash.body.data).toEqual({ title: ['This value is already in use.'] });
    const adminRole = ((await admin.get('/api/v1/user-roles?title=Admin')).body.data as { data: { id: number }[] }).data[0]!;
    expect((await admin.post('/api/v1/user-roles/destroy', { id: adminRole.id })).status).toBe(409);
  });
});

describe('profile', () => {
  it('shows and updates only the caller, whatever id is sent', async () => {
    const me = await instituteSession(t, 110);
    const other = await instituteSession(t, 111);
    const api = client(t, me.token);
    expect(((await api.get('/api/v1/profile')).body.data as { user: { uid: string } }).user.uid).toBe(me.uid);
    const res = await api.post('/api/v1/profile/update-info', {
      id: other.id,
      institute_type: 'madrasah',
      institute_level: 'play-12th',
      institute_management_type: 'government',
      institute_name_english: 'NEW NAME MADRASAH',
      contact_person_name_english: 'ABDUL KARIM',
      phone_number: '01811111110',
      post_office: 'Savar',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Profile updated successfully.',
      data: { user: { id: me.id, institute_type: 'madrasah', phone_number: '01811111110' } },
    });
    expect((await admin.get(`/api/v1/users/${other.id}`)).body.data).toMatchObject({
      institute_type: 'school',
      phone_number: validRegistration(111).phone_number,
    });
  });

  it('refuses profile fields with bad values, writing nothing', async () => {
    const me = await instituteSession(t, 112);
    const res = await client(t, me.token).post('/api/v1/profile/update-info', { institute_type: 'college', phone_number: '123', post_office: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual(
      expect.arrayContaining(['institute_type', 'phone_number', 'post_office', 'institute_level', 'institute_name_english', 'contact_person_name_english']),
    );
    expect((await admin.get(`/api/v1/users/${me.id}`)).body.data).toMatchObject({ phone_number: validRegistration(112).phone_number });
  });

  it('changes the password after checking the old one, ending every other session', async () => {
    const me = await instituteSession(t, 113);
    const otherSession = await loginToken(t, me.uid, 'secret-pass-1');
    const api = client(t, me.token);
    const wrong = await api.post('/api/v1/profile/update-password', {
      old_password: 'not-it',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ old_password: ['The old password is wrong.'] });
    const mismatch = await api.post('/api/v1/profile/update-password', {
      old_password: 'secret-pass-1',
      password: 'brand-new-pass',
      password_confirmation: 'other',
    });
    expect(mismatch.body.data).toEqual({ password_confirmation: ['The password confirmation does not match.'] });

    const ok = await api.post('/api/v1/profile/update-password', {
      old_password: 'secret-pass-1',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(ok.body).toEqual({ message: 'Password changed successfully.', data: null });
    expect((await api.post('/api/auth/me')).status).toBe(200);
    expect((await client(t, otherSession).post('/api/auth/me')).status).toBe(401);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: me.uid, password: 'secret-pass-1' } });
    expect(relogin.statusCode).toBe(422);
    expect(await loginToken(t, me.uid, 'brand-new-pass')).toBeTruthy();
  });

  it('keeps the admin working after all this', async () => {
    expect(json(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).data).toHaveProperty('token');
  });
});

describe('clearing fields', () => {
  it('clears an optional institute field an update leaves empty', async () => {
    const created = (await admin.post('/api/v1/users/store', validRegistration(120, { website: 'https://school.example.test', thana: 'Savar' }))).body.data as {
      id: number;
    };
    const res = await admin.post('/api/v1/users/update', {
      id: created.id,
      ...validRegistration(120, { website: '', thana: '', password: '', password_confirmation: '' }),
    });
    expect(res.body.data).toMatchObject({ website: null, thana: null });
  });
});
