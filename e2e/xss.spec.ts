/**
 * Stored XSS: payloads go in through every text field an admin or an institute can fill (institute
 * and student names, menus, categories, page title and SEO fields, settings, a browser's user agent
 * in the audit log) and are rendered in Chromium on the back office's lists and details and on the
 * public website. No payload may run: no `window.__xss`, no dialog, no element or handler built
 * from the payload, and no Content-Security-Policy violation (which would mean the escaping failed
 * and only the CSP saved us). Each payload's text must show as text.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiToken, enterWithToken, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

/** Under 191 characters, the limit of a short text field; `tag` makes each one findable as text. */
const payload = (tag: string) => `${tag}<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=1</script><svg onload="window.__xss=1">"'><b>`;

type Seeded = { tag: string; paths: string[]; publicPaths: string[] };

const api = (request: APIRequestContext, token: string) => ({
  post: async (url: string, data: unknown, headers: Record<string, string> = {}) => {
    const response = await request.post(url, { data, headers: { Authorization: `Bearer ${token}`, ...headers } });
    return { status: response.status(), body: (await response.json().catch(() => null)) as { data: Record<string, unknown> } | null };
  },
  get: async (url: string) => (await (await request.get(url, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: Record<string, unknown> },
});

/** Fills every text field with a payload through the API, as a hostile admin or institute would. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const tag = `xss${uniqueSuffix()}`;
  const admin = api(request, await adminToken(request));
  const paths: string[] = [];
  const publicPaths: string[] = ['/site', '/site/notice'];

  const institute = { ...newInstitute(), name: payload(`${tag}-institute`) };
  await registerByApi(request, institute);
  const instituteToken = await apiToken(request, institute.email, institute.password);
  const own = api(request, instituteToken);
  const users = await admin.get(`/api/v1/users?search=${encodeURIComponent(institute.email)}`);
  const instituteId = (users.data.data as { id: number }[])[0]!.id;
  paths.push('/user', `/user/${instituteId}`, '/');

  const student = {
    class: '04',
    class_roll: '7',
    gender: 'f',
    department: 'p',
    name_bangla: payload(`${tag}-student`),
    name_english: `${tag} student`,
    father_name_english: payload(`${tag}-father`),
    mother_name_english: payload(`${tag}-mother`),
    contact_number: '01911000000',
    post_office: payload(`${tag}-post`),
    division_id: 6,
    zilla_id: 47,
    upozilla_id: 365,
  };
  const registrationId = await storeByApi(request, instituteToken, 'scholarship-registrations', student);
  paths.push('/scholarship-registrations', `/scholarship-registrations/${registrationId}`);
  // An entry in the audit log under the institute's hostile name.
  const spare = await storeByApi(request, instituteToken, 'scholarship-registrations', { ...student, class_roll: '8' });
  expect((await own.post('/api/v1/scholarship-registrations/soft-delete', { id: spare })).status).toBe(200);

  const menu = await admin.post('/api/v1/web-page-menu/store', { title: payload(`${tag}-menu`), content_url: `/${tag}-page`, is_published: 1 });
  expect(menu.status).toBe(200);
  const menuId = menu.body!.data.id as number;
  const subMenu = await admin.post('/api/v1/web-page-sub-menu/store', {
    title: payload(`${tag}-submenu`),
    content_url: `/${tag}-page`,
    web_page_menu_id: menuId,
    is_published: 1,
  });
  expect(subMenu.status).toBe(200);
  paths.push('/web-pages-management/web-page-menu', `/web-pages-management/web-page-menu/${menuId}`);
  paths.push('/web-pages-management/web-page-sub-menu', `/web-pages-management/web-page-sub-menu/${subMenu.body!.data.id as number}`);

  // A javascript: address must be refused, or it would run when the menu is clicked.
  expect((await admin.post('/api/v1/web-page-menu/store', { title: `${tag} js`, content_url: 'javascript:window.__xss=1', is_published: 1 })).status).toBe(422);
  expect(
    (await admin.post('/api/v1/web-page-menu/store', { title: `${tag} js2`, content_url: '/ok', redirect_url: 'javascript:window.__xss=1', is_published: 1 }))
      .status,
  ).toBe(422);

  let noticeCategory = 0;
  for (const kind of ['blog', 'news', 'notice'] as const) {
    const id = await storeByApi(request, await adminToken(request), `${kind}-categories`, { title: payload(`${tag}-${kind}cat`) });
    if (kind === 'notice') noticeCategory = id;
    paths.push(`/web-pages-management/${kind}-categories`, `/web-pages-management/${kind}-categories/${id}`);
  }
  publicPaths.push(`/site/notice/category/${noticeCategory}`);

  const page = await admin.post('/api/v1/page-build/store', {
    title: payload(`${tag}-page`),
    url: `${tag}-page`,
    published_at: '2026-11-01T10:00',
    content_type: 'notice',
    notice_category_id: noticeCategory,
    content: `<p>${tag}-content</p><script>window.__xss=1</script><img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">link</a><iframe src="javascript:window.__xss=1"></iframe>`,
    meta_title: payload(`${tag}-metatitle`),
    meta_description: `"><script>window.__xss=1</script>${tag}-metadesc`,
    meta_keywords: `</title><script>window.__xss=1</script>${tag}`,
    og_description: `" onmouseover="window.__xss=1" x="${tag}-og`,
  });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  paths.push('/web-pages-management/page-build', `/web-pages-management/page-build/${page.body!.data.id as number}`);
  publicPaths.push(`/${tag}-page`);

  // Settings the public site prints in its header, footer and <title>.
  const fields = await admin.get('/api/v1/settings/fields');
  const groups = fields.data as unknown as { id: number; sub_group: { id: number }[] }[];
  for (const group of groups) {
    for (const sub of group.sub_group) {
      const values = (await admin.get(`/api/v1/settings/${group.id}/${sub.id}/values`)).data as unknown as { id: number; key: string; type: string }[];
      const text = values.filter((v) => v.type === 'text' && ['site_name', 'site_tagline', 'contact_address', 'bank_account'].includes(v.key));
      if (text.length === 0) continue;
      const res = await admin.post('/api/v1/settings/update', {
        id: sub.id,
        fields: Object.fromEntries(text.map((v) => [v.id, { value: payload(`${tag}-${v.key}`) }])),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
  paths.push('/settings');

  // The user agent is the caller's to choose and is shown in the audit log's details.
  const category = await storeByApi(request, await adminToken(request), 'blog-categories', { title: `${tag} ua` });
  expect((await admin.post('/api/v1/blog-categories/soft-delete', { id: category }, { 'User-Agent': payload(`${tag}-agent`) })).status).toBe(200);
  const audit = await admin.get(`/api/v1/audit-logs?search=record.soft_delete&paginate=1`);
  paths.push('/audit-logs', `/audit-logs/${(audit.data.data as { id: number }[])[0]!.id}`);
  return { tag, paths, publicPaths };
}

/** Records what a payload would leave behind if it ran. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => w.__violations.push(`${event.violatedDirective}: ${event.sample}`));
  });
  return dialogs;
}

async function expectNothingRan(page: Page, dialogs: string[], where: string) {
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xss?: number; __violations: string[] };
    return {
      ran: w.__xss,
      violations: w.__violations,
      injected: document.querySelectorAll(
        'img[src="x"], svg[onload], [onerror], [onload], [onmouseover], iframe[srcdoc], a[href^="javascript:" i], iframe[src^="javascript:" i]',
      ).length,
      inlineScripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__xss')).length,
    };
  });
  expect(state, where).toEqual({ ran: undefined, violations: [], injected: 0, inlineScripts: 0 });
  expect(dialogs, where).toEqual([]);
}

test('stored payloads show as text and never run, in the back office and on the public website', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { tag, paths, publicPaths } = await seed(request);
  const dialogs = await watch(page);
  await enterWithToken(page, await adminToken(request));

  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toBeVisible();
    await expectNothingRan(page, dialogs, path);
  }
  // The payloads are there, as text: the lists did show them.
  await page.goto('/web-pages-management/web-page-menu');
  await expect(page.getByText(`${tag}-menu<img src=x`, { exact: false }).first()).toBeVisible();
  await page.goto('/user');
  await expect(page.getByText(`${tag}-institute<img`, { exact: false }).first()).toBeVisible();
  await page.goto(paths.at(-1)!);
  await expect(page.getByText(`${tag}-agent<img`, { exact: false })).toBeVisible();
  await page.goto('/audit-logs');
  await expect(page.getByText(`${tag}-institute<img`, { exact: false }).first()).toBeVisible();

  for (const path of publicPaths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectNothingRan(page, dialogs, path);
  }
  await page.goto(`/${tag}-page`);
  await expect(page.getByText(`${tag}-page<img src=x`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(`${tag}-content`)).toBeVisible();
  expect(await page.title()).toContain(`${tag}-metatitle<img`);
  await page.goto('/site');
  await expect(page.getByText(`${tag}-site_name<img`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(`${tag}-menu<img`, { exact: false }).first()).toBeVisible();
});
