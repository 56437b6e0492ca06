import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('GET /api/site-identity', () => {
  it('gives anyone the site name the settings hold, fresh after a change', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/site-identity' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((json(first).data as { site_name: string }).site_name).toBe('বৃত্তি পরীক্ষা নিবন্ধন');

    await t.app.db.updateTable('setting_values').set({ value: 'জেলা বৃত্তি পরীক্ষা' }).where('key', '=', 'site_name').execute();
    const second = await t.app.inject({ method: 'GET', url: '/api/site-identity' });
    expect(json(second).data).toEqual({ site_name: 'জেলা বৃত্তি পরীক্ষা', site_logo: null });
  });
});
