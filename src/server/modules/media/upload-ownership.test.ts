/**
 * Photo and file fields of institutes and registrations take only an upload of the account that saves
 * the form (an admin: its own or the record's account's; the public registration: an anonymous upload
 * from the same address), like file settings; a path never uploaded or another account's upload is a 422
 * on the field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validRegistration, validStudent } from '../../test/test-app.js';
import { bearer, jpeg, upload } from './media-test-helpers.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let adminKey: string;
let a: Awaited<ReturnType<typeof instituteSession>>;
let b: Awaited<ReturnType<typeof instituteSession>>;
beforeAll(async () => {
  t = await startTestApp();
  adminKey = await adminToken(t);
  admin = client(t, adminKey);
  a = await instituteSession(t, 1201);
  b = await instituteSession(t, 1202);
});
afterAll(async () => t.close());

async function uploaded(headers: Record<string, string>, remoteAddress?: string, folder?: string): Promise<string> {
  const parts = [...(folder ? [{ name: 'folder', value: folder }] : []), { name: 'photo', file: await jpeg(30, 30), filename: 'p.jpg' }];
  const res = await upload(t.app, parts, headers, remoteAddress);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as string;
}

const refused = { status: 422, field: ['This file was not uploaded here.'] };
/** The profile form of institute a (profile-only fields filled in). */
const profileForm = { ...validRegistration(1201), password: undefined, password_confirmation: undefined, contact_person_name_english: 'Md Rahim Uddin' };
const NEVER_UPLOADED = 'uploads/files/0123456789abcdef0123456789abcdef.jpg';

describe('an institute’s own profile', () => {
  it('takes its own upload, and keeps it on later saves', async () => {
    const own = await uploaded(bearer(a.token));
    const me = client(t, a.token);
    for (let i = 0; i < 2; i++) {
      const res = await me.post('/api/v1/profile/update-info', { ...profileForm, photo: own });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('refuses another account’s upload and a path never uploaded, on the field, changing nothing', async () => {
    const theirs = await uploaded(bearer(b.token));
    const me = client(t, a.token);
    const form = profileForm;
    const before = await t.app.db.selectFrom('users').select(['photo', 'file']).where('id', '=', a.id).executeTakeFirstOrThrow();
    for (const [field, path] of [
      ['photo', theirs],
      ['file', NEVER_UPLOADED],
    ] as const) {
      const res = await me.post('/api/v1/profile/update-info', { ...form, [field]: path });
      expect({ status: res.status, field: (res.body.data as Record<string, string[]>)[field] }).toEqual(refused);
    }
    expect(await t.app.db.selectFrom('users').select(['photo', 'file']).where('id', '=', a.id).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('registrations', () => {
  it('take the institute’s own upload as a student’s photo and refuse another’s', async () => {
    const own = await uploaded(bearer(a.token));
    const theirs = await uploaded(bearer(b.token));
    const me = client(t, a.token);
    const stored = await me.post('/api/v1/scholarship-registrations/store', validStudent(1, { photo: own }));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const id = (stored.body.data as { id: number }).id;
    for (const photo of [theirs, NEVER_UPLOADED]) {
      const res = await me.post('/api/v1/scholarship-registrations/store', validStudent(2, { photo }));
      expect({ status: res.status, field: (res.body.data as Record<string, string[]>).photo }).toEqual(refused);
      const edit = await me.post('/api/v1/scholarship-registrations/update', validStudent(1, { id, photo }));
      expect({ status: edit.status, field: (edit.body.data as Record<string, string[]>).photo }).toEqual(refused);
    }
    expect((await me.post('/api/v1/scholarship-registrations/update', validStudent(1, { id, photo: own, name_english: 'renamed' }))).status).toBe(200);
    expect(await t.app.db.selectFrom('scholarship_registrations').select('photo').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ photo: own });
  });

  it('take, from an admin, the admin’s or the institute’s upload, and refuse a third account’s', async () => {
    const institutes = await uploaded(bearer(a.token));
    const admins = await uploaded(bearer(adminKey));
    const theirs = await uploaded(bearer(b.token));
    expect((await admin.post('/api/v1/scholarship-registrations/store', validStudent(3, { institute_id: a.id, photo: institutes }))).status).toBe(200);
    expect((await admin.post('/api/v1/scholarship-registrations/store', validStudent(4, { institute_id: a.id, photo: admins }))).status).toBe(200);
    const res = await admin.post('/api/v1/scholarship-registrations/store', validStudent(5, { institute_id: a.id, photo: theirs }));
    expect({ status: res.status, field: (res.body.data as Record<string, string[]>).photo }).toEqual(refused);
  });
});

describe('an admin editing an account', () => {
  it('takes the admin’s or the account’s upload and refuses a third account’s', async () => {
    const form = { ...validRegistration(1201), id: a.id, password: undefined, password_confirmation: undefined };
    expect((await admin.post('/api/v1/users/update', { ...form, photo: await uploaded(bearer(adminKey)) })).status).toBe(200);
    expect((await admin.post('/api/v1/users/update', { ...form, photo: await uploaded(bearer(a.token)) })).status).toBe(200);
    const res = await admin.post('/api/v1/users/update', { ...form, photo: await uploaded(bearer(b.token)) });
    expect({ status: res.status, field: (res.body.data as Record<string, string[]>).photo }).toEqual(refused);
    const created = await admin.post('/api/v1/users/store', { ...validRegistration(1203), photo: NEVER_UPLOADED });
    expect({ status: created.status, field: (created.body.data as Record<string, string[]>).photo }).toEqual(refused);
  });
});

describe('the public registration', () => {
  it('takes a logo uploaded anonymously from the same address, which becomes the new account’s', async () => {
    const logo = await uploaded({}, '203.0.113.50', 'logos');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '203.0.113.51',
      payload: validRegistration(1204, { photo: logo }),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect((elsewhere.json() as { data: Record<string, unknown> }).data).toHaveProperty('photo');
    const institutes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '203.0.113.50',
      payload: validRegistration(1205, { photo: await uploaded(bearer(a.token)) }),
    });
    expect(institutes.statusCode).toBe(422);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '203.0.113.50',
      payload: validRegistration(1204, { photo: logo }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { user: { id: number } } }).data.user.id;
    expect(await t.app.db.selectFrom('media').select('owner_id').where('path', '=', logo).executeTakeFirstOrThrow()).toEqual({ owner_id: id });
  });
});
