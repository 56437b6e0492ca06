import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, instituteSession, someAddress, startTestApp, type TestApp } from '../../test/test-app.js';
import { consistencyProblems } from '../../test/consistency.js';
import { mergeNamesIndex } from './names-index-upkeep.js';

let t: TestApp;
let institute: ReturnType<typeof client>;

const segments = async () => Number((await sql<{ n: number }>`select count(distinct segid) as n from registrations_search_idx`.execute(t.app.db)).rows[0]!.n);
const found = async (text: string) => {
  const res = await institute.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent(text)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { data: { full_name: string }[] }).data.map((row) => row.full_name).sort();
};

describe.runIf(process.env.TEST_DB !== 'postgres')("SQLite's names' index merged into one segment", () => {
  beforeAll(async () => {
    t = await startTestApp({}, { rateLimit: false });
    institute = client(t, (await instituteSession(t, 710)).token);
    // Every write leaves a segment of its own, as a season's writes do between FTS5's own merges.
    await sql`insert into registrations_search (registrations_search, rank) values ('automerge', 0)`.execute(t.app.db);
    const names = ['Rakib Hossain', 'Rakib Uddin', 'Nusrat Hossain', 'Tahmid Karim', 'Karim Uddin', 'Sadia Islam'];
    for (const [i, name] of names.entries()) {
      const address = someAddress();
      const res = await institute.post('/api/v1/scholarship-registrations/store', {
        class: '07',
        class_roll: String(i + 1),
        gender: 'm',
        department: 's',
        name_english: name,
        father_name_english: 'father',
        mother_name_english: 'mother',
        contact_number: `0171300${String(i).padStart(4, '0')}`,
        post_office: 'Savar',
        division_id: address.division_id,
        zilla_id: address.zilla_id,
        upozilla_id: address.upozilla_id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // A changed name leaves its old entry, marked deleted, in an older segment.
    await sql`update scholarship_registrations set name_english = 'SADIA RAHMAN', full_name = 'SADIA RAHMAN' where full_name = 'SADIA ISLAM'`.execute(t.app.db);
  });
  afterAll(() => t.close());

  it('merges every segment into one, and every search answers as before', async () => {
    expect(await segments()).toBeGreaterThan(3);
    const before = { hoss: await found('hoss'), uddin: await found('uddin'), islam: await found('islam'), rahman: await found('rahman') };
    expect(before.hoss).toEqual(['NUSRAT HOSSAIN', 'RAKIB HOSSAIN']);
    expect(before.rahman).toEqual(['SADIA RAHMAN']);
    expect(before.islam).toEqual([]);

    // A server closing stops between steps.
    expect(await mergeNamesIndex(t.app.db as unknown as Kysely<unknown>, () => true)).toBe(0);
    expect(await segments()).toBeGreaterThan(3);
    expect(await mergeNamesIndex(t.app.db as unknown as Kysely<unknown>)).toBeGreaterThan(0);
    expect(await segments()).toBe(1);
    expect({ hoss: await found('hoss'), uddin: await found('uddin'), islam: await found('islam'), rahman: await found('rahman') }).toEqual(before);
    expect(await consistencyProblems(t.app.db)).toEqual([]);
    // One segment already: nothing to do.
    expect(await mergeNamesIndex(t.app.db as unknown as Kysely<unknown>)).toBe(0);
  });
});
