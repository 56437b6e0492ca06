/**
 * Settings and the upload field (spec §2 Settings and "Upload field", §5 file upload, §8 upload
 * errors): an admin edits the site name, the bKash number and the logo; a 6 MB file is refused
 * before it is sent; an institute's student photo reaches the printed sheet.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  adminToken,
  apiToken,
  bn,
  choose,
  en,
  enterWithToken,
  field,
  fillRegistration,
  messages,
  newInstitute,
  registerByApi,
  uniqueSuffix,
} from './helpers.js';

const SETTINGS = '/settings';
const REGISTRATIONS = '/scholarship-registrations';
const SHOTS = 'test-results/screenshots';

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });
const moduleMenu = (page: Page) => page.getByTestId('module-menu');

/** The upload field labelled `label`: its wrapper (label, widget, preview, error). */
const uploadField = (page: Page, label: string): Locator =>
  page.locator('[data-field]').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}( \\*)?$`) }) });

/** A real image of the given size, as a file for an input. */
async function image(name: string, width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** FilePond animates its items into a new width; screenshots wait for them to come to rest. */
const settle = (page: Page) => page.waitForTimeout(800);

/** The textarea labelled `label` (settings' text values). */
const textarea = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator('textarea'));

/** Gives the field a file through FilePond's own file input (the browse button's). */
async function upload(wrapper: Locator, file: Awaited<ReturnType<typeof image>>): Promise<void> {
  await wrapper.locator('input[type="file"]').setInputFiles(file);
}

test('the admin edits settings: site name, bKash number and logo; a 6 MB file is refused before upload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/media/upload')) uploads.push(req.url());
  });
  await enterWithToken(page, await adminToken(request));

  await test.step('the overview lists the groups with their sub groups, also in the left menu', async () => {
    await page.goto(SETTINGS);
    const overview = page.getByTestId('settings-overview');
    await expect(overview.getByRole('heading', { name: 'সাইট' })).toBeVisible();
    await expect(overview.getByRole('link', { name: 'পরিচিতি' })).toBeVisible();
    await expect(overview.getByRole('link', { name: 'নিবন্ধন ফি ও হিসাব' })).toBeVisible();
    await expect(moduleMenu(page).getByRole('link', { name: 'যোগাযোগ' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-overview-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/settings-overview-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  const siteName = `বৃত্তি পরীক্ষা ${uniqueSuffix()}`;
  await test.step('the site name and the logo are saved, and are there after a reload', async () => {
    await page.getByTestId('settings-overview').getByRole('link', { name: 'পরিচিতি' }).click();
    await expect(page).toHaveURL(/\/settings\/update\/\d+\/\d+$/);
    const name = textarea(page, 'সাইটের নাম');
    await expect(name).toHaveValue(/\S/);
    await name.fill(siteName);

    const logo = uploadField(page, 'লোগো');
    await expect(logo.locator('.filepond--root')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-idle-1280.png`, fullPage: true });
    await upload(logo, await image('logo.png', 640, 480));
    // FilePond shows progress for at least 750 ms, so the uploading state is seen.
    await expect(logo.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processing);
    await page.screenshot({ path: `${SHOTS}/upload-processing-1280.png`, fullPage: true });
    await expect(logo.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processingComplete);
    await expect(logo.locator('.filepond--file-status-sub')).toHaveText(bn.upload.widget.tapToUndo);
    await expect(logo.locator('.filepond--image-preview')).toBeVisible();
    const preview = logo.locator('img');
    await expect(preview).toHaveAttribute('src', /^\/uploads\/settings\/[0-9a-f]{32}\.png$/);
    // The form's value: the stored path without a leading slash.
    await expect(logo.locator('input[type="hidden"][name$=".value"]')).toHaveValue(/^uploads\/settings\/[0-9a-f]{32}\.png$/);
    await page.screenshot({ path: `${SHOTS}/upload-complete-1280.png`, fullPage: true });

    await page.getByRole('button', { name: bn.settings.save }).click();
    await expect(toast(page, messages.bn.updated).first()).toBeVisible();
    const stored = await preview.getAttribute('src');

    await page.reload();
    await expect(textarea(page, 'সাইটের নাম')).toHaveValue(siteName);
    const reloaded = uploadField(page, 'লোগো');
    await expect(reloaded.locator('img')).toHaveAttribute('src', stored!);
    // The stored logo is back in the widget (fetched for its preview) and still the form's value.
    await expect(reloaded.locator('.filepond--item')).toHaveCount(1);
    await expect(reloaded.locator('.filepond--image-preview')).toBeVisible();
    await expect(reloaded.locator('input[type="hidden"][name$=".value"]')).toHaveValue(stored!.slice(1));
    // The stored image is what the server made of it: fitted inside 200×200.
    const served = await request.get(stored!);
    expect(served.status()).toBe(200);
    const meta = await sharp(await served.body()).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(200);
    await page.screenshot({ path: `${SHOTS}/settings-form-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/settings-form-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('a 6 MB file shows the size message and a toast, and is never sent', async () => {
    const before = uploads.length;
    const favicon = uploadField(page, 'ফেভিকন');
    await upload(favicon, { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6_000_000, 1) });
    await expect(favicon.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.tooBig);
    await expect(toast(page, bn.upload.tooBigToast).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-too-big-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await settle(page);
    await favicon.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/upload-too-big-360.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(500);
    expect(uploads.length).toBe(before);
  });

  await test.step('a wrong bKash number is refused under its field; a right one is saved', async () => {
    await moduleMenu(page).getByRole('link', { name: 'নিবন্ধন ফি ও হিসাব' }).click();
    const bkash = textarea(page, 'বিকাশ নম্বর (পার্সোনাল)');
    await bkash.fill('12345');
    await page.getByRole('button', { name: bn.settings.save }).click();
    await expect(page.getByText(messages.bn.invalid_mobile)).toBeVisible();
    await bkash.fill('01812345678');
    await page.getByRole('button', { name: bn.settings.save }).click();
    await expect(toast(page, messages.bn.updated).first()).toBeVisible();
    await page.reload();
    await expect(textarea(page, 'বিকাশ নম্বর (পার্সোনাল)')).toHaveValue('01812345678');
  });
});

test('an institute adds a student with a photo; the photo is on the printed sheet', async ({ page, request }) => {
  test.setTimeout(90_000);
  const institute = { ...newInstitute(), name: `ছবি পরীক্ষা বিদ্যালয় ${uniqueSuffix()}` };
  await registerByApi(request, institute);
  await enterWithToken(page, await apiToken(request, institute.email, institute.password));
  await page.goto(`${REGISTRATIONS}/create`);

  const f = bn.registrations.fields;
  await page.getByRole('radio', { name: bn.reference.class['04'], exact: true }).check();
  await page.getByRole('radio', { name: bn.reference.gender.m, exact: true }).check();
  await field(page, f.class_roll).fill('7');
  await field(page, f.name_bangla).fill('পরীক্ষার্থী');
  await field(page, f.name_english).fill('PHOTO STUDENT');
  await field(page, f.father_name_english).fill('ABDUL KARIM');
  await field(page, f.mother_name_english).fill('RAHIMA BEGUM');
  await field(page, f.post_office).fill('সাভার');
  await field(page, f.contact_number).fill('01712345678');

  const photo = uploadField(page, f.photo);
  await upload(photo, await image('student.png', 600, 800));
  await expect(photo.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processingComplete);
  await expect(photo.locator('img')).toHaveAttribute('src', /^\/uploads\/students\/[0-9a-f]{32}\.png$/);
  const stored = await photo.locator('img').getAttribute('src');
  await page.setViewportSize({ width: 360, height: 740 });
  await settle(page);
  await photo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/upload-student-photo-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('checkbox', { name: bn.registrations.declaration }).check();
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored).first()).toBeVisible();
  await page.getByTestId('list-row').filter({ hasText: 'PHOTO STUDENT' }).getByText('PHOTO STUDENT').dblclick();
  const sheet = page.getByTestId('registration-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('img', { name: bn.registrations.sheet.photo })).toHaveAttribute('src', stored!);
  await expect(page.getByTestId('photo-placeholder')).toHaveCount(0);
});

test('the register form uploads the logo without an account; undo deletes it; the logo is stored with the institute', async ({ page, request }) => {
  test.setTimeout(90_000);
  const institute = newInstitute();
  await page.goto('/register');
  await fillRegistration(page, institute);

  const logo = uploadField(page, bn.register.fields.file);
  const value = logo.locator('input[type="hidden"][name="file"]');
  await upload(logo, await image('logo.png', 500, 500));
  await expect(logo.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processingComplete, { timeout: 30_000 });
  await expect(value).toHaveValue(/^uploads\/logos\/[0-9a-f]{32}\.png$/);
  const first = await value.inputValue();

  // Undo ('tap to undo'; FilePond labels the button of an instant upload 'Remove'): the file is deleted
  // on the server and the value is empty again.
  await expect(logo.locator('.filepond--file-status-sub')).toHaveText(bn.upload.widget.tapToUndo);
  const deleted = page.waitForResponse((response) => response.url().endsWith('/api/v1/media/delete'));
  await logo.locator('.filepond--action-revert-item-processing').click();
  expect((await deleted).status()).toBe(200);
  await expect(value).toHaveValue('');
  expect((await request.get(`/${first}`)).status()).toBe(404);

  await expect(logo.locator('.filepond--item')).toHaveCount(0);
  await upload(logo, await image('logo.png', 500, 500));
  // The server re-encodes every image; on a busy machine that takes a while.
  await expect(logo.locator('.filepond--file-status-main')).toHaveText(bn.upload.widget.processingComplete, { timeout: 30_000 });
  await expect(value).toHaveValue(/^uploads\/logos\/[0-9a-f]{32}\.png$/);
  const stored = await value.inputValue();
  await page.setViewportSize({ width: 360, height: 740 });
  await settle(page);
  await logo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/upload-register-logo-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: bn.register.submit }).click();
  await expect(page).toHaveURL(/\/login$/);
  const token = await apiToken(request, institute.email, institute.password);
  const me = await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await me.json()) as { data: { user: { file: string | null } } }).data.user.file).toBe(stored);
});

test('outside the back office, in English, the widget speaks English and refuses a wrong type', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: `${bn.language.label}: ${bn.language.en}` }).click();
  const logo = uploadField(page, en.register.fields.file);
  await expect(logo.locator('.filepond--drop-label')).toHaveText(en.upload.widget.idle.replace(/<[^>]+>/g, ''));
  await upload(logo, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(logo.locator('.filepond--file-status-main')).toHaveText(en.upload.widget.invalidType);
  await expect(logo.locator('.filepond--file-status-sub')).toHaveText('Expects image');
});

test('a file dressed as an image is refused by the server: the reason under the field, retry in the widget', async ({ page }) => {
  await page.goto('/register');
  const logo = uploadField(page, bn.register.fields.file);
  await upload(logo, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  // The widget says it failed; the server's reason stands under the field like any field's error.
  await expect(logo.locator('.filepond--file-status-main')).toHaveText(bn.upload.uploadFailed, { timeout: 30_000 });
  await expect(logo.locator('.filepond--file-status-sub')).toHaveText(bn.upload.widget.tapToRetry);
  await expect(logo.locator('.mantine-InputWrapper-error')).toHaveText(messages.bn.upload_type_invalid);
  await expect(logo.locator('input[type="hidden"][name="file"]')).toHaveValue('');

  // Retry sends it again (and it is refused again); removing the file clears the message.
  const retried = page.waitForResponse((response) => response.url().endsWith('/api/v1/media/upload'));
  await logo.locator('.filepond--action-retry-item-processing').click();
  expect((await retried).status()).toBe(422);
  await expect(logo.locator('.filepond--file-status-main')).toHaveText(bn.upload.uploadFailed);
  await page.setViewportSize({ width: 360, height: 740 });
  await logo.scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/upload-refused-360.png` });
  await logo.locator('.filepond--action-remove-item').click();
  await expect(logo.locator('.mantine-InputWrapper-error')).toHaveCount(0);
  await expect(logo.locator('.filepond--item')).toHaveCount(0);
});

