/** A `__proto__` name in `conditions` (column or operator) is refused like any unknown name, in exports and lists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const HIDDEN = ['{"__proto__":{"id":1}}', '{"__proto__":1}', '{"id":{"__proto__":1}}'];

describe('conditions naming __proto__', () => {
  it.each(HIDDEN)('%s is a 422 on conditions in an export', async (conditions) => {
    const res = await admin.post('/api/v1/export-data', { model: 'users', conditions });
    expect(res.status, res.raw.body).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual(['conditions']);
  });

  it.each(HIDDEN)('%s is a 422 on conditions in a list', async (conditions) => {
    const res = await admin.get(`/api/v1/users?conditions=${encodeURIComponent(conditions)}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual(['conditions']);
  });
});
