/**
 * What a head teacher and an admin trip over on a walk through every screen, each at the width where it
 * was seen: a save while a file is still uploading, lists wider than their area, scroll positions carried
 * between screens, stale toasts, selects that clear themselves, unsorted address lists.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addressOf, adminToken, apiToken, bn, enterWithToken, field, messages, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

const REGISTRATIONS = '/scholarship-registrations';
const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
const f = bn.registrations.fields;

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

const uploadField = (page: Page, label: string): Locator =>
  page.locator('[data-field]').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}( \\*)?$`) }) });

async function image(name: string) {
  const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 90, g: 40, b: 110 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Holds every upload until `release` is called, as a slow mobile network would. */
async function holdUploads(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/media/upload', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Screenshots of the current screen at both widths, phone last (the caller's width is restored). */
async function shots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/walk-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

async function fillStudent(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name: bn.reference.class['04'], exact: true }).check();
  await page.getByRole('radio', { name: bn.reference.gender.m, exact: true }).check();
  await field(page, f.class_roll).fill(String(Date.now() % 10_000));
  await field(page, f.name_bangla).fill('পরীক্ষার্থী');
  await field(page, f.name_english).fill(name);
  await field(page, f.father_name_english).fill('ABDUL KARIM');
  await field(page, f.mother_name_english).fill('RAHIMA BEGUM');
  await field(page, f.post_office).fill('সাভার');
  await field(page, f.contact_number).fill('01712345678');
  await page.getByRole('checkbox', { name: bn.registrations.declaration }).check();
}

test('a save while the photo is still uploading waits for it, says so, and stores the photo', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const institute = { ...newInstitute(), name: `আপলোড অপেক্ষা বিদ্যালয় ${uniqueSuffix()}` };
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  await enterWithToken(page, token);
  await page.goto(`${REGISTRATIONS}/create`);
  const name = `UPLOAD WAIT ${uniqueSuffix().toUpperCase()}`;
  await fillStudent(page, name);

  const release = await holdUploads(page);
  const photo = uploadField(page, f.photo);
  await photo.locator('input[type="file"]').setInputFiles(await image('student.png'));
  const save = page.getByRole('button', { name: bn.common.waitingForUpload });
  await expect(save).toBeDisabled();
  // Enter in a text field would submit the form: the waiting default button stops it.
  await field(page, f.post_office).press('Enter');
  await page.waitForTimeout(300);
  await save.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/walk-upload-waiting-360.png` });
  await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}/create$`));

  release();
  await expect(photo.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processingComplete);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored).first()).toBeVisible();

  const list = await request.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await list.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
  const record = await request.get(`/api/v1/scholarship-registrations/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await record.json()) as { data: { photo: string | null } }).data.photo).toMatch(/^uploads\/students\/[0-9a-f]{32}\.png$/);
});

test('a settings logo still uploading holds the save until it is stored', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await enterWithToken(page, await adminToken(request));
  await page.goto('/settings');
  await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
  const release = await holdUploads(page);
  const logo = uploadField(page, 'লোগো');
  await logo.locator('input[type="file"]').setInputFiles(await image('logo.png'));
  await expect(page.getByRole('button', { name: bn.common.waitingForUpload })).toBeDisabled();
  await shots(page, 'settings-upload-waiting');
  release();
  await expect(page.getByRole('button', { name: bn.settings.save })).toBeEnabled();
  const stored = await logo.locator('input[type="hidden"][name$=".value"]').inputValue();
  expect(stored).toMatch(/^uploads\/settings\/[0-9a-f]{32}\.png$/);
  await page.getByRole('button', { name: bn.settings.save }).click();
  await expect(toast(page, messages.bn.updated).first()).toBeVisible();
  await page.reload();
  await expect(uploadField(page, 'লোগো').locator('input[type="hidden"][name$=".value"]')).toHaveValue(stored);
});

/** Whether the list's table fits its area and every row's gear is on screen (no sideways scrolling). */
async function expectListFits(page: Page): Promise<void> {
  const area = page.getByTestId('list-table');
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  const fit = await area.evaluate((element) => {
    const table = element.querySelector('table')!;
    const box = element.getBoundingClientRect();
    const gears = [...element.querySelectorAll('[data-testid="row-actions"]')].map((gear) => gear.getBoundingClientRect());
    return { table: table.offsetWidth, area: element.clientWidth, right: box.right, gears: gears.map((gear) => gear.right) };
  });
  expect(fit.table, 'table width within its area').toBeLessThanOrEqual(fit.area + 1);
  for (const right of fit.gears) expect(right).toBeLessThanOrEqual(Math.min(fit.right, page.viewportSize()!.width));
}

test('the registrations and users lists fit their width at 1280 and 360 px, the gear in reach', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  await enterWithToken(page, token);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(REGISTRATIONS);
    await expectListFits(page);
    await page.screenshot({ path: `${SHOTS}/walk-registrations-list-${size.width}.png` });
    await page.goto('/user');
    await expectListFits(page);
    if (size === DESKTOP) {
      const headers = page.getByTestId('list-table').locator('th');
      await expect(headers.filter({ hasText: bn.fields.status })).toBeVisible();
      await expect(headers.filter({ hasText: bn.list.actions })).toBeVisible();
    }
    await page.screenshot({ path: `${SHOTS}/walk-users-list-${size.width}.png` });
  }
});

test('a saved registration opens the list at its top on a phone', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const institute = { ...newInstitute(), name: `স্ক্রল পরীক্ষা বিদ্যালয় ${uniqueSuffix()}` };
  await registerByApi(request, institute);
  await enterWithToken(page, await apiToken(request, institute.email, institute.password));
  await page.goto(`${REGISTRATIONS}/create`);
  await fillStudent(page, `SCROLL TOP ${uniqueSuffix().toUpperCase()}`);
  await page.getByRole('button', { name: bn.actions.save }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}$`));
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await shots(page, 'list-after-save');
});

