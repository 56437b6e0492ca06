/** A JSON client may send the numbers of the student form as JSON numbers: they mean the same as their digits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, instituteSession, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  api = client(t, (await instituteSession(t, 830)).token);
});
afterAll(async () => t.close());

describe('numbers sent as JSON numbers', () => {
  it('are taken like their digits', async () => {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(1, { class_roll: 1, birth_certificate_no: 1234567890 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ class_roll: '1', birth_certificate_no: '1234567890' });
  });

  it('are refused when too big to be exact, or not whole', async () => {
    for (const [field, value] of [
      ['birth_certificate_no', 2 ** 60],
      ['class_roll', 2.5],
      ['class_roll', -3],
    ] as const) {
      const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(2, { [field]: value }));
      expect(res.status, `${field} ${value}`).toBe(422);
      expect(res.body.data).toEqual({ [field]: ['Enter a valid number.'] });
    }
  });
});
