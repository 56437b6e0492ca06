/**
 * A search that matches a large share of the season (a common surname) costs about a page: its total
 * is counted up to a cap (lowered to 20 here; 10,000 in a real server) and past it the list says
 * "more than" that and pages through the newest matches. A list narrowed to one institute reads
 * that institute's rows, so its matches are all there, however common the name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../../test/test-app.js';

const CAP = 20;
let t: TestApp;
let admin: ReturnType<typeof client>;
let early: Awaited<ReturnType<typeof instituteSession>>;
let late: Awaited<ReturnType<typeof instituteSession>>;
const hossainIds: number[] = [];

type Page = { total: number; total_capped?: true; last_page: number; data: { id: number; full_name: string }[] };
const list = async (api: ReturnType<typeof client>, query: string) => {
  const res = await api.get(`/api/v1/scholarship-registrations?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false, searchCountCap: CAP });
  admin = client(t, await adminToken(t));
  // The early institute's students are the oldest matches: the newest CAP of the season leave them out.
  early = await instituteSession(t, 820);
  late = await instituteSession(t, 821);
  let roll = 0;
  const register = async (who: typeof early, name: string) => {
    roll++;
    const res = await client(t, who.token).post(
      '/api/v1/scholarship-registrations/store',
      validStudent(roll, { name_english: name, name_bangla: 'মোঃ হোসেন' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: number }).id;
  };
  for (let i = 0; i < 4; i++) hossainIds.push(await register(early, `rafiq hossain ${i}`));
  for (let i = 0; i < 26; i++) hossainIds.push(await register(late, `kamal hossain ${i}`));
  for (let i = 0; i < 3; i++) await register(late, `nusrat jahan ${i}`);
}, 60_000);
afterAll(async () => t.close());

describe('a search matching more rows than the count cap', () => {
  it('answers the cap as a lower bound, flagged, and the newest matches first', async () => {
    const page = await list(admin, 'search=HOSSAIN&paginate=10');
    expect(page).toMatchObject({ total: CAP, total_capped: true, last_page: 2 });
    expect(page.data.map((row) => row.id)).toEqual([...hossainIds].sort((a, b) => b - a).slice(0, 10));
    const second = await list(admin, 'search=HOSSAIN&paginate=10&page=2');
    expect(second.data.map((row) => row.id)).toEqual([...hossainIds].sort((a, b) => b - a).slice(10, 20));
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
});
