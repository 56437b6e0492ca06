/**
 * The same student twice (the form's rule, the import's too): the same institute, class and class
 * roll, or the same birth registration number anywhere, is a 422 on the field that clashes, naming
 * the registration it clashes with, and nothing is stored or charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const count = async (instituteId: number) =>
  Number(
    (
      await t.app.db
        .selectFrom('scholarship_registrations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('institute_id', '=', instituteId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a duplicate registration', () => {
  it('is refused on the class roll, naming the registration, and an edit onto another’s roll too', async () => {
    const school = await instituteSession(t, 960);
    const api = client(t, school.token);
    const first = await api.post('/api/v1/scholarship-registrations/store', validStudent(7));
    expect(first.status).toBe(200);
    const regNo = (first.body.data as { reg_no: string }).reg_no;

    const again = await api.post('/api/v1/scholarship-registrations/store', validStudent(7, { name_english: 'another name' }));
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual({
      class_roll: [`A student of this institute is already registered in this class with this roll (registration no ${regNo}).`],
    });
    // "07" is roll 7; the other class and another institute are free.
    expect((await api.post('/api/v1/scholarship-registrations/store', validStudent(8, { class_roll: '07' }))).status).toBe(422);
    expect((await api.post('/api/v1/scholarship-registrations/store', validStudent(7, { class: '07' }))).status).toBe(200);
    const other = await instituteSession(t, 961);
    expect((await client(t, other.token).post('/api/v1/scholarship-registrations/store', validStudent(7))).status).toBe(200);
    expect(await count(school.id)).toBe(2);

    const second = (await api.post('/api/v1/scholarship-registrations/store', validStudent(9))).body.data as { id: number };
    const moved = await api.post('/api/v1/scholarship-registrations/update', { id: second.id, ...validStudent(7) });
    expect(moved.status).toBe(422);
    expect(moved.body.data).toHaveProperty('class_roll');
    // Saving a student unchanged is not a clash with itself.
    expect((await api.post('/api/v1/scholarship-registrations/update', { id: second.id, ...validStudent(9) })).status).toBe(200);
  });

  it('is refused on the birth registration number across institutes, for an admin too', async () => {
    const one = await instituteSession(t, 962);
    const two = await instituteSession(t, 963);
    const birth = '20101234567890123';
    const stored = await admin.post('/api/v1/scholarship-registrations/store', validStudent(1, { institute_id: one.id, birth_certificate_no: birth }));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const clash = await admin.post('/api/v1/scholarship-registrations/store', validStudent(2, { institute_id: two.id, birth_certificate_no: birth }));
    expect(clash.status).toBe(422);
    expect(Object.keys(clash.body.data as object)).toEqual(['birth_certificate_no']);
    expect(await count(two.id)).toBe(0);
    const analytics = (await client(t, two.token).get('/api/v1/scholarship-registrations/analytics')).body.data as { total_fee: number };
    expect(analytics.total_fee).toBe(0);
  });
});