test('a failed login says what is wrong, and its toast does not follow onto the dashboard', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const institute = newInstitute();
  await registerByApi(request, institute);
  await page.goto('/login');
  await field(page, bn.login.email).fill(institute.email);
  await field(page, bn.login.password).fill('wrong-password-1');
  await page.getByRole('button', { name: bn.login.submit }).click();
  await expect(toast(page, messages.bn.invalid_credentials)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/walk-login-wrong-360.png` });
  await field(page, bn.login.password).fill(institute.password);
  await page.getByRole('button', { name: bn.login.submit }).click();
  await expect(page.getByTestId('profile-card')).toBeVisible();
  await expect(toast(page, messages.bn.invalid_credentials)).toHaveCount(0);
});

test('a deactivated institute is told why: at login, and when its open session ends', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const login = await request.post('/api/auth/login', { data: { email: institute.email, password: institute.password } });
  const { token, user } = ((await login.json()) as { data: { token: string; user: { id: number } } }).data;
  await enterWithToken(page, token);
  const admin = await adminToken(request);
  const off = await request.post('/api/v1/users/soft-delete', { data: { id: user.id }, headers: { Authorization: `Bearer ${admin}` } });
  expect(off.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-ended')).toHaveText(messages.bn.account_inactive);
  // The reason outlives a reload of the login screen: the open page may have learnt it from any call first.
  await page.reload();
  await expect(page.getByTestId('session-ended')).toHaveText(messages.bn.account_inactive);
  await shots(page, 'login-session-ended');
  await field(page, bn.login.email).fill(institute.email);
  await field(page, bn.login.password).fill(institute.password);
  await page.getByRole('button', { name: bn.login.submit }).click();
  await expect(toast(page, messages.bn.account_inactive)).toBeVisible();
});

test('after logout and login, and after a deep link opened while logged out, the user lands where they meant to go', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const loginWith = async () => {
    await field(page, bn.login.email).fill(institute.email);
    await field(page, bn.login.password).fill(institute.password);
    await page.getByRole('button', { name: bn.login.submit }).click();
  };
  await page.goto('/scholarship-payments');
  await expect(page).toHaveURL(/\/login$/);
  await loginWith();
  await expect(page).toHaveURL(/\/scholarship-payments$/);
  await page.goto(REGISTRATIONS);
  await expect(page.getByRole('heading', { level: 2, name: bn.resources.registrations.list })).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: bn.nav.logout }).click();
  await page.getByRole('dialog', { name: bn.logout.title }).getByRole('button', { name: bn.logout.confirm }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginWith();
  await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}$`));
});

