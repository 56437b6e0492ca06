import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, someAddress, startTestApp, type TestApp } from '../../test/test-app.js';
import { consistencyProblems } from '../../test/consistency.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let institute: ReturnType<typeof client>;

let student = 0;
function studentForm(overrides: Record<string, unknown> = {}) {
  student++;
  const address = someAddress();
  return {
    class: '07',
    class_roll: String(student),
    gender: 'f',
    department: 's',
    name_bangla: 'সাধারণ নাম',
    name_english: `plain name ${student}`,
    father_name_english: 'father',
    mother_name_english: 'mother',
    contact_number: `0171200${String(student).padStart(4, '0')}`,
    post_office: 'Savar',
    division_id: address.division_id,
    zilla_id: address.zilla_id,
    upozilla_id: address.upozilla_id,
    ...overrides,
  };
}

type Found = { total: number; data: { id: number; full_name: string; reg_no: string; name_bangla: string | null }[] };
const search = async (api: ReturnType<typeof client>, text: string, filters = '') => {
  const res = await api.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent(text)}${filters}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Found;
};
const names = (found: Found) => found.data.map((r) => r.full_name).sort();

const stored: Record<string, { id: number; reg_no: string; institute_id: number }> = {};

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
  const session = await instituteSession(t, 700);
  institute = client(t, session.token);
  const forms = {
    tahmid: studentForm({ name_english: 'Tahmid Hasan Chowdhury', name_bangla: 'তাহমিদ হাসান চৌধুরী', contact_number: '01819123456' }),
    nusrat: studentForm({ name_english: 'Nusrat Jahan', name_bangla: 'নুসরাত জাহান', contact_number: '01550987654' }),
    karim: studentForm({ name_english: 'MD. KARIM HOSSAIN', name_bangla: 'মোঃ রহিম উদ্দিন', gender: 'm' }),
    percent: studentForm({ name_english: '100% sure_thing' }),
    plain: studentForm({ name_english: '100 sure thing' }),
    syntax: studentForm({ name_english: 'Alpha "quoted" OR NEAR( star*' }),
  };
  for (const [key, form] of Object.entries(forms)) {
    const res = await institute.post('/api/v1/scholarship-registrations/store', form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    stored[key] = res.body.data as { id: number; reg_no: string; institute_id: number };
  }
});
afterAll(async () => t.close());

