/**
 * On PostgreSQL a search whose planner estimate is far past the count cap (ESTIMATE_MARGIN times it)
 * is answered "more than the cap" without the exact capped count; every other search keeps its exact
 * count. The cap is lowered to 20 here, so the estimate path starts past 100 matches: a common word
 * (300 matches) takes it, a name just under the cap (19) and one between the cap and the margin (35)
 * do not, and their answers are what an exact count gives. SQLite (FTS5) answers the same totals.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrationBody } from '../../../common/schemas/registrations.js';
import { ESTIMATE_MARGIN, estimatedRows } from '../../lib/resource/query.js';
import { adminToken, client, instituteSession, mixedStudent, startTestApp, type TestApp } from '../../test/test-app.js';
import { type RegistrationInput, storeRegistrations } from './registrations.service.js';
import { registrationSearch } from './registrations.search.js';

const CAP = 20;
const postgres = process.env.TEST_DB === 'postgres';
let t: TestApp;
let admin: ReturnType<typeof client>;
const khanIds: number[] = [];

type Page = { total: number; total_capped?: true; data: { id: number }[] };
const list = async (query: string) => {
  const res = await admin.get(`/api/v1/scholarship-registrations?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false, searchCountCap: CAP });
  admin = client(t, await adminToken(t));
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
  // The planner's statistics as autovacuum would leave them after a season's inserts.
  if (postgres) await sql`analyze scholarship_registrations`.execute(t.app.db);
}, 60_000);
afterAll(async () => t.close());

describe('a search counted from the planner estimate', () => {
  it.runIf(postgres)('is taken for the common word only', async () => {
    const estimate = async (text: string) => estimatedRows(t.app.db, (registrationSearch(text, 'postgres') as { ids: never }).ids);
    expect(await estimate('khan')).toBeGreaterThan(CAP * ESTIMATE_MARGIN);
    expect(await estimate('sultana')).toBeLessThan(CAP * ESTIMATE_MARGIN);
    expect(await estimate('rahman')).toBeLessThan(CAP * ESTIMATE_MARGIN);
  });

  it('answers the common word "more than the cap" with its newest matches first', async () => {
    const page = await list('search=KHAN&paginate=10');
    expect(page).toMatchObject({ total: CAP, total_capped: true });
    expect(page.data.map((row) => row.id)).toEqual([...khanIds].sort((a, b) => b - a).slice(0, 10));
  });

  it('counts a name with fewer matches than the cap exactly', async () => {
    const page = await list('search=sultana');
    expect(page.total).toBe(19);
    expect(page).not.toHaveProperty('total_capped');
  });

  it('counts a name between the cap and the margin up to the cap', async () => {
    expect(await list('search=rahman')).toMatchObject({ total: CAP, total_capped: true });
  });
});
