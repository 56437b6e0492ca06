import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import { json, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('system endpoints', () => {
  it('reports health with the database dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.config.database.dialect });
  });

  it('serves the geo tree: eight divisions, each district with its upazilas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const tree = json(res).data as { id: number; name_bn: string; districts: { upazilas: unknown[] }[] }[];
    expect(tree).toHaveLength(8);
    expect(tree.flatMap((d) => d.districts)).toHaveLength(64);
    expect(tree.map((d) => d.name_bn)).toContain('ঢাকা');
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, { post?: { requestBody?: unknown } }> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/forget-password', '/api/health', '/api/geo']),
    );
    expect(JSON.stringify(doc.paths['/api/auth/register']!.post!.requestBody)).toContain('institute_name_english');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('creates every table of the data model', async () => {
    const tables = (await t.app.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'user_roles',
        'access_tokens',
        'scholarship_registrations',
        'registration_counts',
        'scholarship_payments',
        'web_page_menus',
        'web_page_sub_menus',
        'blog_categories',
        'news_categories',
        'notice_categories',
        'web_pages',
        'setting_groups',
        'setting_sub_groups',
        'setting_values',
        'media',
      ]),
    );
  });

  it('creates the first admin once, however often the app starts', async () => {
    const admins = await t.app.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
      .select('users.email')
      .where('user_roles.slug', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ email: 'admin@example.test' }]);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers a multipart body cut short with a 400 message on any route, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' },
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@example.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: translate('en', 'malformed_request'), data: null });
  });
});
