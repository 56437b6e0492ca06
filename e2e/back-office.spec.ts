/**
 * Journeys of the back office (spec §2 Users, Profile, Website management, Shared list behaviours;
 * §7 Export): a category from creation to destruction, a menu and its sub menu, the CSV and Excel exports, the
 * pagination, an institute's profile and password, and who may open the users module.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  adminToken,
  apiToken,
  bengaliDigits,
  bn,
  choose,
  enterWithToken,
  errorUnder,
  field,
  fillUserForm,
  login,
  logout,
  messages,
  newInstitute,
  registerByApi,
  storeByApi,
  uniqueSuffix,
} from './helpers.js';

const NEWS = '/web-pages-management/news-categories';

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });
const rows = (page: Page) => page.getByTestId('list-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const search = (page: Page) => page.getByRole('searchbox', { name: bn.list.searchLabel });

/** Types into the search box and waits for the list the debounced query brings. */
async function searchFor(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/') && new URL(response.url()).searchParams.get('search') === text);
  await search(page).fill('');
  await search(page).pressSequentially(text);
  await answered;
}

/** Opens a row's gear menu and picks an action; for a change, confirms the modal that asks. */
async function rowAction(page: Page, target: Locator, name: string, title: string, action: string, confirm?: { title: string; button: string }) {
  await target.getByRole('button', { name: bn.list.actionsFor.replace('{{name}}', name) }).click();
  await page.getByRole('menuitem', { name: action }).click();
  if (confirm) {
    const dialog = page.getByRole('dialog', { name: confirm.title });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: confirm.button }).click();
  }
}

/** Logs in and waits for the dashboard, so the next navigation happens inside the session. */
async function loginAndWait(page: Page, identifier: string, password: string): Promise<void> {
  await login(page, identifier, password);
  await expect(page.getByTestId('profile-card')).toBeVisible();
}

async function showStatus(page: Page, label: string): Promise<void> {
  await page.getByTestId('status-filter').getByText(label, { exact: true }).click();
}

