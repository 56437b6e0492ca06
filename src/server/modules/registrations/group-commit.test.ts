import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyProblems } from '../../test/consistency.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';
import { inSharedTransaction } from './group-commit.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
});
afterAll(async () => t.close());

const counter = async (name: string) => (await t.app.db.selectFrom('sequences').select('value').where('name', '=', name).executeTakeFirst())?.value;

describe('writes sharing a transaction', () => {
  it('keeps the writes that succeed and undoes only the one that fails, each caller told its own outcome', async () => {
    const write = (name: string, fail: boolean) =>
      inSharedTransaction(t.app.db, async (trx) => {
        await trx.insertInto('sequences').values({ name, value: 1 }).execute();
        if (fail) throw new Error(`${name} refused`);
        return name;
      });
    // Started in the same turn of the event loop, so on SQLite they share one transaction.
    const outcomes = await Promise.allSettled([write('gc-a', false), write('gc-b', true), write('gc-c', false)]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'gc-a' },
      { status: 'rejected', reason: new Error('gc-b refused') },
      { status: 'fulfilled', value: 'gc-c' },
    ]);
    expect([await counter('gc-a'), await counter('gc-b'), await counter('gc-c')]).toEqual([1, undefined, 1]);
  });

  it('refuses a unique clash in one write without losing the others of its batch', async () => {
    const write = (name: string) => inSharedTransaction(t.app.db, (trx) => trx.insertInto('sequences').values({ name, value: 7 }).execute());
    const outcomes = await Promise.allSettled([write('gc-d'), write('gc-d'), write('gc-e')]);
    // On PostgreSQL the two clashing writes race in separate transactions: either may win.
    expect(
      outcomes
        .slice(0, 2)
        .map((outcome) => outcome.status)
        .sort(),
    ).toEqual(['fulfilled', 'rejected']);
    expect(outcomes[2]!.status).toBe('fulfilled');
    expect([await counter('gc-d'), await counter('gc-e')]).toEqual([7, 7]);
  });
});

describe('work after the savepoints', () => {
  it('runs once for the writes that succeeded, inside their transaction', async () => {
    const finished: string[][] = [];
    const finish = async (trx: Parameters<Parameters<typeof inSharedTransaction>[1]>[0], names: string[]) => {
      finished.push([...names].sort());
      await trx
        .insertInto('sequences')
        .values({ name: `gc-finish-${names.sort().join('-')}`, value: names.length })
        .execute();
    };
    const write = (name: string, fail: boolean) =>
      inSharedTransaction(
        t.app.db,
        async (trx) => {
          await trx.insertInto('sequences').values({ name, value: 1 }).execute();
          if (fail) throw new Error(`${name} refused`);
          return name;
        },
        finish,
      );
    await Promise.allSettled([write('gc-f', false), write('gc-g', true), write('gc-h', false)]);
    // SQLite groups the three: one finish with the two that succeeded; PostgreSQL finishes each alone.
    expect(finished.flat().sort()).toEqual(['gc-f', 'gc-h']);
    if (t.config.database.dialect === 'sqlite') expect(finished).toEqual([['gc-f', 'gc-h']]);
    for (const names of finished) expect(await counter(`gc-finish-${names.join('-')}`)).toBe(names.length);
  });

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
});

describe('registrations created side by side', () => {
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