test('the address lists are in Bengali alphabetical order, searchable, and tapping the chosen option keeps it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  const fields = bn.register.fields;
  const pick = async (label: string, option: string) => {
    await field(page, label).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await pick(fields.division_id, 'সিলেট');
  await pick(fields.zilla_id, 'সিলেট');
  await field(page, fields.upozilla_id).click();
  const upazilas = await page.getByRole('option').allTextContents();
  expect(upazilas.length).toBeGreaterThan(5);
  expect(upazilas).toEqual([...upazilas].sort(new Intl.Collator('bn').compare));
  await page.screenshot({ path: `${SHOTS}/walk-address-order-360.png` });
  await page.keyboard.press('Escape');
  // Typing narrows the list.
  await field(page, fields.upozilla_id).fill('বিশ্বনাথ');
  await expect(page.getByRole('option')).toHaveText(['বিশ্বনাথ']);
  await page.getByRole('option', { name: 'বিশ্বনাথ' }).click();

  // Tapping the division already chosen keeps it, and keeps the district and upazila under it.
  await pick(fields.division_id, 'সিলেট');
  await expect(field(page, fields.division_id)).toHaveValue('সিলেট');
  await expect(field(page, fields.zilla_id)).toHaveValue('সিলেট');
  await expect(field(page, fields.upozilla_id)).toHaveValue('বিশ্বনাথ');
  await shots(page, 'register-address');
});