test('an admin creates, finds, edits, deactivates, restores and destroys a news category', async ({ page, request }) => {
  const title = `জাতীয় সংবাদ ${uniqueSuffix()}`;
  const renamed = `${title} (হালনাগাদ)`;
  const texts = bn.resources.newsCategories;
  await enterWithToken(page, await adminToken(request));
  await page.getByRole('navigation', { name: bn.nav.label }).getByText(bn.nav.website, { exact: true }).click();
  await page.getByRole('link', { name: bn.nav.newsCategories }).click();
  await expect(page).toHaveURL(new RegExp(`${NEWS}$`));
  await expect(page.getByRole('heading', { level: 2, name: texts.list, exact: true })).toBeVisible();
  const moduleMenu = page.getByTestId('module-menu');
  await expect(moduleMenu.getByRole('link', { name: texts.list })).toHaveAttribute('aria-current', 'page');
  await expect(search(page)).toHaveAttribute('placeholder', bn.list.searchPlaceholder);

  // Create: the required title is checked before anything is sent.
  await page.getByTestId('add-new').click();
  await expect(page).toHaveURL(new RegExp(`${NEWS}/create$`));
  await expect(page.getByRole('group', { name: texts.info })).toBeVisible();
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(await errorUnder(field(page, bn.fields.category_title))).toHaveText(messages.bn.required);
  await field(page, bn.fields.category_title).fill(title);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${NEWS}$`));
  await expect(rows(page).first()).toContainText(title);

  // Search queries the server and leaves only the match.
  await searchFor(page, title);
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/search=/);

  // Double-click opens the details: ID and title, with Edit and Back.
  await row(page, title).getByText(title).dblclick();
  await expect(page).toHaveURL(new RegExp(`${NEWS}/\\d+$`));
  const id = Number(/\/(\d+)$/.exec(page.url())?.[1]);
  const details = page.getByTestId('details-table');
  await expect(details.getByRole('row', { name: bn.fields.id })).toContainText(bengaliDigits(id));
  await expect(details.getByRole('row', { name: bn.fields.title })).toContainText(title);

  // Edit: the update leads back to the details with the server's message.
  await page.getByRole('link', { name: bn.actions.edit }).click();
  await expect(page).toHaveURL(new RegExp(`${NEWS}/edit/${id}$`));
  await expect(field(page, bn.fields.category_title)).toHaveValue(title);
  await field(page, bn.fields.category_title).fill(renamed);
  await page.getByRole('button', { name: bn.actions.update }).click();
  await expect(toast(page, messages.bn.updated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${NEWS}/${id}$`));
  await expect(details.getByRole('row', { name: bn.fields.title })).toContainText(renamed);
  await page.getByRole('link', { name: bn.actions.back }).click();
  await expect(page).toHaveURL(new RegExp(`${NEWS}$`));

  // Deactive asks first, then the list reloads without it.
  await searchFor(page, renamed);
  await rowAction(page, row(page, renamed), renamed, renamed, bn.list.deactivate, { title: bn.confirm.deactivateTitle, button: bn.confirm.deactivateConfirm });
  await expect(toast(page, messages.bn.deactivated)).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);

  // The deactivated list has it, with Restore instead of Deactive.
  await showStatus(page, bn.list.deactivated);
  await expect(row(page, renamed)).toHaveCount(1);
  await expect(row(page, renamed)).toContainText(bn.list.deactivated);
  await rowAction(page, row(page, renamed), renamed, renamed, bn.list.restore, { title: bn.confirm.restoreTitle, button: bn.confirm.restoreConfirm });
  await expect(toast(page, messages.bn.restored)).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);
  await showStatus(page, bn.list.active);
  await expect(row(page, renamed)).toHaveCount(1);

  // Destroy: gone from both lists.
  await rowAction(page, row(page, renamed), renamed, renamed, bn.list.destroy, { title: bn.confirm.destroyTitle, button: bn.confirm.destroyConfirm });
  await expect(toast(page, messages.bn.destroyed)).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);
  await showStatus(page, bn.list.deactivated);
  await expect(page.getByText(bn.list.emptySearch.replace('{{search}}', renamed))).toBeVisible();
  await page.goto(`${NEWS}/${id}`);
  await expect(page.getByTestId('record-missing')).toContainText(bn.screen.notFound);
});

test('an admin creates a menu and a sub menu of it; the sub menu list shows the menu', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const menu = `আমাদের সম্পর্কে ${suffix}`;
  const subMenu = `ইতিহাস ${suffix}`;
  await enterWithToken(page, await adminToken(request));

  await page.goto('/web-pages-management/web-page-menu/create');
  await expect(page.getByRole('group', { name: bn.resources.webPageMenu.info })).toBeVisible();
  await field(page, bn.fields.title).fill(menu);
  await field(page, bn.fields.content_url).fill(`/about-${suffix}`);
  await field(page, bn.fields.position).fill('৩');
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored)).toBeVisible();
  await expect(page).toHaveURL(/\/web-page-menu$/);
  await expect(row(page, menu)).toContainText(`/about-${suffix}`);
  await expect(row(page, menu)).toContainText('৩');

  await page.goto('/web-pages-management/web-page-sub-menu');
  await page.getByTestId('module-menu').getByRole('link', { name: bn.resources.webPageSubMenu.create }).click();
  await expect(page).toHaveURL(/\/web-page-sub-menu\/create$/);
  // The menu select loads the menus 500 at a time (spec §7).
  const menusLoaded = page.waitForResponse(
    (response) => response.url().includes('/api/v1/web-page-menu?') && new URL(response.url()).searchParams.get('paginate') === '500',
  );
  await page.reload();
  await menusLoaded;
  await choose(page, bn.fields.web_page_menu_id, menu);
  await field(page, bn.fields.title).fill(subMenu);
  await field(page, bn.fields.content_url).fill(`/about-${suffix}/history`);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored)).toBeVisible();
  await expect(page).toHaveURL(/\/web-page-sub-menu$/);
  await expect(row(page, subMenu)).toContainText(menu);
});