describe('registration search', () => {
  it('finds English names by the start of their words, every typed word in any order, whatever the case', async () => {
    expect(names(await search(admin, 'hoss'))).toEqual(['MD. KARIM HOSSAIN']);
    expect(names(await search(admin, 'md kar'))).toEqual(['MD. KARIM HOSSAIN']);
    expect(names(await search(admin, 'hasan chow'))).toEqual(['TAHMID HASAN CHOWDHURY']);
    expect(names(await search(admin, 'chow tah'))).toEqual(['TAHMID HASAN CHOWDHURY']);
    expect(names(await search(institute, 'JaHaN'))).toEqual(['NUSRAT JAHAN']);
    // A word in the middle of the name is found by its start.
    expect(names(await search(admin, 'karim'))).toEqual(['MD. KARIM HOSSAIN']);
    // Every typed word must start a word of the name.
    expect((await search(admin, 'md kar zzz')).total).toBe(0);
  });

  it('does not find a fragment from the middle of a word', async () => {
    for (const text of ['usra', 'arim', 'ossain', 'hmid', 'হিম', 'সরাত']) expect((await search(admin, text)).total, text).toBe(0);
    // An institute's own list answers the same, however few its rows.
    expect((await search(institute, 'usra')).total).toBe(0);
  });

  it('reads punctuation as what separates words: "MD." is the word md', async () => {
    expect(names(await search(admin, 'md.'))).toEqual(['MD. KARIM HOSSAIN']);
    expect(names(await search(admin, 'md. karim'))).toEqual(['MD. KARIM HOSSAIN']);
    expect(names(await search(admin, 'md,karim-hoss'))).toEqual(['MD. KARIM HOSSAIN']);
    expect((await search(admin, 'mdkarim')).total).toBe(0);
  });

  it('finds Bengali names by the start of their words, vowel signs and hasanta within a word', async () => {
    expect(names(await search(admin, 'হাসান'))).toEqual(['TAHMID HASAN CHOWDHURY']);
    expect(names(await search(admin, 'নুসরা'))).toEqual(['NUSRAT JAHAN']);
    expect(names(await search(admin, 'রহি'))).toEqual(['MD. KARIM HOSSAIN']);
    expect(names(await search(admin, 'মোঃ উদ্দি'))).toEqual(['MD. KARIM HOSSAIN']);
    expect(names(await search(admin, 'চৌধু'))).toEqual(['TAHMID HASAN CHOWDHURY']);
    // "উ" starts উদ্দিন only: a word split at its hasanta would make দিন a word of its own.
    expect((await search(admin, 'দিন')).total).toBe(0);
  });

  it('combines a name search with filters', async () => {
    expect(names(await search(admin, 'md kar', '&gender=m'))).toEqual(['MD. KARIM HOSSAIN']);
    expect((await search(admin, 'md kar', '&gender=f')).total).toBe(0);
    expect(names(await search(institute, 'hoss', '&gender=m&class=07'))).toEqual(['MD. KARIM HOSSAIN']);
  });

  it('finds a registration number or a mobile number whole or by its first digits, in Bengali digits or with +880', async () => {
    const regNo = stored.nusrat!.reg_no;
    expect((await search(admin, regNo)).data.map((r) => r.id)).toEqual([stored.nusrat!.id]);
    expect((await search(admin, regNo.slice(0, 4))).total).toBe(6);
    expect(
      (
        await search(
          admin,
          regNo.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d))),
        )
      ).data.map((r) => r.id),
    ).toEqual([stored.nusrat!.id]);
    expect(names(await search(admin, '01550987654'))).toEqual(['NUSRAT JAHAN']);
    expect(names(await search(admin, '+880 1550-98'))).toEqual(['NUSRAT JAHAN']);
    expect(names(await search(admin, '01819'))).toEqual(['TAHMID HASAN CHOWDHURY']);
    // Numbers match from their start: the middle of a mobile number is not a search for it.
    expect((await search(admin, '0987654')).total).toBe(0);
  });

  it('treats % and _ as separators, never as patterns', async () => {
    expect(names(await search(admin, '100%'))).toEqual(['100 SURE THING', '100% SURE_THING']);
    expect(names(await search(admin, 'sure_thi'))).toEqual(['100 SURE THING', '100% SURE_THING']);
    expect((await search(admin, '0%')).total).toBe(0);
    expect((await search(admin, '%')).total).toBe(0);
  });

  it('takes text that looks like search syntax literally and never fails on it', async () => {
    const syntax = ['ALPHA "QUOTED" OR NEAR( STAR*'];
    for (const text of ['"quoted"', 'star*', 'OR', ' OR NEAR(', 'NEAR(', 'alp:*', "quo'", 'near\\', '!qu'])
      expect(names(await search(admin, text)), text).toEqual(syntax);
    for (const text of ['"', '""', '(', ')', '*', '^', "'", '\\', 'a AND b', 'col:x', '& |']) expect((await search(admin, text)).total, text).toBe(0);
    expect(names(await search(admin, '"quoted" OR NEAR('))).toEqual(syntax);
    expect((await search(admin, 'tahmid OR nusrat')).total).toBe(0);
    for (const text of ['nus\u0000rat', '0171\u0000']) {
      const res = await admin.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent(text)}`);
      expect([200, 422], JSON.stringify(res.body)).toContain(res.status);
    }
  });

  it('follows updates and deletions', async () => {
    const id = stored.plain!.id;
    const renamed = await institute.post('/api/v1/scholarship-registrations/update', { id, ...studentForm({ name_english: 'Renamed Rafiul' }) });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(names(await search(admin, 'rafiul'))).toEqual(['RENAMED RAFIUL']);
    expect(names(await search(admin, '100 sure'))).toEqual(['100% SURE_THING']);
    expect((await institute.post('/api/v1/scholarship-registrations/destroy', { id })).status).toBe(200);
    expect((await search(admin, 'rafiul')).total).toBe(0);
  });

  it('gives a name search one total and pages that together hold exactly its matches, active or deactivated', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        ((await institute.post('/api/v1/scholarship-registrations/store', studentForm({ name_english: `Pagination Kabir ${i}` }))).body.data as { id: number })
          .id,
      );
    expect((await institute.post('/api/v1/scholarship-registrations/soft-delete', { id: ids[0] })).status).toBe(200);
    const page = async (n: number, status = '') =>
      (await admin.get(`/api/v1/scholarship-registrations?search=kabir&paginate=2&page=${n}${status}`)).body.data as Found & { last_page: number };
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => [p.total, p.last_page])).toEqual([
      [4, 2],
      [4, 2],
      [4, 2],
    ]);
    expect(pages.flatMap((p) => p.data.map((r) => r.id))).toEqual(ids.slice(1).reverse());
    const deactivated = await page(1, '&status=0');
    expect([deactivated.total, deactivated.data.map((r) => r.id)]).toEqual([1, [ids[0]]]);
  });

  it('keeps an institute to its own rows when it searches', async () => {
    const other = client(t, (await instituteSession(t, 701)).token);
    expect((await search(other, 'nusrat')).total).toBe(0);
  });

  it.runIf(process.env.TEST_DB === 'postgres')("reads each stored word's ids from the b-tree of the names' words alone", async () => {
    // The table is small here: without sequential and bitmap scans the planner shows whether the index
    // alone can answer, once the pages are marked all-visible as autovacuum leaves a season's.
    await sql`vacuum registration_words`.execute(t.app.db);
    const plan = await t.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const explained = async (filters: Record<string, string>) => {
        const { rows: written } = await sql<{
          query: string;
        }>`select registration_search_query(${['md', 'hoss']}::text[], 100, ${JSON.stringify(filters)}::jsonb) as query`.execute(trx);
        expect(written[0]!.query).toContain('hossain');
        const { rows } = await sql<Record<string, string>>`explain ${sql.raw(written[0]!.query)}`.execute(trx);
        return rows.map((row) => Object.values(row)[0]).join('\n');
      };
      return {
        all: await explained({}),
        filtered: await explained({ status: '1', fee_status: 'unpaid', class: '07' }),
        own: await explained({ status: '1', institute_id: String(stored.karim!.institute_id) }),
      };
    });
    expect(plan.all).toContain(`word = 'hossain'`);
    expect(plan.all.match(/Index Only Scan (Backward )?using registration_words_pkey/g)).toHaveLength(2);
    // A filtered list's columns are read from the index too: no heap, no join with the registrations.
    expect(plan.filtered.match(/Index Only Scan (Backward )?using registration_words_pkey/g)).toHaveLength(2);
    expect(plan.filtered).toContain("fee_status = 'unpaid'");
    expect(plan.filtered).not.toContain('scholarship_registrations');
    // A small institute's own rows are read, each probed for its words in the words' key (the season's plan:
    // bench/results/2026-11-28-search-facets.md).
    expect(plan.own).toMatch(/Scan (Backward )?using \w+ on scholarship_registrations r/);
    expect(plan.own).toMatch(/Index Only Scan using registration_words_pkey on registration_words w/);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('refuses a filter the names index does not hold rather than ignore it', async () => {
    await expect(sql`select registration_search_query(${['md']}::text[], 100, ${JSON.stringify({ zilla_id: '1' })}::jsonb)`.execute(t.app.db)).rejects.toThrow(
      /not a search facet: zilla_id/,
    );
  });

  it("answers a name in a filtered list from the names' index as the filtered columns change", async () => {
    const own = await instituteSession(t, 702);
    const school = client(t, own.token);
    const ids: number[] = [];
    for (const [i, gender] of ['m', 'm', 'f', 'f'].entries()) {
      const res = await school.post('/api/v1/scholarship-registrations/store', studentForm({ name_english: `Facet Mahmud ${i}`, gender, class: '04' }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push((res.body.data as { id: number }).id);
    }
    await institute.post('/api/v1/scholarship-registrations/store', studentForm({ name_english: 'Facet Mahmud elsewhere', class: '04', gender: 'm' }));
    const found = async (api: ReturnType<typeof client>, filters: string) =>
      (await search(api, 'mahm fac', filters)).data.map((r) => r.id).sort((a, b) => a - b);

    // The owner, a column, two columns, a column no row has; a filter the index lacks still applies.
    expect(await found(school, '')).toEqual(ids);
    expect(await found(school, '&gender=m')).toEqual(ids.slice(0, 2));
    expect(await found(admin, '&class=04&gender=f')).toEqual(ids.slice(2));
    expect((await search(admin, 'mahmud', '&class=07')).total).toBe(0);
    expect(await found(admin, `&institute_id=${own.id}`)).toEqual(ids);
    // Written otherwise than stored, a number is compared by the table, which reads it as the same number.
    expect(await found(admin, `&institute_id=0${own.id}`)).toEqual(ids);
    expect(await found(admin, '&class=04&department=s')).toHaveLength(5);

    // A filtered search's pages are cut from its ids: by number, after a keyset, oldest first.
    const pageOf = async (params: string) => {
      const res = await school.get(`/api/v1/scholarship-registrations?search=mahm&paginate=3${params}`);
      const data = res.body.data as Found & { last_page: number };
      return [data.total, data.last_page, data.data.map((r) => r.id)];
    };
    expect(await pageOf('&page=1')).toEqual([4, 2, [ids[3], ids[2], ids[1]]]);
    expect(await pageOf('&page=2')).toEqual([4, 2, [ids[0]]]);
    expect(await pageOf('&page=3')).toEqual([4, 2, []]);
    expect(await pageOf(`&after_id=${ids[2]}`)).toEqual([4, 2, [ids[1], ids[0]]]);
    expect(await pageOf('&page=2&orderByCol=id&orderByAsc=1')).toEqual([4, 2, [ids[3]]]);
    expect(await pageOf(`&after_id=${ids[0]}&orderByCol=id&orderByAsc=1`)).toEqual([4, 2, [ids[1], ids[2], ids[3]]]);

    // A payment makes two pending, its approval paid; a deactivation and a corrected gender move one each.
    const paid = await school.post('/api/v1/scholarship-payments/store', {
      payment_method: 'bkash',
      transaction_id: `TXFACET${Date.now().toString(36).toUpperCase()}`,
      date: new Date().toISOString().slice(0, 10),
      amount: '400',
      registration_ids: ids.slice(0, 2),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await found(school, '&fee_status=pending')).toEqual(ids.slice(0, 2));
    expect(await found(school, '&fee_status=unpaid')).toEqual(ids.slice(2));
    expect((await admin.post('/api/v1/scholarship-payments/approve', { id: (paid.body.data as { id: number }).id })).status).toBe(200);
    expect(await found(admin, '&fee_status=paid')).toEqual(ids.slice(0, 2));
    expect(await found(school, '&fee_status=pending')).toEqual([]);

    expect((await school.post('/api/v1/scholarship-registrations/soft-delete', { id: ids[3] })).status).toBe(200);
    expect(await found(school, '&status=0')).toEqual([ids[3]]);
    expect(await found(school, '&gender=f')).toEqual([ids[2]]);
    const corrected = await school.post('/api/v1/scholarship-registrations/update', {
      id: ids[2],
      ...studentForm({ name_english: 'Facet Mahmud 2', gender: 'm', class: '04' }),
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await found(school, '&gender=m&fee_status=unpaid')).toEqual([ids[2]]);
    expect(await found(school, '&gender=f')).toEqual([]);
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });

  it('finds every name a short prefix starts, however many stored words it starts', async () => {
    // 36 stored words start "zq": on PostgreSQL more than a prefix is expanded into, so read as one range.
    const words = Array.from({ length: 36 }, (_, i) => `zq${String.fromCharCode(97 + (i % 26))}${i}`);
    for (const part of [words.slice(0, 12), words.slice(12, 24), words.slice(24)]) {
      const res = await institute.post('/api/v1/scholarship-registrations/store', studentForm({ name_english: part.join(' ') }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await search(admin, 'zq')).total).toBe(3);
    expect((await search(admin, 'zqa')).total).toBe(2);
    expect((await search(admin, 'zqa zqz')).total).toBe(1);
    expect((await search(admin, 'zqa0 zq')).total).toBe(1);
    // The same in the institute's own list, however its rows are read.
    expect((await search(institute, 'zq')).total).toBe(3);
    expect((await search(institute, 'zqa zqz')).total).toBe(1);
    // A word read as a range still binds in either order: TAHMID has no word starting "zq".
    expect((await search(institute, 'zq tahmid')).total).toBe(0);
    expect((await search(institute, 'tahmid zq')).total).toBe(0);
  });

  it('keeps the words of every name through creates, renames and deletions', async () => {
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });
});
