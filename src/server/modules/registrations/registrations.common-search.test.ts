/**
 * A search that matches a large share of the season (a common surname) costs about a page: its total
 * is counted up to a cap (lowered to 20 here; 10,000 in a real server) and past it the list says
 * "more than" that and pages through the newest matches. A list narrowed to one institute reads
 * that institute's rows, so its matches are all there, however common the name. A common word
 * (300 matches), a name just under the cap (19) and one just over it (35) answer what an exact
 * count gives, on SQLite (FTS5) and PostgreSQL (the b-tree of the names' words) alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrationBody } from '../../../common/schemas/registrations.js';
import { adminToken, client, instituteSession, mixedStudent, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';
import { type RegistrationInput, storeRegistrations } from './registrations.service.js';

const CAP = 20;
let t: TestApp;
let admin: ReturnType<typeof client>;
let early: Awaited<ReturnType<typeof instituteSession>>;
let late: Awaited<ReturnType<typeof instituteSession>>;
const hossainIds: number[] = [];
const khanIds: number[] = [];

type Page = { total: number; total_capped?: true; last_page: number; data: { id: number; full_name: string }[] };
const list = async (api: ReturnType<typeof client>, query: string) => {
  const res = await api.get(`/api/v1/scholarship-registrations?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};
const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

/** Two institutes' students registered through the API, one by one as a school does. */
async function registerOneByOne() {
  // The early institute's students are the oldest matches: the newest CAP of the season leave them out.
  early = await instituteSession(t, 820);
  late = await instituteSession(t, 821);
  let roll = 0;
  const register = async (who: typeof early, name: string, fields: Record<string, unknown> = {}) => {
    roll++;
    const res = await client(t, who.token).post(
      '/api/v1/scholarship-registrations/store',
      validStudent(roll, { name_english: name, name_bangla: 'মোঃ হোসেন', ...fields }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: number }).id;
  };
  // In class 7, so that a filter on the class keeps only these oldest matches.
  for (let i = 0; i < 4; i++) hossainIds.push(await register(early, `rafiq hossain ${i}`, { class: '07' }));
  for (let i = 0; i < 26; i++) hossainIds.push(await register(late, `kamal hossain ${i}`));
  for (let i = 0; i < 3; i++) await register(late, `nusrat jahan ${i}`);
}

/** Hundreds of a third institute's students, stored in bulk as an import does. */
async function storeInBulk() {
  const school = await instituteSession(t, 840);
  let n = 0;
  const forms = (count: number, name: string): RegistrationInput[] =>
    Array.from({ length: count }, (_, i) => ({ ...RegistrationBody.parse(mixedStudent(n++, { name_english: `${name} ${i}` })), institute_id: school.id }));
  const user = { id: school.id, role: 'institute' as const, name: 'School', institute_name_english: 'School' };
  const ctx = { user, client: { ip: '127.0.0.1', userAgent: 'test' }, db: t.app.db };
  // Interleaved, so the common word's matches are spread over the table as a season's are.
  for (let round = 0; round < 3; round++) {
    const stored = await storeRegistrations(ctx, [...forms(100, `arif khan ${round}`), ...forms(100, `student ${round}`)]);
    khanIds.push(...stored.filter((row) => String(row.full_name).startsWith('ARIF KHAN')).map((row) => row.id));
  }
  await storeRegistrations(ctx, [...forms(19, 'nasrin sultana'), ...forms(35, 'habib rahman')]);
}

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false, searchCountCap: CAP });
  admin = client(t, await adminToken(t));
  await registerOneByOne();
  await storeInBulk();
}, 60_000);
afterAll(async () => t.close());

describe('a search matching more rows than the count cap', () => {
  it('answers the cap as a lower bound, flagged, and the newest matches first', async () => {
    const page = await list(admin, 'search=HOSSAIN&paginate=10');
    expect(page).toMatchObject({ total: CAP, total_capped: true, last_page: 2 });
    expect(page.data.map((row) => row.id)).toEqual(newestFirst(hossainIds).slice(0, 10));
    const second = await list(admin, 'search=HOSSAIN&paginate=10&page=2');
    expect(second.data.map((row) => row.id)).toEqual(newestFirst(hossainIds).slice(10, 20));
  });

  it('in Bengali too', async () => {
    expect(await list(admin, `search=${encodeURIComponent('হোসেন')}&paginate=10`)).toMatchObject({ total: CAP, total_capped: true });
  });

  it('counts a rarer name exactly, without the flag', async () => {
    const page = await list(admin, 'search=nusrat');
    expect(page.total).toBe(3);
    expect(page).not.toHaveProperty('total_capped');
  });

  it("gives an institute every one of its own matches, even when the season's newest leave them out", async () => {
    const page = await list(client(t, early.token), 'search=HOSSAIN');
    expect(page.total).toBe(4);
    expect(page.data.map((row) => row.full_name).sort()).toEqual(['RAFIQ HOSSAIN 0', 'RAFIQ HOSSAIN 1', 'RAFIQ HOSSAIN 2', 'RAFIQ HOSSAIN 3']);
    expect(page).not.toHaveProperty('total_capped');
  });

  it("gives an admin who filters on one institute that institute's matches", async () => {
    const page = await list(admin, `search=HOSSAIN&institute_id=${early.id}`);
    expect(page.total).toBe(4);
  });

  it("counts and pages a filtered search over the filter's matches, not over the season's newest", async () => {
    const page = await list(admin, 'search=HOSSAIN&class=07');
    expect(page.total).toBe(4);
    expect(page).not.toHaveProperty('total_capped');
    expect(page.data.map((row) => row.id)).toEqual(newestFirst(hossainIds.slice(0, 4)));
  });
});

describe('a common word and the names around the cap', () => {
  it('answers the common word "more than the cap" with its newest matches first', async () => {
    const page = await list(admin, 'search=KHAN&paginate=10');
    expect(page).toMatchObject({ total: CAP, total_capped: true });
    expect(page.data.map((row) => row.id)).toEqual(newestFirst(khanIds).slice(0, 10));
  });

  it('counts a name with fewer matches than the cap exactly', async () => {
    const page = await list(admin, 'search=sultana');
    expect(page.total).toBe(19);
    expect(page).not.toHaveProperty('total_capped');
  });

  it('counts the common word exactly when a condition leaves fewer matches than the cap', async () => {
    const oldest = [...khanIds].sort((a, b) => a - b).slice(0, 10);
    const conditions = encodeURIComponent(JSON.stringify({ id: { lte: oldest.at(-1) } }));
    const page = await list(admin, `search=KHAN&conditions=${conditions}&paginate=50`);
    expect(page.total).toBe(10);
    expect(page).not.toHaveProperty('total_capped');
    expect(page.data.map((row) => row.id)).toEqual(newestFirst(oldest));
  });

  it('counts a name just over the cap up to the cap', async () => {
    expect(await list(admin, 'search=rahman')).toMatchObject({ total: CAP, total_capped: true });
  });
});