test('the categories list exports a CSV that starts with the BOM and keeps Bengali intact', async ({ page, request }) => {
  const title = `বিজ্ঞান ও প্রযুক্তি ${uniqueSuffix()}`;
  await storeByApi(request, await adminToken(request), 'blog-categories', { title });
  await enterWithToken(page, await adminToken(request));
  await page.goto('/web-pages-management/blog-categories');
  await expect(row(page, title)).toHaveCount(1);

  await page.getByTestId('export-button').click();
  const dialog = page.getByRole('dialog', { name: bn.exportData.title });
  await expect(dialog).toContainText('export all');
  const confirm = dialog.getByRole('button', { name: bn.exportData.confirm });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(bn.exportData.inputLabel).fill('export');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(bn.exportData.inputLabel).fill('export all');
  const download = page.waitForEvent('download');
  const request_ = page.waitForRequest((sent) => sent.url().endsWith('/api/v1/export-data'));
  await confirm.click();

  const sent = (await request_).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ model: 'blog-categories', export_title: 'blog-category-list', status: 1 });
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^blog-category-list-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain(title);
  await expect(page.getByTestId('export-button')).toHaveText(bn.list.export);
});

test('an admin exports the registration list as Excel: Bengali headers and labels, the reg no as text, the time a date', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const id = await storeByApi(request, token, 'scholarship-registrations', {
    class: '04',
    gender: 'f',
    class_roll: '12',
    name_english: 'SADIA AFRIN',
    name_bangla: 'সাদিয়া আফরিন',
    father_name_english: 'MD. ABDUL KARIM',
    mother_name_english: 'MST. RAHIMA BEGUM',
    post_office: 'সাভার',
    contact_number: '01712345678',
    division_id: '6',
    zilla_id: '47',
    upozilla_id: '365',
  });
  await enterWithToken(page, await adminToken(request));
  await page.goto('/scholarship-registrations');
  await expect(page.getByTestId('list-row').first()).toBeVisible();

  await page.getByTestId('export-format').getByText(bn.exportData.formats.xlsx).click();
  await page.getByTestId('export-button').click();
  const dialog = page.getByRole('dialog', { name: bn.exportData.title });
  await expect(dialog).toContainText(bn.exportData.body.replace('{{format}}', bn.exportData.formats.xlsx));
  await dialog.getByLabel(bn.exportData.inputLabel).fill('export all');
  const download = page.waitForEvent('download');
  const request_ = page.waitForRequest((sent) => sent.url().endsWith('/api/v1/export-data'));
  await dialog.getByRole('button', { name: bn.exportData.confirm }).click();

  expect((await request_).postDataJSON()).toMatchObject({ model: 'scholarship-registrations', format: 'xlsx' });
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^registration-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const cell = (row: ExcelJS.Row, column: string) => row.getCell(header.indexOf(column) + 1);
  let mine: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (cell(row, 'আইডি').value === id) mine = row;
  });
  expect(mine).toBeDefined();
  expect(cell(mine!, 'শিক্ষার্থীর নাম (বাংলায়)').value).toBe('সাদিয়া আফরিন');
  expect(cell(mine!, 'নিবন্ধন নম্বর').type).toBe(ExcelJS.ValueType.String);
  expect(cell(mine!, 'নিবন্ধন নম্বর').value).toMatch(/^\d{13}$/);
  expect(cell(mine!, 'অভিভাবকের মোবাইল নম্বর').value).toBe('01712345678');
  expect(cell(mine!, 'শ্রেণি').value).toBe('চতুর্থ শ্রেণি');
  expect(cell(mine!, 'লিঙ্গ').value).toBe('মেয়ে');
  expect(cell(mine!, 'তৈরির সময়').value).toBeInstanceOf(Date);
  await expect(page.getByTestId('export-button')).toHaveText(bn.list.export);
});

