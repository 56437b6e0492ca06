/**
 * Photos in bulk (docs/integrators/photos.md), on a phone: an institute opens the photos screen from the
 * registration list, gives a zip of four files (a folder per class, a Bengali-digit name, one student
 * unknown), sees the dry run, stores the three photos and finds one on the student's details.
 * Screenshots in Bengali at 360 px and 1280 px go to test-results/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { photo, zipOf } from '../src/server/test/photo-zip.js';
import { apiToken, bengaliDigits, bn, enterWithToken, newInstitute, registerByApi, SAVAR, storeByApi, studentBody } from './helpers.js';

const text = bn.registrations.photos;

test.use({ viewport: { width: 360, height: 640 } });

const student = (classCode: string, roll: number, name: string) =>
  studentBody({ class: classCode, class_roll: String(roll), department: 'p', name_english: name, ...SAVAR });

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

test('an institute on a phone uploads a zip of photos, sees the dry run and stores them', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const first = await storeByApi(request, token, 'scholarship-registrations', student('04', 1, 'RAHIM UDDIN'));
  await storeByApi(request, token, 'scholarship-registrations', student('04', 2, 'KARIM HOSSAIN'));
  await storeByApi(request, token, 'scholarship-registrations', student('07', 3, 'SUMAIYA AKTER'));
  const zip = zipOf([
    { name: 'ক্লাস ৪/১.jpg', data: await photo(900, 1200) },
    { name: '04-2.JPG', data: await photo(1200, 900, { orientation: 6 }) },
    { name: '07/3.png', data: await photo(600, 800, { format: 'png' }) },
    { name: '07/9.jpg', data: await photo(600, 800) },
  ]);

  await enterWithToken(page, token);
  await page.goto('/scholarship-registrations');
  await page.getByTestId('photos-button').click();
  await expect(page).toHaveURL(/\/scholarship-registrations\/photos$/);
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
  await shoot(page, 'phone-photos-empty');

  await page.getByTestId('photos-file').setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
  await expect(page.getByTestId('photos-count-total')).toContainText(bengaliDigits(4));
  await expect(page.getByTestId('photos-count-matched')).toContainText(bengaliDigits(3));
  await expect(page.getByTestId('photos-count-refused')).toContainText(bengaliDigits(1));
  // The refused file comes first, with its reason; a phone gets one card a file.
  const cards = page.getByTestId('photos-row-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('07/9.jpg');
  await expect(cards.first()).toContainText(text.status.unmatched);
  await shoot(page, 'phone-photos-dry-run');

  await page.getByTestId('photos-submit').click();
  await expect(page.getByTestId('photos-done')).toBeVisible();
  await expect(page.getByTestId('photos-count-stored')).toContainText(bengaliDigits(3));
  await page.getByRole('button', { name: `${text.filter.matched} (${bengaliDigits(3)})` }).click();
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'RAHIM UDDIN' })).toContainText(text.status.stored);
  await shoot(page, 'phone-photos-done');

  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'desktop-photos-done');

  const details = await request.get(`/api/v1/scholarship-registrations/${first}`, { headers: { Authorization: `Bearer ${token}` } });
  const path = ((await details.json()) as { data: { photo: string } }).data.photo;
  expect(path).toMatch(/^uploads\/students\/[a-f0-9]{32}\.jpg$/);
  expect((await request.get(`/${path}`)).status()).toBe(200);
});
