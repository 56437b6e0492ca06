/**
 * The audit log: each audited change writes one entry in its own transaction (none when the change
 * rolls back), with who, from where and only the changed fields; admins list, search, filter, view
 * and export it; nobody writes it through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, loginToken, startTestApp, validRegistration, type TestApp } from '../../test/test-app.js';
import { mailedTexts } from '../../test/mail-folder.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let institute: Awaited<ReturnType<typeof instituteSession>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
  institute = await instituteSession(t, 700);
});
afterAll(async () => t.close());

type Entry = {
  id: number;
  user_id: number | null;
  user_name: string | null;
  user_role: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
};

const entries = async () =>
  (await t.app.db.selectFrom('audit_logs').selectAll().orderBy('id').execute()).map((row) => ({
    ...row,
    before: row.before && JSON.parse(row.before),
    after: row.after && JSON.parse(row.after),
  })) as Entry[];
const latest = async () => (await entries()).at(-1)!;
const count = async () => (await entries()).length;

let transaction = 0;
const payment = (overrides: Record<string, unknown> = {}) => ({
  institute_id: institute.id,
  payment_method: 'bkash',
  amount: 400,
  transaction_id: `AUD${++transaction}X`,
  date: '2026-02-01',
  ...overrides,
});

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('what is recorded', () => {
  it('an approval and its withdrawal, with the admin, the address and the user agent', async () => {
    const created = (await client(t, institute.token).post('/api/v1/scholarship-payments/store', payment())).body.data as { id: number };
    expect(await count()).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scholarship-payments/update',
      headers: { authorization: `Bearer ${await adminToken(t)}`, 'user-agent': `Agent ${'x'.repeat(400)}` },
      payload: payment({ id: created.id, transaction_id: `AUD${transaction}X`, is_approved: 1 }),
    });
    expect(res.statusCode).toBe(200);
    const approved = await latest();
    expect(approved).toMatchObject({
      action: 'payment.approve',
      entity: 'scholarship-payments',
      entity_id: created.id,
      user_role: 'admin',
      ip: '127.0.0.1',
      before: { is_approved: 0 },
      after: { is_approved: 1 },
    });
    expect(approved.user_name).toBeTruthy();
    expect(approved.user_agent).toHaveLength(255);

    await admin.post('/api/v1/scholarship-payments/update', payment({ id: created.id, transaction_id: `AUD${transaction}X`, is_approved: 0 }));
    expect(await latest()).toMatchObject({ action: 'payment.unapprove', entity_id: created.id, before: { is_approved: 1 }, after: { is_approved: 0 } });
  });

  it('a payment an admin stores already approved, and nothing for an unchanged approval', async () => {
    const created = (await admin.post('/api/v1/scholarship-payments/store', payment({ is_approved: 1 }))).body.data as { id: number };
    expect(await latest()).toMatchObject({ action: 'payment.approve', entity_id: created.id });
    const before = await count();
    await admin.post('/api/v1/scholarship-payments/update', payment({ id: created.id, transaction_id: `AUD${transaction}X`, amount: 600, is_approved: 1 }));
    expect(await count()).toBe(before);
  });

  it('soft-delete, restore and destroy of any resource, with the deleted row', async () => {
    const row = (await admin.post('/api/v1/blog-categories/store', { title: 'Audited' })).body.data as { id: number };
    await admin.post('/api/v1/blog-categories/soft-delete', { id: row.id });
    expect(await latest()).toMatchObject({
      action: 'record.soft_delete',
      entity: 'blog-categories',
      entity_id: row.id,
      before: { status: 1 },
      after: { status: 0 },
    });
    await admin.post('/api/v1/blog-categories/restore', { id: row.id });
    expect(await latest()).toMatchObject({ action: 'record.restore', before: { status: 0 }, after: { status: 1 } });
    await admin.post('/api/v1/blog-categories/destroy', { id: row.id });
    expect(await latest()).toMatchObject({ action: 'record.destroy', entity_id: row.id, before: { id: row.id, title: 'Audited' }, after: null });
  });

  it('an institute deleting its own registration, inside the counters’ transaction', async () => {
    const own = client(t, institute.token);
    const { division_id, zilla_id, upozilla_id } = validRegistration(1);
    const student = {
      class: '07',
      class_roll: '1',
      gender: 'm',
      department: 'p',
      name_bangla: 'রহিম',
      name_english: 'rahim',
      father_name_english: 'karim',
      mother_name_english: 'rokeya',
      contact_number: '01911000000',
      post_office: 'Savar',
      division_id,
      zilla_id,
      upozilla_id,
    };
    const row = (await own.post('/api/v1/scholarship-registrations/store', student)).body.data as { id: number };
    expect((await own.post('/api/v1/scholarship-registrations/destroy', { id: row.id })).status).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'record.destroy',
      entity: 'scholarship-registrations',
      entity_id: row.id,
      user_id: institute.id,
      user_role: 'institute',
    });
  });

  it('nothing when the change is refused or rolled back', async () => {
    const role = await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', 'institute').executeTakeFirstOrThrow();
    const before = await count();
    // The role's users make the delete fail inside its transaction: the entry goes with it.
    expect((await admin.post('/api/v1/user-roles/destroy', { id: role.id })).status).toBe(409);
    expect((await client(t, institute.token).post('/api/v1/blog-categories/soft-delete', { id: 1 })).status).toBe(403);
    expect((await admin.post('/api/v1/users/soft-delete', { id: 1 })).status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('a role change of a user and a password an admin sets, never a hash', async () => {
    const user = (await admin.post('/api/v1/users/store', validRegistration(701))).body.data as { id: number };
    const { password: _p, password_confirmation: _c, ...fields } = validRegistration(701);
    await admin.post('/api/v1/users/update', { id: user.id, ...fields, role: 'admin' });
    expect(await latest()).toMatchObject({
      action: 'user.role_change',
      entity: 'users',
      entity_id: user.id,
      before: { role: 'institute' },
      after: { role: 'admin' },
    });
    await admin.post('/api/v1/users/update', { id: user.id, ...fields, role: 'admin', password: 'another-pass-1', password_confirmation: 'another-pass-1' });
    expect(await latest()).toMatchObject({ action: 'password.change', entity_id: user.id, before: null, after: null });
    expect(JSON.stringify(await entries())).not.toMatch(/hash|another-pass/);
  });

  it('a new admin account as a grant of the admin role, and nothing for a new institute', async () => {
    const before = await count();
    await admin.post('/api/v1/users/store', validRegistration(703));
    expect(await count()).toBe(before);
    const created = (await admin.post('/api/v1/users/store', validRegistration(704, { role: 'admin' }))).body.data as { id: number };
    expect(await latest()).toMatchObject({ action: 'user.role_change', entity_id: created.id, before: null, after: { role: 'admin' } });
  });

  it('a role record created and renamed, with only the changed fields', async () => {
    const role = (await admin.post('/api/v1/user-roles/store', { title: 'Reviewer' })).body.data as { id: number };
    expect(await latest()).toMatchObject({ action: 'role.create', entity: 'user-roles', entity_id: role.id, before: null, after: { title: 'Reviewer' } });
    await admin.post('/api/v1/user-roles/update', { id: role.id, title: 'Senior reviewer' });
    expect(await latest()).toMatchObject({ action: 'role.update', before: { title: 'Reviewer' }, after: { title: 'Senior reviewer' } });
  });

  it('a reset request, the temporary password used, and a password change', async () => {
    const account = validRegistration(702);
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    const id = (await t.app.db.selectFrom('users').select('id').where('email', '=', String(account.email)).executeTakeFirstOrThrow()).id;
    await client(t).post('/api/auth/forget-password', { email: account.email });
    expect(await waitFor(async () => (await entries()).find((e) => e.action === 'password.reset_request' && e.entity_id === id))).toMatchObject({
      user_id: null,
      entity: 'users',
    });

    const mail = await waitFor(async () => (await mailedTexts(t.dataDir)).find((text) => text.includes(String(account.email))));
    const temporary = /Your temporary password: (\w+)/.exec(mail)![1]!;
    const token = await loginToken(t, String(account.email), temporary);
    expect(await latest()).toMatchObject({ action: 'password.reset_used', entity_id: id, user_id: id, user_role: 'institute' });

    await client(t, token).post('/api/v1/profile/update-password', {
      old_password: temporary,
      password: 'changed-pass-1',
      password_confirmation: 'changed-pass-1',
    });
    expect(await latest()).toMatchObject({ action: 'password.change', entity_id: id, user_id: id });
  });

  it('a settings change, with the old and new values of the changed keys only', async () => {
    const setting = await t.app.db
      .selectFrom('setting_values')
      .select(['id', 'setting_sub_group_id', 'value'])
      .where('key', '=', 'bkash_number')
      .executeTakeFirstOrThrow();
    const fee = await t.app.db.selectFrom('setting_values').select(['id', 'value']).where('key', '=', 'registration_fee').executeTakeFirstOrThrow();
    const res = await admin.post('/api/v1/settings/update', {
      id: setting.setting_sub_group_id,
      fields: { [setting.id]: { value: '01711000000' }, [fee.id]: { value: fee.value } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'settings.update',
      entity: 'settings',
      entity_id: setting.setting_sub_group_id,
      before: { bkash_number: setting.value },
      after: { bkash_number: '01711000000' },
    });
  });
});

describe('the address behind a proxy', () => {
  it('is the forwarded client with TRUST_PROXY, the peer without it', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1' });
    try {
      for (const [app, expected] of [
        [proxied, '203.0.113.7'],
        [t, '127.0.0.1'],
      ] as const) {
        const token = await adminToken(app);
        const row = (await client(app, token).post('/api/v1/news-categories/store', { title: 'Proxy' })).body.data as { id: number };
        await app.app.inject({
          method: 'POST',
          url: '/api/v1/news-categories/soft-delete',
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
          payload: { id: row.id },
        });
        const entry = await app.app.db.selectFrom('audit_logs').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
        expect(entry.ip).toBe(expected);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('the audit-logs resource', () => {
  it('lists newest first, searches and filters by action, entity, user and date', async () => {
    const list = async (query: string) => (await admin.get(`/api/v1/audit-logs?paginate=500&${query}`)).body.data as { data: Entry[]; total: number };
    const all = await list('');
    expect(all.total).toBe(await count());
    expect(all.data.map((e) => e.id)).toEqual([...all.data.map((e) => e.id)].sort((a, b) => b - a));

    expect((await list('search=payment.unapprove')).data.every((e) => e.action === 'payment.unapprove')).toBe(true);
    expect((await list('search=payment.unapprove')).total).toBe(1);
    const byEntity = await list('entity=blog-categories');
    expect(byEntity.data.map((e) => e.action).sort()).toEqual(['record.destroy', 'record.restore', 'record.soft_delete']);
    const byUser = await list(`user_id=${institute.id}`);
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.data.every((e) => e.user_id === institute.id)).toBe(true);
    expect((await list(`conditions=${encodeURIComponent(JSON.stringify({ created_at: { gte: '2999-01-01' } }))}`)).total).toBe(0);
    expect((await list(`conditions=${encodeURIComponent(JSON.stringify({ created_at: { gte: '2000-01-01' } }))}`)).total).toBe(all.total);
    const institutesName = (await client(t, institute.token).get('/api/v1/profile')).body.data as { user: { name: string } };
    const byName = await list(`search=${encodeURIComponent(institutesName.user.name)}`);
    expect(byName.data.map((e) => e.user_id)).toContain(institute.id);
    expect(byName.data.every((e) => e.user_name === institutesName.user.name)).toBe(true);
  });

  it('shows one entry with its changes as objects', async () => {
    const id = (await entries()).find((e) => e.action === 'role.update')!.id;
    const res = await admin.get(`/api/v1/audit-logs/${id}`);
    expect(res.body.data).toMatchObject({ action: 'role.update', before: { title: 'Reviewer' }, after: { title: 'Senior reviewer' } });
  });

  it('exports CSV for admins only', async () => {
    const res = await admin.post('/api/v1/export-data', { model: 'audit-logs', export_title: 'audit' });
    expect(res.status).toBe(200);
    const lines = res.raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('ID,Created at,User ID,User,User role,Action,Record type,Record ID,Before,After,IP address,Browser');
    expect(lines.length - 1).toBe(await count());
    expect((await client(t, institute.token).post('/api/v1/export-data', { model: 'audit-logs' })).status).toBe(403);
    expect((await client(t, institute.token).get('/api/v1/audit-logs')).status).toBe(403);
  });

  it('cannot be written through the API by anyone', async () => {
    const before = JSON.stringify(await entries());
    const id = (await entries())[0]!.id;
    for (const action of ['store', 'update', 'soft-delete', 'restore', 'destroy']) {
      const res = await admin.post(`/api/v1/audit-logs/${action}`, { id, action: 'forged', entity: 'x' });
      expect(res.status, action).toBe(404);
    }
    expect(JSON.stringify(await entries())).toBe(before);
  });
});