test('a long list pages through the server’s links and changes its page size', async ({ page, request }) => {
  const token = await adminToken(request);
  const prefix = `নোটিশ ${uniqueSuffix()}`;
  const ids: number[] = [];
  for (let n = 1; n <= 25; n += 1) ids.push(await storeByApi(request, token, 'notice-categories', { title: `${prefix} ${n}` }));
  await enterWithToken(page, await adminToken(request));
  await page.goto('/web-pages-management/notice-categories');
  await searchFor(page, prefix);
  const pagination = page.getByTestId('pagination');
  await expect(pagination.getByTestId('pagination-summary')).toHaveText(
    bn.pagination.showing.replace('{{total}}', '২৫').replace('{{from}}', '১').replace('{{to}}', '১০'),
  );
  await expect(pagination.getByRole('button', { name: bn.pagination.page.replace('{{page}}', '১') })).toHaveAttribute('aria-current', 'page');
  const listRequest = (pageNumber: string) =>
    page.waitForRequest((sent) => sent.url().includes('/api/v1/notice-categories?') && new URL(sent.url()).searchParams.get('page') === pageNumber);

  // Next follows the server's link as given: page 2 as a keyset after page 1's last row (newest first, title 16).
  const second = listRequest('2');
  await pagination.getByRole('button', { name: bn.pagination.nextPage }).click();
  const sent = new URL((await second).url()).searchParams;
  expect(sent.get('after_id')).toBe(String(ids[15]));
  expect(sent.get('search')).toBe(prefix);
  await expect(pagination.getByTestId('pagination-summary')).toHaveText(
    bn.pagination.showing.replace('{{total}}', '২৫').replace('{{from}}', '১১').replace('{{to}}', '২০'),
  );
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText(`${prefix} 15`);
  await expect(rows(page).last()).toContainText(`${prefix} 6`);
  await expect(page).toHaveURL(new RegExp(`after_id=${ids[15]}`));

  // A numbered link carries no keyset, so none is sent.
  const third = listRequest('3');
  await pagination.getByRole('button', { name: bn.pagination.page.replace('{{page}}', '৩') }).click();
  expect(new URL((await third).url()).searchParams.has('after_id')).toBe(false);
  await expect(page).not.toHaveURL(/after_id=/);
  await expect(pagination.getByTestId('pagination-summary')).toHaveText(
    bn.pagination.showing.replace('{{total}}', '২৫').replace('{{from}}', '২১').replace('{{to}}', '২৫'),
  );
  await expect(rows(page)).toHaveCount(5);
  await expect(pagination.getByRole('button', { name: bn.pagination.nextPage })).toBeDisabled();
  // Previous is a plain page number too.
  const previous = listRequest('2');
  await pagination.getByRole('button', { name: bn.pagination.previousPage }).click();
  expect(new URL((await previous).url()).searchParams.has('after_id')).toBe(false);
  await expect(page).toHaveURL(/page=2/);
  await pagination.getByLabel(bn.pagination.perPage).selectOption('50');
  await expect(rows(page)).toHaveCount(25);
  await expect(page).not.toHaveURL(/page=/);
});

