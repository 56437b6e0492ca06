/**
 * Someone can always run the back office: the last active admin cannot lose the role, be deactivated
 * or be deleted, even by two admins removing each other at once; and a start on a database whose
 * admin email belongs to an account of another role starts anyway instead of crashing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import { buildApp } from '../../app.js';
import { ADMIN, adminToken, client, loginToken, startTestApp, validRegistration, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const idOf = async (email: string) => (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The user form of account `n` with `changes`, without a new password. */
function form(n: number, changes: Record<string, unknown>) {
  const { password: _p, password_confirmation: _c, ...fields } = validRegistration(n, changes);
  return fields;
}

/** A second admin account, logged in. */
async function secondAdmin(n: number) {
  const body = validRegistration(n, { role: 'admin' });
  const res = await client(t, await adminToken(t)).post('/api/v1/users/store', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const email = String(body.email);
  return { n, id: await idOf(email), api: client(t, await loginToken(t, email, String(body.password))) };
}

let nextAccount = 710;

const activeAdminIds = async () =>
  (
    await t.app.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
      .select('users.id')
      .where('user_roles.slug', '=', 'admin')
      .where('users.status', '=', 1)
      .execute()
  ).map((row) => row.id);

describe('the last active admin', () => {
  it('cannot give up the admin role (409 with the reason)', async () => {
    const admin = client(t, await adminToken(t));
    const res = await admin.post('/api/v1/users/update', { id: await idOf(ADMIN.email), ...form(700, { email: ADMIN.email, role: 'institute' }) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(translate('en', 'last_admin'));
    expect(await activeAdminIds()).toHaveLength(1);
  });

  type Call = (id: number, n: number) => [string, Record<string, unknown>];
  it.each<[string, Call]>([
    ['demote', (id, n) => ['/api/v1/users/update', { id, ...form(n, { role: 'institute' }) }]],
    ['soft-delete', (id) => ['/api/v1/users/soft-delete', { id }]],
    ['destroy', (id) => ['/api/v1/users/destroy', { id }]],
  ])('is kept when two admins %s each other at once: one succeeds, the other is a 409', async (_action, call) => {
    const a = await secondAdmin(nextAccount++);
    const b = await secondAdmin(nextAccount++);
    // Only these two stay active admins for the race.
    const others = (await activeAdminIds()).filter((id) => id !== a.id && id !== b.id);
    await t.app.db.updateTable('users').set({ status: 0 }).where('id', 'in', others).execute();
    try {
      const [first, second] = await Promise.all([a.api.post(...call(b.id, b.n)), b.api.post(...call(a.id, a.n))]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      expect(await activeAdminIds()).toHaveLength(1);
    } finally {
      await t.app.db.updateTable('users').set({ status: 1 }).where('id', 'in', others).execute();
    }
  });
});

describe('start-up', () => {
  it('goes on when no admin exists and an account of another role holds the admin email', async () => {
    const institute = await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', 'institute').executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ role_id: institute.id }).where('email', '=', ADMIN.email).execute();
    await t.app.db
      .updateTable('users')
      .set({ role_id: institute.id })
      .where('role_id', '=', (await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', 'admin').executeTakeFirstOrThrow()).id)
      .execute();
    const again = await buildApp(t.config);
    try {
      expect((await again.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const holder = await again.db.selectFrom('users').select('role_id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
      expect(holder.role_id).toBe(institute.id);
    } finally {
      await again.close();
    }
  });
});