test('what a Bengali reader reads is Bengali: audit times and records, seeded roles, the upload widget’s sizes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const role = await request.post('/api/v1/user-roles/store', { data: { title: `পরীক্ষক ${uniqueSuffix()}` }, headers: { Authorization: `Bearer ${token}` } });
  expect(role.status()).toBe(200);
  await enterWithToken(page, token);
  const latin = /[A-Za-z0-9]/;

  await page.goto('/audit-logs');
  const first = page.getByTestId('list-row').first();
  await expect(first).toBeVisible();
  const headers = await page.getByTestId('list-table').locator('th').allTextContents();
  const cells = await first.locator('td').allTextContents();
  // Names are what people typed and ip addresses are copied; the time, the action and the record read in Bengali.
  for (const label of [bn.fields.audit_time, bn.fields.audit_action, bn.fields.audit_entity]) {
    expect(headers).toContain(label);
    expect(cells[headers.indexOf(label)], label).not.toMatch(latin);
  }
  await expect(page.getByTestId('pagination-summary')).not.toHaveText(latin);
  await shots(page, 'audit-log');

  await page.goto('/user/user-role');
  await expect(page.getByTestId('list-row').filter({ hasText: bn.role.admin })).toHaveCount(1);
  await expect(page.getByTestId('list-row').filter({ hasText: bn.role.institute })).toHaveCount(1);
  await shots(page, 'roles');

  await page.goto('/settings');
  await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
  const release = await holdUploads(page);
  const logo = uploadField(page, 'লোগো');
  await logo.locator('input[type="file"]').setInputFiles(await image('logo.png'));
  // The new file is the last item (a stored logo may still be leaving).
  await expect(logo.locator('.filepond--file-info-sub').last()).toHaveText(/[০-৯]/);
  await expect(logo.locator('.filepond--file-info-sub').last()).not.toHaveText(latin);
  await expect(logo.locator('.filepond--file-status-main').last()).not.toHaveText(latin);
  await logo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/walk-upload-digits-1280.png` });
  release();
  await expect(logo.locator('.filepond--file-status-main').last()).toHaveText(bn.upload.widget.processingComplete);
});

test('the logo given at registration shows in the header, on the profile card and in the admin’s user details', async ({ page, request }) => {
  const institute = { ...newInstitute(), name: `লোগো পরীক্ষা বিদ্যালয় ${uniqueSuffix()}` };
  // The logo is uploaded from the address the school then registers from, as the registration form does.
  const uploaded = await request.post('/api/v1/media/upload', {
    headers: { 'x-forwarded-for': addressOf(institute) },
    multipart: { file: await image('logo.png'), folder: 'logos', width: '200', height: '200' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const logo = ((await uploaded.json()) as { data: string }).data;
  await registerByApi(request, institute, { file: logo });
  await page.setViewportSize(PHONE);
  await enterWithToken(page, await apiToken(request, institute.email, institute.password));
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', `/${logo}`);
  await expect(page.getByTestId('identity-avatar').locator('img')).toHaveAttribute('src', `/${logo}`);
  await shots(page, 'dashboard-logo');

  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize(DESKTOP);
  await enterWithToken(page, await adminToken(request));
  await page.goto('/user');
  await page.getByTestId('list-row').filter({ hasText: institute.name }).getByTestId('row-actions').click();
  await page.getByRole('menuitem', { name: bn.list.details }).click();
  await expect(page.getByTestId('fact-logo')).toHaveAttribute('src', `/${logo}`);
  // The admin's own card names its id as a user's, not an institute's.
  await page.getByRole('navigation').getByRole('link', { name: bn.nav.dashboard }).click();
  await expect(page.getByTestId('profile-card')).toContainText(bn.profileCard.userId);
  await shots(page, 'admin-profile-card');
});

test('the site-name setting reaches the back office header, the browser title, the login screen and the printed sheet', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await enterWithToken(page, await adminToken(request));
  await page.goto('/settings');
  await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
  const nameField = page.getByLabel('সাইটের নাম', { exact: true }).and(page.locator('textarea'));
  const before = await nameField.inputValue();
  const siteName = `জেলা বৃত্তি ${uniqueSuffix()}`;
  const save = async (name: string) => {
    await nameField.fill(name);
    await page.getByRole('button', { name: bn.settings.save }).click();
    await expect(toast(page, messages.bn.updated).first()).toBeVisible();
  };
  await save(siteName);
  try {
    await expect(page.getByRole('banner')).toContainText(siteName);
    await expect(page).toHaveTitle(siteName);
    await page.goto(REGISTRATIONS);
    await page.getByTestId('list-row').first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: bn.list.details }).click();
    await expect(page.getByTestId('registration-sheet')).toContainText(siteName);

    const visitor = await browser.newPage();
    await visitor.setViewportSize(PHONE);
    await visitor.goto('/login');
    await expect(visitor.locator('header')).toContainText(siteName);
    await expect(visitor).toHaveTitle(siteName);
    await visitor.screenshot({ path: `${SHOTS}/walk-login-site-name-360.png` });
    await visitor.close();
  } finally {
    await page.goto('/settings');
    await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
    await save(before);
  }
});

test('the admin’s registration list says whose student each row is', async ({ page, request }) => {
  const institute = { ...newInstitute(), name: `কার ছাত্র বিদ্যালয় ${uniqueSuffix()}` };
  await registerByApi(request, institute);
  const student = `WHOSE ${uniqueSuffix().toUpperCase()}`;
  await storeByApi(request, await apiToken(request, institute.email, institute.password), 'scholarship-registrations', {
    class: '07',
    gender: 'm',
    class_roll: '9',
    department: 'p',
    name_bangla: 'পরীক্ষার্থী',
    name_english: student,
    father_name_english: 'ABDUL KARIM',
    mother_name_english: 'RAHIMA BEGUM',
    division_id: 6,
    zilla_id: 47,
    upozilla_id: 365,
    post_office: 'সাভার',
    contact_number: '01712345678',
  });
  await enterWithToken(page, await adminToken(request));
  await page.goto(`${REGISTRATIONS}?search=${encodeURIComponent(student)}`);
  await expect(page.getByTestId('list-table').locator('th').filter({ hasText: bn.fields.institute_name })).toBeVisible();
  await expect(page.getByTestId('list-row').filter({ hasText: student })).toContainText(institute.name);
  await expectListFits(page);
  await shots(page, 'admin-registrations-institute');
});

test('the admin narrows the registration list to one institute, found by name; the export follows', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const students = new Map<string, string>();
  for (const name of [`ছাঁকনি প্রথম বিদ্যালয় ${suffix}`, `ছাঁকনি দ্বিতীয় বিদ্যালয় ${suffix}`]) {
    const institute = { ...newInstitute(), name };
    await registerByApi(request, institute);
    const student = `FILTER ${students.size + 1} ${suffix.toUpperCase()}`;
    students.set(name, student);
    await storeByApi(request, await apiToken(request, institute.email, institute.password), 'scholarship-registrations', {
      class: '04',
      gender: 'f',
      class_roll: '5',
      department: 'p',
      name_english: student,
      father_name_english: 'ABDUL KARIM',
      mother_name_english: 'RAHIMA BEGUM',
      division_id: 6,
      zilla_id: 47,
      upozilla_id: 365,
      post_office: 'সাভার',
      contact_number: '01712345678',
    });
  }
  const [first, second] = [...students.keys()] as [string, string];
  await enterWithToken(page, await adminToken(request));
  await page.goto(`${REGISTRATIONS}?search=${encodeURIComponent(`FILTER`)}`);
  const rows = page.getByTestId('list-row');
  await expect(rows.filter({ hasText: students.get(first)! })).toHaveCount(1);
  await expect(rows.filter({ hasText: students.get(second)! })).toHaveCount(1);

  // Searched by a part of its name, as an admin remembers it.
  const filter = page.getByTestId('institute-filter').getByRole('textbox', { name: bn.list.instituteFilter });
  await filter.fill(`দ্বিতীয় বিদ্যালয় ${suffix}`);
  await page.getByRole('option', { name: second }).click();
  await expect(page).toHaveURL(/institute_id=\d+/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(students.get(second)!);
  await expectListFits(page);
  await shots(page, 'admin-registrations-institute-filter');

  // A reload keeps the choice, named.
  await page.reload();
  await expect(filter).toHaveValue(second);
  await expect(rows).toHaveCount(1);

  // The export asks for the same institute, and the file holds its student alone.
  await page.getByTestId('export-button').click();
  const dialog = page.getByRole('dialog', { name: bn.exportData.title });
  await dialog.getByLabel(bn.exportData.inputLabel).fill('export all');
  const download = page.waitForEvent('download');
  // The conditions also ride in the address (spec §7), so the path alone is matched.
  const sent = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/v1/export-data');
  await dialog.getByRole('button', { name: bn.exportData.confirm }).click();
  expect((await sent).postDataJSON()).toMatchObject({ conditions: { institute_id: expect.stringMatching(/^\d+$/) } });
  const csv = (await readFile(await (await download).path())).toString('utf8');
  expect(csv).toContain(students.get(second)!);
  expect(csv).not.toContain(students.get(first)!);

  // Cleared: every institute again.
  await page.getByTestId('institute-filter').getByRole('button', { name: bn.remoteSelect.clear }).click();
  await expect(page).not.toHaveURL(/institute_id=/);
  await expect(rows.filter({ hasText: students.get(first)! })).toHaveCount(1);
});

test('cosmetics: the English title is whole at 360 px, the audit log has no status switch, a stored logo is not named by its hash', async ({
  page,
  request,
}) => {
  await enterWithToken(page, await adminToken(request));
  await page.goto('/audit-logs');
  await expect(page.getByTestId('list-table')).toBeVisible();
  await expect(page.getByTestId('status-filter')).toHaveCount(0);

  await page.goto('/settings');
  await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
  await uploadField(page, 'লোগো')
    .locator('input[type="file"]')
    .setInputFiles(await image('logo.png'));
  await expect(uploadField(page, 'লোগো').locator('.filepond--file-status-main').last()).toHaveText(bn.upload.widget.processingComplete, { timeout: 30_000 });
  await page.getByRole('button', { name: bn.settings.save }).click();
  await expect(toast(page, messages.bn.updated).first()).toBeVisible();
  await page.reload();
  const names = uploadField(page, 'লোগো').locator('.filepond--file-info-main');
  await expect(names.first()).toBeVisible();
  for (const name of await names.allTextContents()) expect(name).not.toMatch(/[0-9a-f]{32}/);

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'English' }).click();
  const title = page.getByRole('banner').getByRole('link').first();
  await expect(page.getByRole('button', { name: 'বাংলা' })).toBeVisible();
  const cut = await title.evaluate((element) => element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
  expect(cut).toBe(false);
  await page.screenshot({ path: `${SHOTS}/walk-english-title-360.png` });
  await page.getByRole('button', { name: 'বাংলা' }).click();
});
