import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, json, someAddress, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
// Dozens of registrations from one address: the limits have their own tests.
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
});
afterAll(async () => t.close());

const en = { 'accept-language': 'en' };

async function register(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/register', headers: en, payload: body });
}

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', headers: en, payload: { email, password } });
}

async function userCount(): Promise<number> {
  const row = await t.app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('registration', () => {
  it('creates an institute account with a six-digit institute id and no secrets in the answer', async () => {
    const res = await register(validRegistration(1));
    expect(res.statusCode).toBe(200);
    const { user } = json(res).data as { user: Record<string, unknown> };
    expect(user.uid).toMatch(/^[1-9]\d{5}$/);
    expect(user.role).toBe('institute');
    expect(user.institute_name).toBe('ঢাকা আদর্শ বিদ্যালয়');
    const { names } = someAddress();
    expect([user.division, user.zilla, user.upozilla]).toEqual([names.division.name_bn, names.district.name_bn, names.upazila.name_bn]);
    expect(Object.keys(user).filter((key) => /hash|^password|temp/.test(key))).toEqual([]);
    expect(res.body).not.toMatch(/\$argon2/);
  });

  it('accepts an urlencoded form with Bengali digits and +880 in the mobile number', async () => {
    const body = new URLSearchParams(validRegistration(2, { phone_number: '+৮৮০১৭১৫৫৫৫৫৫৫' }) as Record<string, string>).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { ...en, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect((json(res).data as { user: { phone_number: string } }).user.phone_number).toBe('01715555555');
  });

  const required = [
    'name',
    'institute_name_english',
    'contact_person',
    'phone_number',
    'division_id',
    'zilla_id',
    'upozilla_id',
    'holding_no',
    'post_office',
    'password',
    'password_confirmation',
  ];
  it.each(required)('refuses a registration without %s, on that field, writing nothing', async (field) => {
    const before = await userCount();
    const res = await register(validRegistration(10, { [field]: '' }));
    expect(res.statusCode).toBe(422);
    expect(json(res).data).toHaveProperty(field);
    expect((json(res).data as Record<string, string[]>)[field]![0]).toBe('This field is required.');
    expect(await userCount()).toBe(before);
  });

  const otherDivision = someAddress(1);
  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a name over 191 characters', { name: 'ক'.repeat(192) }, 'name', 'At most 191 characters.'],
    ['an English name over 191 characters', { institute_name_english: 'A'.repeat(192) }, 'institute_name_english', 'At most 191 characters.'],
    ['a mobile number that is not Bangladeshi', { phone_number: '0121234567' }, 'phone_number', 'Enter a valid Bangladeshi mobile number (e.g. 01712345678).'],
    ['letters in the mobile number', { phone_number: '01712abc567' }, 'phone_number', 'Enter a valid Bangladeshi mobile number (e.g. 01712345678).'],
    ['a malformed email', { email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    ['a website that is not a web address', { website: 'javascript:alert(1)' }, 'website', 'Enter a valid web address (https://…).'],
    ['an unknown institute type', { institute_type: 'college' }, 'institute_type', 'Choose one of the listed values.'],
    ['an unknown institute level', { institute_level: 'play-99th' }, 'institute_level', 'Choose one of the listed values.'],
    ['a negative number of students', { institute_total_student: '-5' }, 'institute_total_student', 'Must be at least 0.'],
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', 'At least 8 characters.'],
    ['a password over 128 characters', { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, 'password', 'At most 128 characters.'],
    ['a mismatched password confirmation', { password_confirmation: 'something-else' }, 'password_confirmation', 'The password confirmation does not match.'],
    ['a division that does not exist', { division_id: 999 }, 'division_id', 'This division is not in the list.'],
    ['a district from another division', { zilla_id: otherDivision.zilla_id }, 'zilla_id', 'This district is not in the selected division.'],
    ['an upazila from another district', { upozilla_id: otherDivision.upozilla_id }, 'upozilla_id', 'This upazila is not in the selected district.'],
    ['a district id that is not a number', { zilla_id: 'abc' }, 'zilla_id', 'Enter a valid number.'],
    ['a file path that climbs out of storage', { file: '../../etc/passwd' }, 'file', 'The file path is not valid.'],
  ];
  it.each(bad)('refuses %s with a message on that field, writing nothing', async (_label, override, field, message) => {
    const before = await userCount();
    const res = await register(validRegistration(11, override));
    expect(res.statusCode).toBe(422);
    expect((json(res).data as Record<string, string[]>)[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('reports every bad field of one form at once, in Bengali by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: validRegistration(12, { name: '', zilla_id: otherDivision.zilla_id, password_confirmation: 'nope-nope' }),
    });
    expect(res.statusCode).toBe(422);
    const data = json(res).data as Record<string, string[]>;
    expect(json(res).message).toBe('অনুগ্রহ করে ফর্মটি সঠিকভাবে পূরণ করুন।');
    expect(data.name).toEqual(['এই ঘরটি পূরণ করা আবশ্যক।']);
    expect(data.zilla_id).toEqual(['এই জেলাটি নির্বাচিত বিভাগের মধ্যে নয়।']);
    expect(data.password_confirmation).toEqual(['পাসওয়ার্ড ও নিশ্চিতকরণ পাসওয়ার্ড মেলেনি।']);
  });

  it('refuses an email or mobile number that is already registered, on that field', async () => {
    await register(validRegistration(20));
    const before = await userCount();
    const sameEmail = await register(validRegistration(21, { email: 'SCHOOL20@example.test' }));
    expect(sameEmail.statusCode).toBe(422);
    expect((json(sameEmail).data as Record<string, string[]>).email).toEqual(['This email address is already registered.']);
    const samePhone = await register(validRegistration(22, { phone_number: validRegistration(20).phone_number }));
    // The holder never confirmed it by SMS: the newcomer learns the admin can release it (phone-confirmation.test.ts).
    expect((json(samePhone).data as Record<string, string[]>).phone_number).toEqual([
      'An account holds this number without having confirmed it; if the number is yours, the admin can release it.',
    ]);
    expect(await userCount()).toBe(before);
  });
});

describe('login, session and logout', () => {
  let uid: string;
  const account = validRegistration(30);
  beforeAll(async () => {
    uid = (json(await register(account)).data as { user: { uid: string } }).user.uid;
  });

  it.each([
    ['institute id', () => uid],
    ['email', () => String(account.email).toUpperCase()],
    ['mobile number', () => String(account.phone_number)],
    ['mobile number with +880', () => `+88${String(account.phone_number)}`],
    ['institute id in Bengali digits', () => uid.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!)],
  ])('logs in by %s and gets a token that opens /me', async (_label, identifier) => {
    const res = await login(identifier(), String(account.password));
    expect(res.statusCode).toBe(200);
    const { token, user } = json(res).data as { token: string; user: { uid: string; role: string } };
    expect(user).toMatchObject({ uid, role: 'institute' });
    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect((json(me).data as { user: { uid: string } }).user.uid).toBe(uid);
  });

  it('accepts the login as multipart form data, as the browser form sends it', async () => {
    const form = new FormData();
    form.append('email', uid);
    form.append('password', String(account.password));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
  });

  it('logs the first admin in with the configured address', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect((json(res).data as { user: { role: string } }).user.role).toBe('admin');
  });

  it('gives the same 422 for a wrong password and an unknown account', async () => {
    const wrong = await login(uid, 'wrong-password');
    const unknown = await login('999999999', 'wrong-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect((json(res).data as Record<string, string[]>).email).toEqual(['The institute id/email/mobile or the password is wrong.']);
    }
  });

  it.each([
    ['email', { password: 'x' }],
    ['password', { email: 'someone' }],
  ])('refuses a login without %s', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: en, payload });
    expect(res.statusCode).toBe(422);
    expect((json(res).data as Record<string, string[]>)[field]).toEqual(['This field is required.']);
  });

  it('refuses an identifier or password that is too long', async () => {
    const res = await login('1'.repeat(192), 'p'.repeat(129));
    expect(res.statusCode).toBe(422);
    expect(json(res).data).toMatchObject({ email: ['At most 191 characters.'], password: ['At most 128 characters.'] });
  });

  it('answers 401 to /me without a token, with a malformed one, or with an expired one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
    const { token } = json(await login(uid, String(account.password))).data as { token: string };
    await t.app.db.updateTable('access_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { ...en, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: 'Please log in.', data: null });
  });

  it('revokes the token on logout, and only that token', async () => {
    const first = (json(await login(uid, String(account.password))).data as { token: string }).token;
    const second = (json(await login(uid, String(account.password))).data as { token: string }).token;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${first}` } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization: `Bearer ${first}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(200);
  });

  it('stores tokens only as digests', async () => {
    const { token } = json(await login(uid, String(account.password))).data as { token: string };
    const rows = await t.app.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a deactivated account', async () => {
    const other = validRegistration(31);
    const created = (json(await register(other)).data as { user: { id: number; uid: string } }).user;
    await t.app.db.updateTable('users').set({ status: 0 }).where('id', '=', created.id).execute();
    const res = await login(created.uid, String(other.password));
    expect(res.statusCode).toBe(422);
    expect((json(res).data as Record<string, string[]>).email).toEqual(['This account has been deactivated.']);
  });

  it('ends the open session of an account deactivated meanwhile with a 401 that says why', async () => {
    const other = validRegistration(32);
    const created = (json(await register(other)).data as { user: { id: number; uid: string } }).user;
    const { token } = json(await login(created.uid, String(other.password))).data as { token: string };
    await t.app.db.updateTable('users').set({ status: 0 }).where('id', '=', created.id).execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { ...en, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: 'This account has been deactivated.', data: null });
  });
});

describe('malformed requests', () => {
  it('answers broken JSON with a JSON 400 and no stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...en, 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: 'The request could not be understood.', data: null });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: en });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: 'Not found.', data: null });
  });

  it('answers a body of the wrong type with a 422, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: en, payload: { email: ['a', 'b'], password: { $gt: '' } } });
    expect(res.statusCode).toBe(422);
  });
});
