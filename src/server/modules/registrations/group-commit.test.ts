import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyProblems } from '../../test/consistency.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
});
afterAll(async () => t.close());

describe('registrations created side by side', () => {
  it('puts every registration created side by side into the name search, and only the ones stored', async () => {
    const institute = client(t, (await instituteSession(t, 701)).token);
    const forms = Array.from({ length: 40 }, (_, i) => validStudent(9000 + i, { name_english: `grouped pupil ${i}x` }));
    // One form in the middle is refused (a class that does not exist): its name must not be findable.
    forms[20] = { ...forms[20], class: '99', name_english: 'grouped pupil refusedx' };
    const answers = await Promise.all(forms.map((form) => institute.post('/api/v1/scholarship-registrations/store', form)));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([422]);
    const admin = client(t, await adminToken(t));
    for (const i of [0, 19, 21, 39]) {
      const found = await admin.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent(`grouped pupil ${i}x`)}`);
      expect((found.body.data as { total: number }).total, `pupil ${i}`).toBe(1);
    }
    const refused = await admin.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent('pupil refusedx')}`);
    expect((refused.body.data as { total: number }).total).toBe(0);
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });

  it('refuses the duplicates of a group alone, each answered as the form is, and stores the others without losing a number', async () => {
    const school = await instituteSession(t, 702);
    const institute = client(t, school.token);
    const first = await institute.post('/api/v1/scholarship-registrations/store', validStudent(1, { birth_certificate_no: '20101234567890001' }));
    const firstRegNo = (first.body.data as { reg_no: string }).reg_no;
    const forms = [
      validStudent(2),
      validStudent(1, { name_english: 'same roll as the stored one' }),
      validStudent(3),
      validStudent(10, { name_english: 'twin a' }),
      validStudent(4, { birth_certificate_no: '20101234567890001' }),
      validStudent(10, { name_english: 'twin b' }),
      validStudent(5),
    ];
    // Sent at once, so they reach the server in one turn of the event loop and form one group.
    const answers = await Promise.all(forms.map((form) => institute.post('/api/v1/scholarship-registrations/store', form)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 422, 200, expect.any(Number), 422, expect.any(Number), 200]);
    const regNo = (i: number) => (answers[i]!.body.data as { reg_no: string }).reg_no;
    expect(answers[1]!.body.data).toEqual({
      class_roll: [`A student of this institute is already registered in this class with this roll (registration no ${firstRegNo}).`],
    });
    expect(Object.keys(answers[4]!.body.data as object)).toEqual(['birth_certificate_no']);
    // Of two equal forms one is stored and the other refused, naming it.
    expect([answers[3]!.status, answers[5]!.status].sort()).toEqual([200, 422]);
    const [stored, refused] = answers[3]!.status === 200 ? [3, 5] : [5, 3];
    expect(answers[refused]!.body.data).toEqual({
      class_roll: [`A student of this institute is already registered in this class with this roll (registration no ${regNo(stored)}).`],
    });

    const rows = await t.app.db
      .selectFrom('scholarship_registrations')
      .select(['reg_no', 'name_english'])
      .where('institute_id', '=', school.id)
      .orderBy('reg_no')
      .execute();
    expect(rows.map((row) => row.name_english.toLowerCase()).sort()).toEqual(
      ['md karim 1', 'md karim 2', 'md karim 3', 'md karim 5', stored === 3 ? 'twin a' : 'twin b'].sort(),
    );
    expect(rows.map((row) => row.reg_no)).toEqual([firstRegNo, regNo(0), regNo(2), regNo(stored), regNo(6)].sort());
    // Refused forms take no number: the five stored ones' counters (before the four random digits) are consecutive.
    const numbers = rows.map((row) => Number(row.reg_no.slice(0, -4)));
    expect(numbers.at(-1)! - numbers[0]!).toBe(4);
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });
});