test('an institute sets its photo and logo on the profile update; both are stored with the account', async ({ page, request }) => {
  test.setTimeout(90_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  await enterWithToken(page, token);
  await page.goto('/profile/update-info');
  await choose(page, bn.register.fields.institute_type, bn.institute.type.school);
  await choose(page, bn.register.fields.institute_level, bn.institute.level['play-10th']);
  await choose(page, bn.register.fields.institute_management_type, bn.institute.management.government);
  await field(page, bn.register.fields.contact_person_name_english).fill('MD KARIM UDDIN');

  const photo = uploadField(page, bn.register.fields.photo);
  const logo = uploadField(page, bn.register.fields.file);
  await upload(photo, await image('head.png', 400, 400));
  await upload(logo, await image('logo.png', 400, 400));
  await expect(photo.locator('input[type="hidden"][name="photo"]')).toHaveValue(/^uploads\/photos\/[0-9a-f]{32}\.png$/, { timeout: 30_000 });
  await expect(logo.locator('input[type="hidden"][name="file"]')).toHaveValue(/^uploads\/logos\/[0-9a-f]{32}\.png$/, { timeout: 30_000 });
  const paths = {
    photo: await photo.locator('input[type="hidden"][name="photo"]').inputValue(),
    file: await logo.locator('input[type="hidden"][name="file"]').inputValue(),
  };

  await page.getByRole('button', { name: bn.actions.update }).click();
  await expect(toast(page, messages.bn.profile_updated).first()).toBeVisible();
  const profile = await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${token}` } });
  const { user } = ((await profile.json()) as { data: { user: { photo: string | null; file: string | null } } }).data;
  expect({ photo: user.photo, file: user.file }).toEqual(paths);
});
