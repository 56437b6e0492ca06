/**
 * The website journey (spec §2 Page-build, PageBuilder, Settings; architecture §5 public
 * pages at /{url}): an admin writes a notice page with an image, SEO and OG fields and a PDF and
 * reads it on the public site under the menu; builds a 6+6 grid; renames the site. Screenshots of
 * the page screens at phone and desktop width land in test-results/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { postsFolder } from '../src/web/components/editor/postsFolder.js';
import { adminToken, bengaliDigits, bn, choose, enterWithToken, errorUnder, field, messages, storeByApi, uniqueSuffix } from './helpers.js';

const PAGES = '/web-pages-management/page-build';
const BUILDER = '/web-pages-management/page-builder';

const png = async (name: string, width: number, height: number, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

/** A small, real PDF (one empty page). */
const PDF = {
  name: 'routine.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ),
};

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

/** A text box by the start of its accessible name (a required one ends in ' *'). */
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`) });

/** The upload field whose label reads `label`: its wrapper (label, FilePond, preview or link, error). */
const uploadField = (page: Page, label: string): Locator =>
  page.locator('[data-field]').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}( \\*)?$`) }) });

async function uploadInto(wrapper: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await wrapper.locator('input[type="file"]').setInputFiles(file);
}

/** Waits until FilePond has the file stored: its progress was shown first, then 'upload complete'. */
async function uploaded(wrapper: Locator): Promise<void> {
  await expect(wrapper.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processing);
  await expect(wrapper.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processingComplete);
}

