/**
 * A one-student registration sheet prints on one A4 page: the admin's sheet (the longest: every field,
 * a photo) opened in the back office and printed as Chromium prints it, the PDF's pages counted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, apiToken, bn, enterWithToken, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

const SHOTS = 'test-results/screenshots';

/** Pages of a PDF: its page objects (Chromium writes each as `/Type /Page`). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

test('a one-student registration sheet prints on one A4 page', async ({ page, request }) => {
  const institute = { ...newInstitute(), name: `শহীদ স্মৃতি সরকারি প্রাথমিক ও উচ্চ বিদ্যালয় ${uniqueSuffix()}` };
  await registerByApi(request, institute);
  await apiToken(request, institute.email, institute.password);
  const admin = await adminToken(request);
  const photo = await request.post('/api/v1/media/upload', {
    headers: { Authorization: `Bearer ${admin}` },
    multipart: {
      file: {
        name: 'student.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 300, height: 400, channels: 3, background: '#6d4c8f' } })
          .png()
          .toBuffer(),
      },
      folder: 'students',
      width: '300',
      height: '400',
    },
  });
  expect(photo.status(), await photo.text()).toBe(200);
  const users = await request.get(`/api/v1/users?search=${encodeURIComponent(institute.email)}&fields[]=id`, { headers: { Authorization: `Bearer ${admin}` } });
  const instituteId = ((await users.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
  // Every field an admin's sheet shows, each as long as a real one may be.
  const id = await storeByApi(request, admin, 'scholarship-registrations', {
    institute_id: instituteId,
    class: '07',
    class_roll: '112',
    gender: 'f',
    department: 'p',
    name_bangla: 'মোসাম্মৎ ফাতেমাতুজ জোহরা চৌধুরী',
    name_english: 'MOSAMMAT FATEMATUZ ZOHRA CHOWDHURY',
    father_name_bangla: 'মোহাম্মদ আবদুল মালেক চৌধুরী',
    father_name_english: 'MOHAMMAD ABDUL MALEK CHOWDHURY',
    mother_name: 'মোসাম্মৎ রাবেয়া খাতুন চৌধুরী',
    mother_name_english: 'MOSAMMAT RABEYA KHATUN CHOWDHURY',
    birth_certificate_no: '20123456789012345',
    email: 'fatematuz.zohra.chowdhury@example.com',
    contact_number: '01712345678',
    division_id: 6,
    zilla_id: 47,
    upozilla_id: 365,
    thana: 'সাভার মডেল থানা',
    sector: 'সেক্টর ৭',
    ward: 'ওয়ার্ড ১২',
    village: 'দক্ষিণ দরিয়ারপুর',
    holding_no: 'বাড়ি ১২৩/ক, সড়ক ৪',
    post_office: 'সাভার ক্যান্টনমেন্ট',
    photo: ((await photo.json()) as { data: string }).data,
  });

  await enterWithToken(page, admin);
  await page.goto(`/scholarship-registrations/${id}`);
  await expect(page.getByTestId('registration-sheet')).toContainText(institute.name);
  await expect(page.getByTestId('registration-sheet').locator('img')).toBeVisible();
  await expect(page.getByTestId('print-button')).toBeVisible();
  // The screen's sheet is not the paper's: it keeps its spacing.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/registration-sheet-screen-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-button')).toBeHidden();
  await expect(page.getByTestId('registration-sheet')).toContainText(bn.registrations.sheet.headSignature);

  // As the browser's print dialog does: A4 and the page's own margins (@page), backgrounds off.
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/registration-sheet.pdf`, pdf);
  try {
    // A picture of it to look at, where poppler-utils is installed.
    execFileSync('pdftoppm', ['-png', '-r', '60', `${SHOTS}/registration-sheet.pdf`, `${SHOTS}/registration-sheet-page`]);
  } catch {
    // Only the page count is the test.
  }
  expect(pageCount(pdf)).toBe(1);
});
