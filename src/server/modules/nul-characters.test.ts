/** A NUL character is no part of any text a person types: every text field refuses it (422), on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validRegistration, validStudent } from '../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const NUL = 'a\u0000b';

describe('text with a NUL character', () => {
  it('is a 422 on its field in forms of every kind', async () => {
    const institute = client(t, (await instituteSession(t, 970)).token);
    const cases: [ReturnType<typeof client>, string, Record<string, unknown>, string][] = [
      [client(t), '/api/auth/register', validRegistration(971, { contact_person: NUL }), 'contact_person'],
      [institute, '/api/v1/scholarship-registrations/store', validStudent(1, { name_english: NUL }), 'name_english'],
      [admin, '/api/v1/web-page-menu/store', { title: NUL, content_url: '/nul' }, 'title'],
      [admin, '/api/v1/page-build/store', { title: 'Page', url: 'nul-page', published_at: '2026-11-22T10:30', content: `<p>${NUL}</p>` }, 'content'],
      [admin, '/api/v1/page-build/store', { title: 'Page', url: 'nul-page', published_at: '2026-11-22T10:30', meta_title: NUL }, 'meta_title'],
    ];
    for (const [api, url, body, field] of cases) {
      const res = await api.post(url, body);
      expect(res.status, `${url} ${field}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(Object.keys(res.body.data as object)).toEqual([field]);
    }
  });

  it('is a 422 in a setting', async () => {
    const values = (await admin.get('/api/v1/settings/1/1/values')).body.data as { id: number; key: string; setting_sub_group_id?: number }[];
    const tagline = values.find((v) => v.key === 'site_tagline')!;
    const res = await admin.post('/api/v1/settings/update', { id: 1, fields: { [tagline.id]: { value: NUL } } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual([`fields.${tagline.id}.value`]);
  });
});