/** A page straight through the API, published an hour ago. */
async function pageByApi(request: APIRequestContext, token: string, title: string, url: string, extra: Record<string, unknown> = {}): Promise<number> {
  return storeByApi(request, token, 'page-build', { title, url, published_at: new Date(Date.now() - 3_600_000).toISOString(), content_type: 'page', ...extra });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/website-${name}.png`, fullPage: true });
}

test('screenshots of the page list, form, details and builder at 360 and 1280 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const suffix = uniqueSuffix();
  const photo = await request.post('/api/v1/media/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { folder: 'pages', width: '1000', height: '600', photo: await png('hall.png', 1000, 600, '#1c7ed6') },
  });
  expect(photo.status()).toBe(200);
  const id = await pageByApi(request, token, `পরীক্ষার নোটিশ ${suffix}`, `notice-${suffix}`, {
    image: ((await photo.json()) as { data: string }).data,
    content: '<h2>বৃত্তি পরীক্ষা ২০২৬</h2><p>পরীক্ষা শুরু হবে সকাল <strong>১০টায়</strong>।</p><ul><li>প্রবেশপত্র সঙ্গে আনুন</li><li>কলম আনুন</li></ul>',
    layout: {
      rows: [
        { layout: '6+6', cells: ['<p>বাম ঘর</p>', '<p>ডান ঘর</p>'] },
        { layout: '4+4+4', cells: ['<p>এক</p>', '<p>দুই</p>', '<p>তিন</p>'] },
      ],
    },
  });
  await enterWithToken(page, token);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.goto(PAGES);
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    await shoot(page, `list-${width}`);
    await page.goto(`${PAGES}/edit/${id}`);
    await expect(page.getByRole('textbox', { name: bn.pages.fields.content })).toBeVisible();
    for (const tab of ['details', 'seo', 'og', 'resource'] as const) {
      await page.getByTestId(`page-tab-${tab}`).click();
      await shoot(page, `form-${tab}-${width}`);
    }
    await page.goto(`${PAGES}/${id}`);
    await expect(page.getByTestId('page-image')).toHaveJSProperty('complete', true);
    await shoot(page, `details-${width}`);
    await page.goto(`${BUILDER}/${id}`);
    await expect(page.getByTestId('builder-row')).toHaveCount(2);
    await shoot(page, `builder-${width}`);
  }
});

test('an admin writes a notice page with an image, SEO and OG fields and a PDF, and reads it on the public site under the menu', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const suffix = uniqueSuffix();
  const category = `বৃত্তি নোটিশ ${suffix}`;
  const menu = `নোটিশ বোর্ড ${suffix}`;
  const title = `বৃত্তি পরীক্ষার সময়সূচি ${suffix}`;
  const url = `exam-routine-${suffix}`;
  const taken = `taken-${suffix}`;
  await storeByApi(request, token, 'notice-categories', { title: category });
  await storeByApi(request, token, 'web-page-menu', { title: menu, content_url: '/site/notice', is_published: 1, position: 1 });
  await pageByApi(request, token, `অন্য পেজ ${suffix}`, taken);
  await enterWithToken(page, token);

  await page.goto(PAGES);
  await expect(page.getByRole('heading', { name: bn.resources.pageBuild.list })).toBeVisible();
  await page.getByTestId('add-new').click();
  await expect(page).toHaveURL(`${PAGES}/create`);

  await test.step('the content, with an image uploaded from the editor while its progress shows', async () => {
    const editor = page.getByRole('textbox', { name: bn.pages.fields.content });
    await editor.click();
    await editor.pressSequentially('পরীক্ষা ২০ ডিসেম্বর সকাল ১০টায় শুরু হবে। বিস্তারিত');
    // The last word, bold and linked through the toolbar.
    await page.keyboard.press('Shift+Control+ArrowLeft');
    await page.getByRole('button', { name: bn.editor.bold }).click();
    await page.getByRole('button', { name: bn.editor.link }).click();
    await page.getByRole('textbox', { name: bn.editor.linkAddress }).fill('https://example.com/routine');
    await page.getByRole('button', { name: bn.editor.linkSave, exact: true }).click();
    await expect(editor.locator('a[href="https://example.com/routine"] strong, strong a[href="https://example.com/routine"]')).toHaveText('বিস্তারিত');
    await editor.press('End');
    // The answer is held back a moment, so the progress bar is on screen long enough to be seen.
    await page.route('**/api/v1/media/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page
      .getByTestId('page-content-editor')
      .locator('input[type="file"]')
      .setInputFiles(await png('routine-board.png', 1600, 900, '#2f9e44'));
    await expect(page.getByTestId('editor-upload-progress')).toBeVisible();
    await expect(editor.locator('img')).toHaveAttribute('src', new RegExp(`^/${'uploads/'}${postsFolder()}/[^/]+\\.png$`));
    await expect(page.getByTestId('editor-upload-progress')).toHaveCount(0);
    await page.unroute('**/api/v1/media/upload');
  });

  await test.step('Details: title, a url another page has, notice type with its category, the photo', async () => {
    await expect(page.getByTestId('page-tab-details')).toHaveAttribute('aria-selected', 'true');
    await textbox(page, bn.pages.fields.title).fill(title);
    await field(page, bn.pages.fields.url).fill(taken);
    await expect(page.getByText(bn.pages.hints.url.replace('{{address}}', ''))).toContainText(`/${taken}`);
    // Spec §5: the publish date is required and starts at now, in Bangladesh time.
    await expect(page.getByRole('textbox', { name: `${bn.pages.fields.published_at}: ${bn.dates.day}` })).toHaveValue(/^[০-৯]{1,2} \S+, [০-৯]{4}$/);
    await expect(page.getByRole('textbox', { name: `${bn.pages.fields.published_at}: ${bn.dates.time}` })).toHaveValue(/^[০-৯]{2}:[০-৯]{2}$/);
    await expect(field(page, bn.pages.fields.notice_category_id)).toHaveCount(0);
    await page.getByRole('radio', { name: bn.pages.contentTypes.notice }).check();
    await choose(page, bn.pages.fields.notice_category_id, category);
    const photo = uploadField(page, bn.pages.fields.image);
    await uploadInto(photo, await png('hall.png', 2000, 1200, '#1c7ed6'));
    await uploaded(photo);
  });

  await test.step('SEO and OG', async () => {
    await page.getByTestId('page-tab-seo').click();
    await textbox(page, bn.pages.fields.meta_title).fill(`সময়সূচি ${suffix}`);
    await textbox(page, bn.pages.fields.meta_description).fill('বৃত্তি পরীক্ষার দিন, সময় ও কেন্দ্রের তালিকা।');
    await textbox(page, bn.pages.fields.meta_keywords).fill('বৃত্তি, পরীক্ষা, সময়সূচি');
    await page.getByTestId('page-tab-og').click();
    await textbox(page, bn.pages.fields.og_description).fill('বৃত্তি পরীক্ষার সময়সূচি দেখুন।');
    const ogImage = uploadField(page, bn.pages.fields.og_image);
    await uploadInto(ogImage, await png('share.png', 600, 600, '#f08c00'));
    await uploaded(ogImage);
    await expect(ogImage.locator('img')).toHaveAttribute('src', /^\/uploads\/pages\/[^/]+\.png$/);
  });

  await test.step('Resource: source links and the PDF; a 6 MB file gets the spec message and is not kept', async () => {
    await page.getByTestId('page-tab-resource').click();
    await textbox(page, bn.pages.fields.source_files_url).fill('https://example.com/a.pdf, /site/notice');
    const pdf = uploadField(page, bn.pages.fields.content_file);
    await uploadInto(pdf, { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6_000_000, 37) });
    await expect(pdf.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.tooBig);
    await expect(toast(page, bn.upload.tooBigToast).first()).toBeVisible();
    await pdf.locator('.filepond--action-remove-item').click();
    await expect(pdf.locator('.filepond--item')).toHaveCount(0);
    await uploadInto(pdf, PDF);
    await uploaded(pdf);
    await expect(pdf.getByRole('link', { name: bn.upload.visitFile })).toHaveAttribute('href', /^\/uploads\/files\/[^/]+\.pdf$/);
  });

  await test.step('the taken url is refused by the server and its tab comes forward with the message', async () => {
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(toast(page, messages.bn.validation_failed).first()).toBeVisible();
    await expect(page.getByTestId('page-tab-details')).toHaveAttribute('aria-selected', 'true');
    const urlInput = field(page, bn.pages.fields.url);
    await expect(await errorUnder(urlInput)).toHaveText(messages.bn.unique_taken);
    await urlInput.fill(url);
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(toast(page, messages.bn.stored).first()).toBeVisible();
    await expect(page).toHaveURL(PAGES);
  });

  await test.step('the list links the url to the public page; the details show the content and the PDF', async () => {
    const row = page.getByTestId('list-row').filter({ hasText: title });
    await expect(row.getByRole('link', { name: url })).toHaveAttribute('href', `/${url}`);
    await expect(row.getByRole('link', { name: url })).toHaveAttribute('target', '_blank');
    await row.getByRole('button', { name: bn.list.actionsFor.replace('{{name}}', title) }).click();
    await page.getByRole('menuitem', { name: bn.list.details }).click();
    await expect(page.getByTestId('page-details')).toContainText(title);
    await expect(page.getByTestId('page-content').locator('img')).toHaveAttribute('src', new RegExp(`^/uploads/${postsFolder()}/`));
    await expect(page.getByTestId('page-image')).toBeVisible();
    await expect(page.getByTestId('page-pdf-link')).toHaveAttribute('href', /^\/uploads\/files\/[^/]+\.pdf$/);
    await expect(page.getByTestId('page-details')).toContainText(bn.pages.contentTypes.notice);
  });

  await test.step('the public page shows the title, the image, the PDF link, the SEO and OG tags and the menu', async () => {
    const response = await page.goto(`/${url}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.content img')).toHaveAttribute('src', new RegExp(`^/uploads/${postsFolder()}/`));
    await expect(page.locator('.content img')).toHaveJSProperty('complete', true);
    expect(await page.locator('.content img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('img.hero')).toHaveAttribute('src', /^\/uploads\/pages\//);
    await expect(page.locator('.content').getByRole('link', { name: 'বিস্তারিত' })).toHaveAttribute('href', 'https://example.com/routine');
    await expect(page.locator('.content strong')).toHaveText('বিস্তারিত');
    await expect(page.getByRole('link', { name: 'PDF ডাউনলোড' })).toHaveAttribute('href', /^\/uploads\/files\/[^/]+\.pdf$/);
    await expect(page.locator('header nav')).toContainText(menu);
    await expect(page).toHaveTitle(new RegExp(`^সময়সূচি ${suffix}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'বৃত্তি পরীক্ষার দিন, সময় ও কেন্দ্রের তালিকা।');
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', 'বৃত্তি পরীক্ষার সময়সূচি দেখুন।');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/uploads\/pages\/[^/]+\.png$/);
    await page.screenshot({ path: 'test-results/screenshots/website-public-notice-1280.png', fullPage: true });
  });
});

test('the page builder makes a 6+6 grid that the public page shows side by side', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const suffix = uniqueSuffix();
  const title = `দুই কলামের পেজ ${suffix}`;
  const url = `two-columns-${suffix}`;
  const id = await pageByApi(request, token, title, url);
  await enterWithToken(page, token);

  await page.goto(PAGES);
  const search = page.getByRole('searchbox', { name: bn.list.searchLabel });
  await search.pressSequentially(suffix);
  const row = page.getByTestId('list-row').filter({ hasText: title });
  await expect(page.getByTestId('list-row')).toHaveCount(1);

  await test.step('the list exports the found pages as webpage-list', async () => {
    await page.getByTestId('export-button').click();
    const dialog = page.getByRole('dialog', { name: bn.exportData.title });
    await dialog.getByLabel(bn.exportData.inputLabel).fill('export all');
    const download = page.waitForEvent('download');
    const sent = page.waitForRequest((candidate) => candidate.url().endsWith('/api/v1/export-data'));
    await dialog.getByRole('button', { name: bn.exportData.confirm }).click();
    expect((await sent).postDataJSON()).toMatchObject({ model: 'page-build', export_title: 'webpage-list', search: suffix });
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^webpage-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path())).toString('utf8');
    expect(csv).toContain(title);
    expect(csv).toContain(url);
  });

  await row.getByRole('button', { name: bn.list.actionsFor.replace('{{name}}', title) }).click();
  await page.getByRole('menuitem', { name: bn.pages.openBuilder }).click();
  await expect(page).toHaveURL(`${BUILDER}/${id}`);
  await expect(page.getByTestId('builder-empty')).toBeVisible();

  const cell = (rowNumber: number, column: number) =>
    page.getByRole('textbox', { name: bn.pageBuilder.cell.replace('{{row}}', bengaliDigits(rowNumber)).replace('{{column}}', bengaliDigits(column)) });
  const rowButton = (text: string, rowNumber: number) => page.getByRole('button', { name: text.replace('{{number}}', bengaliDigits(rowNumber)) });

  await test.step('a 6+6 row with text in both cells, and a full-width row moved above it and removed again', async () => {
    await expect(field(page, bn.pageBuilder.newRowLayout)).toHaveValue(bn.pageBuilder.layouts['6+6']);
    await page.getByRole('button', { name: bn.pageBuilder.addRow }).click();
    await cell(1, 1).click();
    await cell(1, 1).pressSequentially('বাম দিকের লেখা');
    await cell(1, 2).click();
    await cell(1, 2).pressSequentially('ডান দিকের লেখা');

    await choose(page, bn.pageBuilder.newRowLayout, bn.pageBuilder.layouts['12']);
    await page.getByRole('button', { name: bn.pageBuilder.addRow }).click();
    await cell(2, 1).click();
    await cell(2, 1).pressSequentially('পুরো প্রস্থের লেখা');
    await rowButton(bn.pageBuilder.moveUp, 2).click();
    await expect(cell(1, 1)).toHaveText('পুরো প্রস্থের লেখা');
    await expect(cell(2, 2)).toHaveText('ডান দিকের লেখা');
    await rowButton(bn.pageBuilder.remove, 1).click();
    const dialog = page.getByRole('dialog', { name: bn.pageBuilder.removeTitle });
    await dialog.getByRole('button', { name: bn.pageBuilder.removeConfirm }).click();
    await expect(page.getByTestId('builder-row')).toHaveCount(1);
  });

  await test.step("a row's layout changes and keeps what its cells hold", async () => {
    await choose(page, bn.pageBuilder.rowLayout.replace('{{number}}', bengaliDigits(1)), bn.pageBuilder.layouts['4+4+4']);
    await expect(cell(1, 3)).toBeVisible();
    await expect(cell(1, 1)).toHaveText('বাম দিকের লেখা');
    await expect(cell(1, 2)).toHaveText('ডান দিকের লেখা');
    await choose(page, bn.pageBuilder.rowLayout.replace('{{number}}', bengaliDigits(1)), bn.pageBuilder.layouts['6+6']);
    await expect(cell(1, 3)).toHaveCount(0);
    await expect(cell(1, 2)).toHaveText('ডান দিকের লেখা');
  });

  await test.step('saved, it is there after a reload', async () => {
    await expect(page.getByTestId('builder-unsaved')).toBeVisible();
    await page.getByTestId('builder-save').click();
    await expect(toast(page, messages.bn.updated).first()).toBeVisible();
    await expect(page.getByTestId('builder-unsaved')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('builder-row')).toHaveCount(1);
    await expect(cell(1, 1)).toHaveText('বাম দিকের লেখা');
    await expect(cell(1, 2)).toHaveText('ডান দিকের লেখা');
  });

  await test.step('the public page puts the two cells side by side, and one under the other on a phone', async () => {
    await expect(page.getByTestId('view-public-page')).toHaveAttribute('href', `/${url}`);
    await page.goto(`/${url}`);
    const cells = page.locator('.grid-6-6 .cell');
    await expect(cells).toHaveText(['বাম দিকের লেখা', 'ডান দিকের লেখা']);
    const [left, right] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(left && right && Math.abs(left.y - right.y) < 2 && right.x > left.x + left.width - 2).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/website-public-grid-1280.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    const [top, bottom] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(top && bottom && bottom.y >= top.y + top.height - 2).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/website-public-grid-360.png', fullPage: true });
  });
});

test('the site name changed in Settings is the public site’s name', async ({ page, request }) => {
  const siteName = `বৃত্তি পরীক্ষা বোর্ড ${uniqueSuffix()}`;
  await enterWithToken(page, await adminToken(request));
  await page.goto('/settings');
  await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
  const name = page.getByLabel('সাইটের নাম', { exact: true }).and(page.locator('textarea'));
  await name.fill(siteName);
  await page.getByRole('button', { name: bn.settings.save }).click();
  await expect(toast(page, messages.bn.updated).first()).toBeVisible();
  await page.goto('/site');
  await expect(page.getByRole('heading', { level: 1, name: siteName })).toBeVisible();
  await expect(page.locator('header .brand-name')).toHaveText(siteName);
});
