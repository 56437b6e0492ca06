/**
 * The export request as the spec's client sends it: `model` by the original server's class names
 * (`Registration`, `Webpage\WebPages`) and "no conditions" as an empty list, given as JSON or as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let institute: Awaited<ReturnType<typeof instituteSession>>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  institute = await instituteSession(t, 840);
  const other = await instituteSession(t, 841);
  await client(t, institute.token).post('/api/v1/scholarship-registrations/store', validStudent(1, { name_english: 'mine' }));
  await client(t, other.token).post('/api/v1/scholarship-registrations/store', validStudent(1, { name_english: 'theirs' }));
});
afterAll(async () => t.close());

const csvLines = (res: Awaited<ReturnType<ReturnType<typeof client>['post']>>) => res.raw.body.split('\n').filter(Boolean);

describe("the spec's export request", () => {
  it.each([[[]], ['[]'], [{}], ['{}']])('takes model Registration with conditions %j as no conditions', async (conditions) => {
    const res = await admin.post('/api/v1/export-data', { model: 'Registration', export_title: 'registration-list', conditions });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/csv');
    expect(csvLines(res)).toHaveLength(3);
  });

  it('takes model Webpage\\WebPages for the pages', async () => {
    const res = await admin.post('/api/v1/export-data', { model: 'Webpage\\WebPages', export_title: 'webpage-list', conditions: '[]' });
    expect(res.status, res.raw.body).toBe(200);
    expect(csvLines(res)[0]).toContain('URL');
  });

  it("keeps an institute to its own rows under the spec's name too", async () => {
    const res = await client(t, institute.token).post('/api/v1/export-data', { model: 'Registration', conditions: [] });
    expect(res.status).toBe(200);
    const lines = csvLines(res);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('MINE');
  });

  it('still refuses a model it does not know', async () => {
    expect((await admin.post('/api/v1/export-data', { model: 'User\\Secrets' })).status).toBe(422);
  });
});
