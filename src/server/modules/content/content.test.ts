import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

type Page = {
  data: Record<string, unknown>[];
  current_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  last_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  links: { url: string | null; label: string; active: boolean }[];
};

async function store(resource: string, body: Record<string, unknown>) {
  const res = await admin.post(`/api/v1/${resource}/store`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, unknown> & { id: number };
}

async function count(table: 'news_categories' | 'web_page_menus' | 'web_page_sub_menus') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a category resource', () => {
  it('stores, fetches, updates, deactivates, restores and destroys a news category', async () => {
    const created = await store('news-categories', { title: 'পরীক্ষার খবর' });
    expect(created).toMatchObject({ title: 'পরীক্ষার খবর', status: 1 });
    expect((await admin.post('/api/v1/news-categories/store', { title: 'Results' })).body.message).toBe('Data stored successfully.');

    const fetched = await admin.get(`/api/v1/news-categories/${created.id}`);
    expect(fetched.body.data).toMatchObject({ id: created.id, title: 'পরীক্ষার খবর' });

    const updated = await admin.post('/api/v1/news-categories/update', { id: created.id, title: 'ফলাফলের খবর' });
    expect(updated.body).toMatchObject({ message: 'Data updated successfully.', data: { title: 'ফলাফলের খবর' } });

    expect((await admin.post('/api/v1/news-categories/soft-delete', { id: created.id })).status).toBe(200);
    const active = (await admin.get('/api/v1/news-categories?search=ফলাফল')).body.data as Page;
    expect(active.total).toBe(0);
    const deactivated = (await admin.get('/api/v1/news-categories?status=0&search=ফলাফল')).body.data as Page;
    expect(deactivated.data.map((r) => r.id)).toEqual([created.id]);

    expect((await admin.post('/api/v1/news-categories/restore', { id: created.id })).status).toBe(200);
    expect(((await admin.get('/api/v1/news-categories?search=ফলাফল')).body.data as Page).total).toBe(1);

    expect((await admin.post('/api/v1/news-categories/destroy', { id: created.id })).status).toBe(200);
    expect((await admin.get(`/api/v1/news-categories/${created.id}`)).status).toBe(404);
  });

  it('refuses an empty or too long title, writing nothing', async () => {
    const before = await count('news_categories');
    for (const [title, message] of [
      ['', 'This field is required.'],
      ['   ', 'This field is required.'],
      ['x'.repeat(192), 'At most 191 characters.'],
      [['a', 'b'], 'Enter valid text.'],
    ] as const) {
      const res = await admin.post('/api/v1/news-categories/store', { title });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ title: [message] });
    }
    expect(await count('news_categories')).toBe(before);
  });

  it('refuses an update without an id or for an unknown id', async () => {
    expect((await admin.post('/api/v1/news-categories/update', { title: 'x' })).body.data).toEqual({ id: ['This field is required.'] });
    expect((await admin.post('/api/v1/news-categories/update', { id: 999999, title: 'x' })).status).toBe(404);
    expect((await admin.get('/api/v1/news-categories/abc')).status).toBe(404);
  });
});