test.describe.serial('an institute', () => {
  const institute = newInstitute();
  const newPassword = 'new-school-pass-2';

  test('updates its profile and sees it on the profile view', async ({ page, request }) => {
    await registerByApi(request, institute);
    await loginAndWait(page, institute.email, institute.password);
    await page.getByRole('navigation', { name: bn.nav.label }).getByRole('link', { name: bn.nav.profile, exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const view = page.getByTestId('profile-view');
    await expect(view).toContainText(institute.name);
    await expect(page.getByTestId('print-button')).toBeVisible();

    await page.getByTestId('module-menu').getByRole('link', { name: bn.profile.menu.updateInfo }).click();
    await expect(page).toHaveURL(/\/profile\/update-info$/);
    await expect(field(page, bn.register.fields.name)).toHaveValue(institute.name);
    // Spec §5: type, level, management and the English head's name are required here.
    await page.getByRole('button', { name: bn.actions.update }).click();
    await expect(await errorUnder(field(page, bn.register.fields.institute_type))).toHaveText(messages.bn.required);
    await choose(page, bn.register.fields.institute_type, bn.institute.type.madrasah);
    await choose(page, bn.register.fields.institute_level, bn.institute.level['play-10th']);
    await choose(page, bn.register.fields.institute_management_type, bn.institute.management.government);
    await field(page, bn.register.fields.contact_person_name_english).fill('MD KARIM UDDIN');
    await field(page, bn.register.fields.institute_total_student).fill('৪৫০');
    await page.getByRole('button', { name: bn.actions.update }).click();
    await expect(toast(page, messages.bn.profile_updated)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(view).toContainText('MD KARIM UDDIN');
    await expect(view).toContainText(bn.institute.type.madrasah);
    await expect(view).toContainText(bn.institute.management.government);
    await expect(view).toContainText('৪৫০');
  });

  test('changes its password, stays logged in, and logs in with the new one', async ({ page }) => {
    await loginAndWait(page, institute.email, institute.password);
    await page.goto('/profile/update-password');
    await field(page, bn.profile.fields.old_password).fill('not-my-password');
    await field(page, bn.profile.fields.password).fill(newPassword);
    await field(page, bn.profile.fields.password_confirmation).fill(newPassword);
    await page.getByRole('button', { name: bn.profile.changePassword }).click();
    await expect(await errorUnder(field(page, bn.profile.fields.old_password))).toHaveText(messages.bn.old_password_wrong);

    await field(page, bn.profile.fields.old_password).fill(institute.password);
    await page.getByRole('button', { name: bn.profile.changePassword }).click();
    await expect(toast(page, messages.bn.password_changed)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    // This session stays: the next screen still loads.
    await page.reload();
    await expect(page.getByTestId('profile-view')).toContainText(institute.name);
    await logout(page, 'navigation');

    await login(page, institute.email, institute.password);
    await expect(await errorUnder(field(page, bn.login.email))).toHaveText(messages.bn.invalid_credentials);
    await login(page, institute.email, newPassword);
    // The login resumes where this account last was.
    await expect(page.getByTestId('profile-view')).toContainText(institute.name);
  });

  test('opening the users module is sent to the Dashboard', async ({ page }) => {
    await loginAndWait(page, institute.email, newPassword);
    for (const path of ['/user', '/user/create', '/user/user-role']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('profile-card')).toBeVisible();
    }
  });
});

test('an admin creates an institute account; the server’s 422 lands under its field; details print', async ({ page, request }) => {
  const existing = newInstitute();
  await registerByApi(request, existing);
  const institute = newInstitute();
  await enterWithToken(page, await adminToken(request));
  await page.getByRole('navigation', { name: bn.nav.label }).getByRole('link', { name: bn.nav.users }).click();
  await expect(page.getByRole('heading', { level: 2, name: bn.resources.users.list, exact: true })).toBeVisible();
  await page.getByTestId('module-menu').getByRole('link', { name: bn.resources.users.create }).click();
  await expect(page).toHaveURL(/\/user\/create$/);

  const f = bn.register.fields;
  await fillUserForm(page, institute, { level: 'play-5th', management: 'private' }, { phone: institute.phone, email: existing.email });
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(await errorUnder(field(page, f.email))).toHaveText(messages.bn.email_taken);
  await expect(field(page, f.email)).toBeFocused();

  await field(page, f.email).fill(institute.email);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored)).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  await searchFor(page, institute.email);
  // The list may leave the email column out for its width (column priorities): the name opens the row.
  await row(page, institute.name).getByText(institute.name).dblclick();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  await expect(page.getByTestId('details-table')).toContainText(institute.nameEnglish);
  await expect(page.getByTestId('print-button')).toBeVisible();

  // Editing does not ask for the password again.
  await page.getByRole('link', { name: bn.actions.edit }).click();
  await field(page, f.contact_person).fill('মোছাঃ রহিমা খাতুন');
  await page.getByRole('button', { name: bn.actions.update }).click();
  await expect(toast(page, messages.bn.updated)).toBeVisible();
  await expect(page.getByTestId('details-table')).toContainText('মোছাঃ রহিমা খাতুন');
});
