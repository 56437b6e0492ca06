import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

type Row = Record<string, unknown> & { id: number };
let serial = 0;
const page = (overrides: Record<string, unknown> = {}) => ({ title: 'নোটিশ', url: `page-${++serial}`, published_at: '2026-11-22T10:30', ...overrides });

async function store(body: Record<string, unknown>): Promise<Row> {
  const res = await admin.post('/api/v1/page-build/store', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Row;
}

describe('the page-build resource', () => {
  it('stores, lists, fetches, updates, deactivates, restores and destroys a page', async () => {
    const created = await store(
      page({
        title: 'ভর্তি বিজ্ঞপ্তি',
        url: ' /Notice/ভর্তি-২০২৬/ ',
        content: '<p>বিস্তারিত</p>',
        meta_title: 'SEO',
        meta_description: 'বর্ণনা',
        meta_keywords: 'বৃত্তি, পরীক্ষা',
        og_description: 'OG',
        image: '/uploads/files/photo.webp',
        og_image: 'uploads/files/og.webp',
        content_file: 'uploads/files/notice.pdf',
        source_files_url: 'https://example.com/a.pdf, /uploads/files/b.pdf',
      }),
    );
    expect(created).toMatchObject({
      title: 'ভর্তি বিজ্ঞপ্তি',
      url: 'notice/ভর্তি-২০২৬',
      published_at: '2026-11-22T04:30:00.000Z',
      content: '<p>বিস্তারিত</p>',
      image: 'uploads/files/photo.webp',
      content_file: 'uploads/files/notice.pdf',
      source_files_url: 'https://example.com/a.pdf, /uploads/files/b.pdf',
      content_meta: { content_type: 'page', blog_category_id: null, news_category_id: null, notice_category_id: null },
      layout: { rows: [] },
      status: 1,
    });

    const list = (await admin.get('/api/v1/page-build?search=ভর্তি')).body.data as { data: Row[]; total: number };
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: created.id, url: 'notice/ভর্তি-২০২৬' });
    expect(list.data[0]).not.toHaveProperty('content');

    const updated = await admin.post('/api/v1/page-build/update', {
      id: created.id,
      title: 'নতুন শিরোনাম',
      url: 'notice/new',
      published_at: '2026-11-23T09:00',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // The form left the optional fields empty, so they are cleared.
    expect(updated.body.data).toMatchObject({ title: 'নতুন শিরোনাম', url: 'notice/new', content: null, image: null, meta_title: null, source_files_url: null });

    expect((await admin.post('/api/v1/page-build/soft-delete', { id: created.id })).status).toBe(200);
    expect(((await admin.get('/api/v1/page-build?status=0')).body.data as { total: number }).total).toBe(1);
    expect((await admin.post('/api/v1/page-build/restore', { id: created.id })).status).toBe(200);
    expect((await admin.post('/api/v1/page-build/destroy', { id: created.id })).status).toBe(200);
    expect((await admin.get(`/api/v1/page-build/${created.id}`)).status).toBe(404);
  });

  it('sanitises content and layout cells on store and on update', async () => {
    const dirty = '<p onclick="x()">ok</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a>';
    const created = await store(page({ content: dirty, layout: { rows: [{ layout: '6+6', cells: [dirty, '<iframe src="https://evil.test"></iframe>'] }] } }));
    expect(created.content).toBe('<p>ok</p><a>l</a>');
    expect(created.layout).toEqual({ rows: [{ layout: '6+6', cells: ['<p>ok</p><a>l</a>', ''] }] });

    const updated = await admin.post('/api/v1/page-build/update', {
      ...page({ url: 'sanitised-again' }),
      id: created.id,
      content: `<p>new</p>${dirty}`,
      layout: JSON.stringify({ rows: [{ layout: '12', cells: [dirty] }] }),
    });
    expect(updated.body.data).toMatchObject({ content: '<p>new</p><p>ok</p><a>l</a>', layout: { rows: [{ layout: '12', cells: ['<p>ok</p><a>l</a>'] }] } });
    const stored = await t.app.db.selectFrom('web_pages').select(['content', 'custom_fields']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/script|onerror|javascript/);
    expect(JSON.parse(stored.custom_fields!)).toEqual({ layout: { rows: [{ layout: '12', cells: ['<p>ok</p><a>l</a>'] }] } });
  });

  it('refuses a reserved url, a url another page has, and malformed urls', async () => {
    await store(page({ url: 'about' }));
    for (const [url, message] of [
      ['login', 'The app itself uses this address; choose another one.'],
      ['/API/v1', 'The app itself uses this address; choose another one.'],
      ['site/x', 'The app itself uses this address; choose another one.'],
      ['uploads/a', 'The app itself uses this address; choose another one.'],
      ['About/', 'This value is already in use.'],
      ['a/../b', 'Use only letters, digits, - and _, with / between the parts.'],
      ['a//b', 'Use only letters, digits, - and _, with / between the parts.'],
      ['a b', 'Use only letters, digits, - and _, with / between the parts.'],
      ['x.html', 'Use only letters, digits, - and _, with / between the parts.'],
      ['/', 'This field is required.'],
      ['x'.repeat(201), 'At most 200 characters.'],
    ]) {
      const res = await admin.post('/api/v1/page-build/store', page({ url }));
      expect(res.status, url).toBe(422);
      expect(res.body.data, url).toEqual({ url: [message] });
    }
    const other = await store(page({ url: 'contact' }));
    const clash = await admin.post('/api/v1/page-build/update', { ...page({ url: 'about' }), id: other.id });
    expect(clash.status).toBe(422);
    expect(clash.body.data).toEqual({ url: ['This value is already in use.'] });
  });

  it('checks the other fields', async () => {
    const res = await admin.post('/api/v1/page-build/store', {
      title: '',
      url: 'fields',
      published_at: '2026-02-30T10:00',
      content_type: 'video',
      content_file: 'uploads/files/photo.jpg',
      image: '../../etc/passwd',
      source_files_url: 'https://ok.test/a, javascript:alert(1)',
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      title: ['This field is required.'],
      published_at: ['Enter a valid date.'],
      content_type: ['Choose one of the listed values.'],
      content_file: ['Only a PDF file can be given.'],
      image: ['The file path is not valid.'],
      source_files_url: ['Each link must be https://… or an address on this site, separated by commas.'],
    });
    expect((await admin.post('/api/v1/page-build/store', page({ published_at: '' }))).body.data).toEqual({ published_at: ['This field is required.'] });
  });

  it('keeps only the category of the chosen content type, and loads its title', async () => {
    const blog = (await admin.post('/api/v1/blog-categories/store', { title: 'ব্লগ' })).body.data as Row;
    const news = (await admin.post('/api/v1/news-categories/store', { title: 'খবর' })).body.data as Row;
    const created = await store(page({ content_type: 'news', news_category_id: String(news.id), blog_category_id: blog.id }));
    expect(created.content_meta).toEqual({ content_type: 'news', blog_category_id: null, news_category_id: news.id, notice_category_id: null });

    const fetched = (await admin.get(`/api/v1/page-build/${created.id}`)).body.data as Row;
    expect(fetched.news_category).toEqual({ id: news.id, title: 'খবর' });
    const listed = (await admin.get(`/api/v1/page-build?content_type=news&relations=news_category`)).body.data as { data: Row[] };
    expect(listed.data.map((r) => r.news_category)).toEqual([{ id: news.id, title: 'খবর' }]);

    const switched = await admin.post('/api/v1/page-build/update', {
      ...page({ url: 'switched' }),
      id: created.id,
      content_type: 'blog',
      blog_category_id: blog.id,
      news_category_id: news.id,
    });
    expect((switched.body.data as Row).content_meta).toEqual({
      content_type: 'blog',
      blog_category_id: blog.id,
      news_category_id: null,
      notice_category_id: null,
    });

    const missing = await admin.post('/api/v1/page-build/store', page({ content_type: 'blog', blog_category_id: 999999 }));
    expect(missing.body.data).toEqual({ blog_category_id: ['Choose one of the listed values.'] });
  });

  it('saves only the layout through page-build/layout, and the page form keeps the layout', async () => {
    const created = await store(page({ content: '<p>body</p>', meta_title: 'SEO title', image: 'uploads/files/p.webp' }));
    const rows = [
      { layout: '12', cells: ['<h2>one</h2>'] },
      { layout: '4+4+4', cells: ['a', 'b', '<p onmouseover="x()">c</p>'] },
      { layout: '3+3+3+3', cells: ['1', '2', '3', '4'] },
      { layout: '6+6', cells: ['left', 'right'] },
    ];
    const saved = await admin.post('/api/v1/page-build/layout', { id: created.id, layout: { rows } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Data updated successfully.');
    const expected = rows.map((row) => ({ ...row, cells: row.cells.map((cell) => cell.replace(' onmouseover="x()"', '')) }));
    expect(saved.body.data).toEqual({ id: created.id, layout: { rows: expected } });

    const fetched = (await admin.get(`/api/v1/page-build/${created.id}`)).body.data as Row;
    expect(fetched).toMatchObject({ content: '<p>body</p>', meta_title: 'SEO title', image: 'uploads/files/p.webp', layout: { rows: expected } });

    // The page form does not send the grid; saving it leaves the grid alone.
    await admin.post('/api/v1/page-build/update', { ...page({ url: 'kept-layout' }), id: created.id });
    expect(((await admin.get(`/api/v1/page-build/${created.id}`)).body.data as Row).layout).toEqual({ rows: expected });

    // As form data the layout is JSON text.
    const asText = await admin.post('/api/v1/page-build/layout', { id: String(created.id), layout: JSON.stringify({ rows: [] }) });
    expect(asText.body.data).toEqual({ id: created.id, layout: { rows: [] } });
  });

  it('refuses a bad layout with the field that is wrong', async () => {
    const created = await store(page());
    const cases: [unknown, Record<string, string[]>][] = [
      [{ rows: [{ layout: '6+6', cells: ['only one'] }] }, { 'layout.rows.0.cells': ['The number of cells does not match the row layout.'] }],
      [
        {
          rows: [
            { layout: '12', cells: ['x'] },
            { layout: '4+4+4', cells: ['a', 'b', 'c', 'd'] },
          ],
        },
        { 'layout.rows.1.cells': ['The number of cells does not match the row layout.'] },
      ],
      [{ rows: [{ layout: '5+7', cells: ['a', 'b'] }] }, { 'layout.rows.0.layout': ['Choose one of the listed values.'] }],
      [{ rows: [{ layout: '12', cells: [1] }] }, { 'layout.rows.0.cells.0': ['Enter valid text.'] }],
      ['{not json', { layout: ['The page layout is not valid.'] }],
      [{ rows: Array.from({ length: 51 }, () => ({ layout: '12', cells: [''] })) }, { 'layout.rows': ['At most 50 rows.'] }],
    ];
    for (const [layout, data] of cases) {
      const res = await admin.post('/api/v1/page-build/layout', { id: created.id, layout });
      expect(res.status, JSON.stringify(layout).slice(0, 80)).toBe(422);
      expect(res.body.data).toEqual(data);
    }
    expect((await admin.post('/api/v1/page-build/layout', { id: created.id })).body.data).toEqual({ layout: ['This field is required.'] });
    expect((await admin.post('/api/v1/page-build/layout', { id: 999999, layout: { rows: [] } })).status).toBe(404);
    const onStore = await admin.post('/api/v1/page-build/store', page({ layout: { rows: [{ layout: '6+6', cells: ['a'] }] } }));
    expect(onStore.body.data).toEqual({ 'layout.rows.0.cells': ['The number of cells does not match the row layout.'] });
  });

  it('is for admins only', async () => {
    const anonymous = client(t);
    const institute = client(t, (await instituteSession(t, 1)).token);
    for (const [call, url, body] of [
      ['get', '/api/v1/page-build', undefined],
      ['post', '/api/v1/page-build/store', page()],
      ['post', '/api/v1/page-build/layout', { id: 1, layout: { rows: [] } }],
    ] as const) {
      const request = (c: ReturnType<typeof client>) => (call === 'get' ? c.get(url) : c.post(url, body));
      expect((await request(anonymous)).status, url).toBe(401);
      expect((await request(institute)).status, url).toBe(403);
    }
  });

  it('exports the spec columns as webpage-list', async () => {
    await store(page({ title: 'রপ্তানি', content: '<p>x</p>' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/export-data',
      headers: { authorization: `Bearer ${await adminToken(t)}` },
      payload: { model: 'page-build', export_title: 'webpage-list', search: 'রপ্তানি' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="webpage-list-/);
    const [header, row] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // Headers in Bengali: the request names no language (the spec's client).
    expect(header).toBe(
      'আইডি,ঠিকানা (URL),শিরোনাম,প্রকাশের সময়,বিষয়বস্তু,লেআউট,এসইও শিরোনাম,এসইও বিবরণ,এসইও কিওয়ার্ড,ওজি ছবি,ওজি বিবরণ,লগইন লাগবে,যাদের জন্য,দেখা হয়েছে,টেমপ্লেট,তৈরি করেছেন (আইডি),স্লাগ,অবস্থা,তৈরির সময়,সর্বশেষ হালনাগাদ',
    );
    expect(row).toContain('রপ্তানি');
  });
});