describe('the list parameters', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) await store('blog-categories', { title: `Blog ${String(i).padStart(2, '0')}` });
  });

  it('answers the paginator shape with page links, newest first by default', async () => {
    const page = (await admin.get('/api/v1/blog-categories?page=2')).body.data as Page;
    expect(page).toMatchObject({ current_page: 2, per_page: 10, total: 25, from: 11, to: 20, last_page: 3 });
    expect(page.data[0]!.title).toBe('Blog 15');
    expect(page.prev_page_url).toBe('/api/v1/blog-categories?page=1');
    expect(page.next_page_url).toBe(`/api/v1/blog-categories?page=3&after_id=${page.data.at(-1)!.id}`);
    expect(page.links.map((l) => l.label)).toEqual(['« Previous', '1', '2', '3', 'Next »']);
    expect(page.links.find((l) => l.active)!.label).toBe('2');
  });

  it('links the next page as a keyset after the last row (id order), which lands on the rows the page number names', async () => {
    const byOffset = [];
    for (let n = 1; n <= 3; n++) byOffset.push(...((await admin.get(`/api/v1/blog-categories?paginate=4&search=blog&page=${n}`)).body.data as Page).data);
    const followed = [];
    let url: string | null = '/api/v1/blog-categories?paginate=4&search=blog';
    for (let n = 1; n <= 3 && url; n++) {
      const page = (await admin.get(url)).body.data as Page;
      expect(page.current_page).toBe(n);
      followed.push(...page.data);
      url = page.next_page_url;
      expect(url).toContain(`after_id=${page.data.at(-1)!.id}`);
      // Numbered links and the previous page are plain page numbers.
      expect(page.links.filter((l) => l.label !== 'Next »' && l.url?.includes('after_id'))).toEqual([]);
    }
    expect(followed.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
    const ascending = (await admin.get('/api/v1/blog-categories?paginate=4&orderByAsc=true')).body.data as Page;
    const next = (await admin.get(ascending.next_page_url!)).body.data as Page;
    expect(next.data[0]!.id as number).toBeGreaterThan(ascending.data.at(-1)!.id as number);
  });

  it('refuses after_id with another order than id, and a malformed one', async () => {
    expect((await admin.get('/api/v1/blog-categories?orderByCol=title&after_id=5')).body.data).toEqual({ after_id: ['This column cannot be used here.'] });
    expect((await admin.get('/api/v1/blog-categories?after_id=x')).status).toBe(422);
  });

  it('honours paginate, orderByCol, orderByAsc, search and fields[]', async () => {
    const res = await admin.get('/api/v1/blog-categories?paginate=5&orderByCol=title&orderByAsc=true&search=blog%202&fields[]=title');
    const page = res.body.data as Page;
    expect(page.total).toBe(6);
    expect(page.data.map((r) => r.title)).toEqual(['Blog 20', 'Blog 21', 'Blog 22', 'Blog 23', 'Blog 24']);
    expect(Object.keys(page.data[0]!).sort()).toEqual(['id', 'title']);
    expect(page.next_page_url).toContain('fields%5B%5D=title');
  });

  it('filters by conditions and by extra column pairs', async () => {
    const byCondition = (await admin.get(`/api/v1/blog-categories?paginate=50&conditions=${encodeURIComponent(JSON.stringify({ title: { like: '0' } }))}`)).body
      .data as Page;
    expect(byCondition.data.map((r) => r.title).sort()).toEqual([
      'Blog 01',
      'Blog 02',
      'Blog 03',
      'Blog 04',
      'Blog 05',
      'Blog 06',
      'Blog 07',
      'Blog 08',
      'Blog 09',
      'Blog 10',
      'Blog 20',
    ]);
    const byPair = (await admin.get('/api/v1/blog-categories?title=Blog%2007')).body.data as Page;
    expect(byPair.total).toBe(1);
    const inList = (await admin.get(`/api/v1/blog-categories?conditions=${encodeURIComponent(JSON.stringify({ title: { in: ['Blog 01', 'Blog 02'] } }))}`)).body
      .data as Page;
    expect(inList.total).toBe(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(((await admin.get('/api/v1/blog-categories?search=%25')).body.data as Page).total).toBe(0);
    expect(((await admin.get('/api/v1/blog-categories?search=_')).body.data as Page).total).toBe(0);
  });

  const hostile: [string, string, string][] = [
    ['an unknown sort column', 'orderByCol=password_hash', 'orderByCol'],
    ['SQL in the sort column', 'orderByCol=id;drop table users', 'orderByCol'],
    ['an unknown field', 'fields[]=password_hash', 'fields'],
    ['SQL in a field', 'fields[]=title%20from%20users--', 'fields'],
    ['an unknown relation', 'relations=users', 'relations'],
    ['an unknown filter column', 'password_hash=x', 'password_hash'],
    ['a prototype key as filter', '__proto__=x', '__proto__'],
    ['an unknown condition column', `conditions=${encodeURIComponent('{"password_hash":"x"}')}`, 'conditions'],
    ['an unknown operator', `conditions=${encodeURIComponent('{"title":{"regexp":"x"}}')}`, 'conditions'],
    ['conditions that are not JSON', 'conditions=title=1', 'conditions'],
    ['conditions as a list', `conditions=${encodeURIComponent('[1,2]')}`, 'conditions'],
    ['a page of zero', 'page=0', 'page'],
    ['a negative page', 'page=-3', 'page'],
    ['a page that is not a number', 'page=1%20OR%201=1', 'page'],
    ['a huge page size', 'paginate=100000', 'paginate'],
    ['a status outside 0 and 1', 'status=7', 'status'],
    ['a list where one value belongs', 'search[]=a&search[]=b', 'search'],
    ['a repeated page', 'page=1&page=2', 'page'],
    ['a nonsense sort direction', 'orderByAsc=sideways', 'orderByAsc'],
    ['a huge search', `search=${'x'.repeat(101)}`, 'search'],
  ];
  it.each(hostile)('answers %s with a 422 on that parameter', async (_label, query, field) => {
    const res = await admin.get(`/api/v1/blog-categories?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.data as object)).toContain(field);
  });

  it('goes past the last page without an error', async () => {
    const page = (await admin.get('/api/v1/blog-categories?page=99')).body.data as Page;
    expect(page).toMatchObject({ data: [], total: 25, from: null, to: null, last_page: 3 });
  });

  it('answers SQL fragments in a search as plain text', async () => {
    const res = await admin.get(`/api/v1/blog-categories?search=${encodeURIComponent("' OR 1=1 --")}`);
    expect(res.status).toBe(200);
    expect((res.body.data as Page).total).toBe(0);
    expect(await t.app.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });
});

describe('menus and sub menus', () => {
  it('creates a menu and a sub menu, lists the sub menu with its menu, and refuses a menu that does not exist', async () => {
    const menu = await store('web-page-menu', { title: 'আমাদের সম্পর্কে', content_url: '/about', position: '2', is_published: '1', is_external: '0' });
    expect(menu).toMatchObject({ content_url: '/about', position: 2, is_published: 1, is_external: 0 });
    const sub = await store('web-page-sub-menu', { title: 'ইতিহাস', content_url: '/about/history', web_page_menu_id: menu.id });
    const list = (await admin.get('/api/v1/web-page-sub-menu?relations=menu&fields[]=title')).body.data as Page;
    expect(list.data).toEqual([{ id: sub.id, title: 'ইতিহাস', web_page_menu_id: menu.id, menu: { id: menu.id, title: 'আমাদের সম্পর্কে' } }]);

    const before = await count('web_page_sub_menus');
    const orphan = await admin.post('/api/v1/web-page-sub-menu/store', { title: 'x', content_url: '/x', web_page_menu_id: 999999 });
    expect(orphan.status).toBe(422);
    expect(orphan.body.data).toHaveProperty('web_page_menu_id');
    expect(await count('web_page_sub_menus')).toBe(before);
  });

  it.each([
    [{ content_url: '' }, 'content_url'],
    [{ content_url: 'javascript:alert(1)' }, 'content_url'],
    [{ redirect_url: 'has spaces in it' }, 'redirect_url'],
    [{ is_published: 'maybe' }, 'is_published'],
    [{ position: '-1' }, 'position'],
    [{ title: '' }, 'title'],
  ])('refuses a menu with %o on that field', async (override, field) => {
    const before = await count('web_page_menus');
    const res = await admin.post('/api/v1/web-page-menu/store', { title: 'Menu', content_url: '/menu', ...override });
    expect(res.status).toBe(422);
    expect(res.body.data).toHaveProperty(field);
    expect(await count('web_page_menus')).toBe(before);
  });

  it('refuses to destroy a menu that still has sub menus', async () => {
    const menu = await store('web-page-menu', { title: 'Parent', content_url: '/parent' });
    await store('web-page-sub-menu', { title: 'Child', content_url: '/parent/child', web_page_menu_id: menu.id });
    const res = await admin.post('/api/v1/web-page-menu/destroy', { id: menu.id });
    expect([200, 409]).toContain(res.status);
  });
});

describe('updates', () => {
  it('clear an optional field the form left empty and keep switches the form left out at their defaults', async () => {
    const menu = await store('web-page-menu', { title: 'Notices', content_url: '/notices', redirect_url: '/old-notices', is_published: '0' });
    const res = await admin.post('/api/v1/web-page-menu/update', { id: menu.id, title: 'Notices', content_url: '/notices', redirect_url: '' });
    expect(res.body.data).toMatchObject({ redirect_url: null, is_published: 1, is_external: 0, position: 0 });
  });
});
