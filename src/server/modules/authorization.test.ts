/**
 * Walks every resource definition: each endpoint answers anonymous callers 401, callers without one
 * of its roles 403 and changes nothing, and its roles get through. A new resource is covered as soon
 * as it is added to the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../common/constants.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../test/test-app.js';
import { resources } from './resources.js';

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await adminToken(t);
  tokens.institute = (await instituteSession(t, 900)).token;
});
afterAll(async () => t.close());

const ROLES: Role[] = ['admin', 'institute'];
const ACTIONS = [
  ['list', 'GET', ''],
  ['fetch one', 'GET', '/1'],
  ['store', 'POST', '/store'],
  ['update', 'POST', '/update'],
  ['soft-delete', 'POST', '/soft-delete'],
  ['restore', 'POST', '/restore'],
  ['destroy', 'POST', '/destroy'],
] as const;

async function snapshot(table: string): Promise<string> {
  return JSON.stringify(await t.app.db.selectFrom(table as 'users').selectAll().orderBy('id').execute());
}

describe.each(resources.map((r) => [r.name, r] as const))('%s', (name, resource) => {
  it('declares who may read and write it', () => {
    expect(resource.roles.read.length).toBeGreaterThan(0);
    expect(resource.roles.write.length).toBeGreaterThan(0);
    for (const role of [...resource.roles.read, ...resource.roles.write]) expect(ROLES).toContain(role);
  });

  it.each(ACTIONS)('%s needs a login', async (_action, method, suffix) => {
    const res = await client(t)[method === 'GET' ? 'get' : 'post'](`/api/v1/${name}${suffix}`, { id: 1, title: 'x' });
    expect(res.status).toBe(401);
  });

  it.each(ACTIONS)('%s is refused to roles it does not list, changing nothing', async (_action, method, suffix) => {
    const allowed = method === 'GET' ? resource.roles.read : resource.roles.write;
    for (const role of ROLES.filter((r) => !allowed.includes(r))) {
      const before = await snapshot(resource.table);
      const res = await client(t, tokens[role])[method === 'GET' ? 'get' : 'post'](`/api/v1/${name}${suffix}`, { id: 1, title: 'x' });
      expect(res.status, `${role} ${method} ${suffix}`).toBe(403);
      expect(await snapshot(resource.table)).toBe(before);
    }
  });

  it('lists for every role it allows', async () => {
    for (const role of resource.roles.read) expect((await client(t, tokens[role]).get(`/api/v1/${name}`)).status).toBe(200);
  });

  it('exports only for the roles that may read it', async () => {
    if (!resource.exportColumns) return;
    for (const role of ROLES) {
      const res = await client(t, tokens[role]).post('/api/v1/export-data', { model: name, export_title: name });
      expect(res.status, role).toBe(resource.roles.read.includes(role) ? 200 : 403);
    }
    expect((await client(t).post('/api/v1/export-data', { model: name })).status).toBe(401);
  });
});

describe('routes outside the resources', () => {
  it('profile calls need a login', async () => {
    const anonymous = client(t);
    expect((await anonymous.get('/api/v1/profile')).status).toBe(401);
    expect((await anonymous.post('/api/v1/profile/update-info', {})).status).toBe(401);
    expect((await anonymous.post('/api/v1/profile/update-password', {})).status).toBe(401);
  });

  it('every /api/v1 route is a resource endpoint, the profile or the export, so none escapes these tests', () => {
    const known = new Set(resources.map((r) => r.name).concat(['profile', 'export-data']));
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /\/api\/v1\/([\w-]+)/.exec(line)?.[1])
      .filter((segment): segment is string => Boolean(segment));
    expect(routes.length).toBeGreaterThan(0);
    for (const segment of routes) expect(known, segment).toContain(segment);
  });
});
