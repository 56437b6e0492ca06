import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';

const ORIGIN = 'https://britti.example.test';
const SITE_HOST = 'www.britti.example.test';

let t: TestApp;
let admin: ReturnType<typeof client>;
let webRoot: string;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'site-web-'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>app shell</title><div id="root"></div>');
  t = await startTestApp({ APP_URL: ORIGIN, SITE_HOST }, { webRoot });
  admin = client(t, await adminToken(t));
});
afterAll(async () => {
  await t.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { id: number };

async function store(resource: string, body: Record<string, unknown>): Promise<Row> {
  const res = await admin.post(`/api/v1/${resource}/store`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Row;
}

const PAST = '2026-01-15T09:00';
const FUTURE = '2099-01-01T09:00';

/** A GET as a browser sends it. */
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*', ...headers } });

/** A site setting as the settings screen leaves it (the seed may not have created the row yet). */
async function setSetting(key: string, value: string | null) {
  const existing = await t.app.db.selectFrom('setting_values').select('id').where('key', '=', key).executeTakeFirst();
  if (existing) await t.app.db.updateTable('setting_values').set({ value }).where('id', '=', existing.id).execute();
  else {
    const subGroup = await t.app.db.selectFrom('setting_sub_groups').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('setting_values')
      .values({ key, value, type: 'text', title: key, setting_sub_group_id: subGroup.id, updated_at: new Date().toISOString() })
      .execute();
  }
}

describe('the public home', () => {
  beforeAll(async () => {
    await store('page-build', { title: 'প্রকাশিত নোটিশ', url: 'notice-live', published_at: PAST, content_type: 'notice' });
    await store('page-build', { title: 'পুরোনো খবর', url: 'news-old', published_at: '2025-12-01T09:00', content_type: 'news' });
    await store('page-build', { title: 'নতুন খবর', url: 'news-new', published_at: PAST, content_type: 'news' });
    await store('page-build', { title: 'ব্লগ লেখা', url: 'blog-live', published_at: PAST, content_type: 'blog' });
    await store('page-build', { title: 'ভবিষ্যতের নোটিশ', url: 'notice-future', published_at: FUTURE, content_type: 'notice' });
    const hidden = await store('page-build', { title: 'নিষ্ক্রিয় নোটিশ', url: 'notice-hidden', published_at: PAST, content_type: 'notice' });
    await admin.post('/api/v1/page-build/soft-delete', { id: hidden.id });
  });

  it('lists the latest published notices, news and blogs, newest first, without drafts, future or deactivated ones', async () => {
    const res = await get('/', { host: SITE_HOST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = res.body;
    expect(body).toContain('<html lang="bn">');
    for (const title of ['প্রকাশিত নোটিশ', 'পুরোনো খবর', 'নতুন খবর', 'ব্লগ লেখা']) expect(body).toContain(title);
    expect(body.indexOf('নতুন খবর')).toBeLessThan(body.indexOf('পুরোনো খবর'));
    expect(body).not.toContain('ভবিষ্যতের নোটিশ');
    expect(body).not.toContain('নিষ্ক্রিয় নোটিশ');
    expect(body).toContain('href="/notice-live"');
    expect(body).toContain('<title>বৃত্তি পরীক্ষা নিবন্ধন</title>');
    expect(body).toMatch(/<a href="\/login">লগইন<\/a>/);
    expect(body).not.toMatch(/<script/i);
  });

  it('lists one content type, page by page, and one category', async () => {
    const category = await store('news-categories', { title: 'ফলাফল' });
    for (let i = 1; i <= 11; i++) {
      await store('page-build', {
        title: `ফলাফলের খবর ${i}`,
        url: `result-${i}`,
        published_at: `2026-02-${String(i).padStart(2, '0')}T09:00`,
        content_type: 'news',
        news_category_id: category.id,
      });
    }
    const first = await get('/site/news');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('ফলাফলের খবর 11');
    expect(first.body).not.toContain('পুরোনো খবর');
    expect(first.body).toContain('href="/site/news?page=2"');
    const second = await get('/site/news?page=2');
    expect(second.body).toContain('পুরোনো খবর');
    expect(second.body).toContain('পাতা ২ / ২');

    const byCategory = await get(`/site/news/category/${category.id}`);
    expect(byCategory.statusCode).toBe(200);
    expect(byCategory.body).toContain('খবর: ফলাফল');
    expect(byCategory.body).toContain('ফলাফলের খবর 2');
    expect(byCategory.body).not.toContain('নতুন খবর');

    for (const url of ['/site/videos', '/site/news/category/999999', '/site/news/category/abc', '/site/news?page=9', '/site/nothing/here']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('পৃষ্ঠাটি খুঁজে পাওয়া যায়নি');
    }
  });
});

describe('a page at /{url}', () => {
  let menuIds: number[] = [];

  beforeAll(async () => {
    await setSetting('site_name', 'জাতীয় বৃত্তি <পরীক্ষা>');
    await setSetting('site_logo', 'uploads/settings/logo.webp');
    await setSetting('contact_phone', '01712345678');
    const about = await store('web-page-menu', { title: 'আমাদের কথা', content_url: 'about', position: 2 });
    const results = await store('web-page-menu', { title: 'ফলাফল', content_url: '/results', redirect_url: 'https://results.example.org/2026', position: 1 });
    const hidden = await store('web-page-menu', { title: 'খসড়া মেনু', content_url: '/draft', is_published: 0 });
    const external = await store('web-page-menu', { title: 'বোর্ড', content_url: 'https://board.example.org', is_external: 1, position: 3 });
    await store('web-page-sub-menu', { title: 'ইতিহাস', content_url: '/about/history', web_page_menu_id: about.id });
    await store('web-page-sub-menu', { title: 'লুকানো উপমেনু', content_url: '/about/hidden', web_page_menu_id: about.id, is_published: 0 });
    menuIds = [about.id, results.id, hidden.id, external.id];
    const category = await store('notice-categories', { title: 'ভর্তি' });
    await store('page-build', {
      title: 'ভর্তি বিজ্ঞপ্তি ২০২৬',
      url: 'notice/ভর্তি-২০২৬',
      published_at: PAST,
      content_type: 'notice',
      notice_category_id: category.id,
      content: '<p>বিস্তারিত <strong>তথ্য</strong></p>',
      meta_title: 'ভর্তি SEO শিরোনাম',
      meta_description: 'ভর্তির বর্ণনা',
      meta_keywords: 'ভর্তি, বৃত্তি',
      og_description: 'OG বর্ণনা',
      image: 'uploads/files/photo.webp',
      content_file: 'uploads/files/notice.pdf',
      source_files_url: 'https://example.org/rules.pdf, /uploads/files/form.pdf',
      layout: {
        rows: [
          { layout: '6+6', cells: ['<p>বাম</p>', '<p>ডান</p>'] },
          { layout: '3+3+3+3', cells: ['১', '২', '৩', '৪'] },
        ],
      },
    });
  });

  it('renders title, meta, Open Graph, content, layout, files and the menu', async () => {
    const res = await get(`/${encodeURI('notice/ভর্তি-২০২৬')}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<title>ভর্তি SEO শিরোনাম — জাতীয় বৃত্তি &lt;পরীক্ষা&gt;</title>');
    expect(body).toContain('<meta name="description" content="ভর্তির বর্ণনা">');
    expect(body).toContain('<meta name="keywords" content="ভর্তি, বৃত্তি">');
    expect(body).toContain(`<link rel="canonical" href="${ORIGIN}/notice/${encodeURIComponent('ভর্তি-২০২৬')}">`);
    expect(body).toContain('<meta property="og:title" content="ভর্তি বিজ্ঞপ্তি ২০২৬">');
    expect(body).toContain('<meta property="og:description" content="OG বর্ণনা">');
    expect(body).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/files/photo.webp">`);
    expect(body).toContain('<meta property="og:type" content="article">');
    expect(body).toContain('<h1>ভর্তি বিজ্ঞপ্তি ২০২৬</h1>');
    expect(body).toContain('১৫ জানুয়ারি, ২০২৬');
    expect(body).toContain('<img class="hero" src="/uploads/files/photo.webp"');
    expect(body).toContain('<div class="content"><p>বিস্তারিত <strong>তথ্য</strong></p></div>');
    expect(body).toContain('<div class="grid grid-6-6"><div class="cell content"><p>বাম</p></div><div class="cell content"><p>ডান</p></div></div>');
    expect(body).toContain('<div class="grid grid-3-3-3-3">');
    expect(body).toContain('href="https://example.org/rules.pdf"');
    expect(body).toContain('href="/uploads/files/form.pdf"');
    expect(body).toContain('<a class="button" href="/uploads/files/notice.pdf" download>PDF ডাউনলোড</a>');
    expect(body).toMatch(/<a href="\/site\/notice\/category\/\d+">ভর্তি<\/a>/);
    // The header: logo and name from the settings, menus in their positions with their sub menus.
    expect(body).toContain('<img src="/uploads/settings/logo.webp"');
    expect(body).toContain('<span class="brand-name">জাতীয় বৃত্তি &lt;পরীক্ষা&gt;</span>');
    expect(body.indexOf('ফলাফল</a>')).toBeLessThan(body.indexOf('আমাদের কথা'));
    expect(body).toContain('<a href="https://results.example.org/2026">ফলাফল</a>');
    expect(body).toContain('<summary>আমাদের কথা</summary>');
    expect(body).toContain('<a href="/about">আমাদের কথা</a>');
    expect(body).toContain('<a href="/about/history">ইতিহাস</a>');
    expect(body).toContain('<a href="https://board.example.org" target="_blank" rel="noopener noreferrer">বোর্ড</a>');
    expect(body).not.toContain('খসড়া মেনু');
    expect(body).not.toContain('লুকানো উপমেনু');
    expect(body).toContain('href="tel:01712345678"');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('finds a page whatever the case of its ASCII letters and the trailing slash', async () => {
    await store('page-build', { title: 'যোগাযোগ', url: 'contact-us', published_at: PAST });
    expect((await get('/Contact-Us/')).body).toContain('<h1>যোগাযোগ</h1>');
  });

  it('escapes stored markup in the title and the SEO fields', async () => {
    const attack = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    await store('page-build', {
      title: `শিরোনাম ${attack}`,
      url: 'xss-page',
      published_at: PAST,
      meta_title: attack,
      meta_description: attack,
      meta_keywords: attack,
      og_description: attack,
    });
    const body = (await get('/xss-page')).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers a Bengali 404 page for an unknown, future or deactivated page, and JSON 404 for the API', async () => {
    const future = await store('page-build', { title: 'পরের নোটিশ', url: 'later', published_at: FUTURE });
    const off = await store('page-build', { title: 'বন্ধ', url: 'switched-off', published_at: PAST });
    await admin.post('/api/v1/page-build/soft-delete', { id: off.id });
    for (const url of ['/no-such-page', '/later', '/switched-off', `/${encodeURI('অজানা')}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<html lang="bn">');
      expect(res.body).toContain('পৃষ্ঠাটি খুঁজে পাওয়া যায়নি');
      expect(res.body).not.toContain('পরের নোটিশ');
    }
    expect(future.id).toBeGreaterThan(0);
    const api = await get('/api/v1/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ data: null });
  });

  it('shows a change at once after a write through the API', async () => {
    expect((await get('/contact-us')).body).toContain('<h1>যোগাযোগ</h1>');
    const page = (await admin.get('/api/v1/page-build?search=contact-us')).body.data as { data: Row[] };
    await admin.post('/api/v1/page-build/update', { id: page.data[0]!.id, title: 'নতুন যোগাযোগ', url: 'contact-us', published_at: PAST });
    expect((await get('/contact-us')).body).toContain('<h1>নতুন যোগাযোগ</h1>');

    await admin.post('/api/v1/web-page-menu/update', { id: menuIds[0], title: 'পরিচিতি', content_url: 'about', position: 2 });
    expect((await get('/contact-us')).body).toContain('<summary>পরিচিতি</summary>');
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/contact-us');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/contact-us', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('the files for crawlers', () => {
  it('lists the home, the listings and every published page in the sitemap, nothing else', async () => {
    await store('page-build', { title: 'মানচিত্রে', url: 'in-sitemap', published_at: PAST });
    await store('page-build', { title: 'মানচিত্রে নয়', url: 'not-yet', published_at: FUTURE });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(`<loc>${ORIGIN}/site</loc>`);
    expect(res.body).toContain(`<loc>${ORIGIN}/site/notice</loc>`);
    expect(res.body).toMatch(new RegExp(`<url><loc>${ORIGIN}/in-sitemap</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod></url>`));
    expect(res.body).not.toContain('not-yet');
  });

  it('allows the site and keeps the API and the private screens out of robots.txt', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\nDisallow: /api/\n');
    expect(res.body).toContain('Disallow: /scholarship-registrations\n');
    expect(res.body).toContain('Disallow: /settings\n');
    expect(res.body).not.toContain('Disallow: /site');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('serves the stylesheet and the Bengali font for a year', async () => {
    const home = (await get('/', { host: SITE_HOST })).body;
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(home)![1]!;
    expect(href).toMatch(/^\/site\/assets\/site\.css\?v=[0-9a-f]{10}$/);
    const css = await get(href);
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const font = /url\('([^']+\.woff2)'\)/.exec(css.body)![1]!;
    const woff2 = await get(font);
    expect(woff2.statusCode).toBe(200);
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await get('/site/assets/fonts/../../package.json')).statusCode).toBe(404);
  });
});

describe('the host names and the app', () => {
  it('serves the public home at / on SITE_HOST and sends /site there', async () => {
    const home = await get('/', { host: SITE_HOST });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="bn">');
    expect(home.body).toContain('<a class="brand" href="/">');
    const site = await get('/site', { host: `${SITE_HOST}:8080` });
    expect(site.statusCode).toBe(301);
    expect(site.headers.location).toBe('/');
  });

  it('leaves / and the app screens to the client elsewhere, and sends /site to SITE_HOST', async () => {
    for (const url of ['/', '/login', '/user/create', '/web-pages-management/page-build', '/settings']) {
      const res = await get(url, { host: 'app.example.test' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('app shell');
    }
    const site = await get('/site', { host: 'app.example.test' });
    expect(site.statusCode).toBe(302);
    expect(site.headers.location).toBe(`https://${SITE_HOST}/`);
    const listing = await get('/site/notice', { host: 'app.example.test' });
    expect(listing.body).toContain('<a class="brand" href="/site">');
  });
});
