/**
 * User roles: the admin and institute roles are what sign-up, sign-in and every role check look up,
 * so they cannot be deactivated or deleted; other roles can.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, startTestApp, validRegistration, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const roleId = async (slug: string) => (await t.app.db.selectFrom('user_roles').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;

describe('the roles the system runs on', () => {
  it.each(['institute', 'admin'])('refuse deactivating or deleting the %s role, and sign-up keeps working', async (slug) => {
    const id = await roleId(slug);
    for (const action of ['soft-delete', 'destroy']) {
      const res = await admin.post(`/api/v1/user-roles/${action}`, { id });
      expect(res.status, action).toBe(409);
      expect(res.body.message).toBe('The admin and institute roles are what the system runs on: they cannot be deactivated or deleted.');
    }
    const role = await t.app.db.selectFrom('user_roles').select(['slug', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(role).toEqual({ slug, status: 1 });
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: validRegistration(900 + slug.length) });
    expect(signUp.statusCode, signUp.body).toBe(200);
  });

  it('let an admin deactivate and delete a role of their own', async () => {
    const role = (await admin.post('/api/v1/user-roles/store', { title: 'Reviewer' })).body.data as { id: number };
    expect((await admin.post('/api/v1/user-roles/soft-delete', { id: role.id })).status).toBe(200);
    expect((await admin.post('/api/v1/user-roles/destroy', { id: role.id })).status).toBe(200);
  });
});
