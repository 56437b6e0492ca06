/**
 * Bulk registration from an Excel sheet, on a phone: an institute opens the import screen
 * from the registration list, downloads the template, gives a filled sheet of five students of which
 * two are wrong and sees the dry run; then imports the valid ones and downloads the refused rows.
 * Screenshots of the screen in Bengali at 360 px and 1280 px go to test-results/screenshots/.
 * Everything runs against the real server: the sheet's columns are named by their field names, which
 * the importer matches as it matches the template's bilingual headers.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiToken, bengaliDigits, bn, enterWithToken, messages, newInstitute, registerByApi } from './helpers.js';

const text = bn.registrations.import;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.use({ viewport: { width: 360, height: 640 } });

const HEADERS = ['class', 'class_roll', 'gender', 'name_english', 'name_bangla', 'father_name_english', 'mother_name_english', 'contact_number', 'post_office'];

/** Five students; rows 4 and 6 of the sheet are wrong (no name; a mobile number too short). */
const STUDENTS: (string | number)[][] = [
  ['04', 1, 'm', 'RAHIM UDDIN', 'রহিম উদ্দিন', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000001', 'সাভার'],
  ['04', 2, 'f', 'AYESHA SIDDIKA', 'আয়েশা সিদ্দিকা', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', 1711000002, 'সাভার'],
  ['07', 3, 'm', '', '', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000003', 'সাভার'],
  ['07', 4, 'f', 'SUMAIYA AKTER', 'সুমাইয়া আক্তার', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000004', 'সাভার'],
  ['04', 5, 'm', 'TANVIR AHMED', 'তানভীর আহমেদ', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '0171', 'সাভার'],
];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('students');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // A full-page shot of a scrolled page paints the fixed header where the window was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

test('an institute on a phone downloads the template, uploads a sheet with two bad rows, sees the dry run and imports the rest', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  await enterWithToken(page, await apiToken(request, institute.phone, institute.password));

  await page.goto('/scholarship-registrations');
  await expect(page.getByTestId('import-button')).toBeVisible();
  await shoot(page, 'phone-import-list-button');
  await page.getByTestId('import-button').click();
  await expect(page).toHaveURL(/\/scholarship-registrations\/import$/);
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
  await shoot(page, 'phone-import-empty');

  const templateDownload = page.waitForEvent('download');
  await page.getByTestId('import-template').click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('registrations-template.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('শ্রেণি (Class)');

  // The dry run is held, as a slow network would, so the progress is there to be seen whatever the machine's speed.
  let releaseDryRun = () => undefined as void;
  const dryRunReleased = new Promise<void>((resolve) => (releaseDryRun = resolve));
  await page.route('**/api/v1/scholarship-registrations/import**', async (route) => {
    await dryRunReleased;
    await route.continue();
  });
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: await workbook(STUDENTS) });
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await shoot(page, 'phone-import-progress');
  releaseDryRun();
  await expect(page.getByTestId('import-count-total')).toContainText(bengaliDigits(5));
  await page.unroute('**/api/v1/scholarship-registrations/import**');
  await expect(page.getByTestId('import-count-valid')).toContainText(bengaliDigits(3));
  await expect(page.getByTestId('import-count-invalid')).toContainText(bengaliDigits(2));
  await expect(page.getByTestId('import-count-duplicates')).toContainText(bengaliDigits(0));

  // The wrong rows come first, each with what to fix; phones get one card a row.
  const cards = page.getByTestId('import-row-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(text.rowLabel.replace('{{row}}', bengaliDigits(4)));
  await expect(cards.nth(0)).toContainText(messages.bn.required);
  await expect(cards.nth(1)).toContainText('TANVIR AHMED');
  await expect(cards.nth(1)).toContainText(messages.bn.invalid_mobile);
  await shoot(page, 'phone-import-dry-run');

  await page
    .getByTestId('import-filter')
    .getByText(`${text.filter.all} (${bengaliDigits(5)})`)
    .click();
  await expect(cards).toHaveCount(5);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('import-row')).toHaveCount(5);
  await shoot(page, 'desktop-import-dry-run');
  await page.setViewportSize({ width: 360, height: 640 });

  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText(text.done.replace('{{stored}}', bengaliDigits(3)).replace('{{refused}}', bengaliDigits(2)));
  await shoot(page, 'phone-import-done');

  const failedDownload = page.waitForEvent('download');
  await page.getByTestId('import-refused-file').click();
  const failed = await failedDownload;
  expect(failed.suggestedFilename()).toBe('registrations-refused.xlsx');

  // The head teacher fixes one of the two refused rows (the missing name) and gives the file again.
  const refused = new ExcelJS.Workbook();
  await refused.xlsx.readFile(await failed.path());
  const sheet = refused.worksheets[0]!;
  expect(sheet.rowCount).toBe(3);
  sheet.getRow(2).getCell(HEADERS.indexOf('name_english') + 1).value = 'SHAFIQUL ISLAM';
  const fixed = Buffer.from(await refused.xlsx.writeBuffer());
  await page.getByRole('button', { name: text.again }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'failed-rows.xlsx', mimeType: XLSX, buffer: fixed });
  await expect(page.getByTestId('import-count-total')).toContainText(bengaliDigits(2));
  await expect(page.getByTestId('import-count-valid')).toContainText(bengaliDigits(1));
  await expect(page.getByTestId('import-count-invalid')).toContainText(bengaliDigits(1));
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText(text.done.replace('{{stored}}', bengaliDigits(1)).replace('{{refused}}', bengaliDigits(1)));

  // The first sheet again: nobody is added twice.
  await page.getByRole('button', { name: text.again }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: await workbook(STUDENTS) });
  await expect(page.getByTestId('import-count-duplicates')).toContainText(bengaliDigits(3));
  await expect(page.getByTestId('import-count-valid')).toContainText(bengaliDigits(0));
  await shoot(page, 'phone-import-again');
});

test('a file the server refuses shows its message in Bengali under the file field', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  await enterWithToken(page, await apiToken(request, institute.phone, institute.password));
  // Text whose first line names no column the importer knows.
  const refusal = messages.bn.import_no_headers;
  await page.goto('/scholarship-registrations/import');
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: Buffer.from('not a spreadsheet') });
  await expect(page.getByTestId('import-file-error')).toHaveText(refusal);
  await expect(page.getByTestId('import-file')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'phone-import-error');
});

test('an admin chooses the institute; without one the server 422 shows under the picker', async ({ page, request }) => {
  await enterWithToken(page, await adminToken(request));
  await page.setViewportSize({ width: 1280, height: 800 });
  // The sheet has no institute column and none is chosen: the server asks which institute.
  await page.goto('/scholarship-registrations');
  await page.getByTestId('import-button').click();
  await expect(page.getByText(text.institute)).toBeVisible();
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: await workbook(STUDENTS) });
  await expect(page.getByTestId('import-institute')).toContainText(messages.bn.institute_required);
  await shoot(page, 'desktop-import-admin');
});

test('a report of 20,000 rows is shown fifty at a time', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  await enterWithToken(page, await apiToken(request, institute.phone, institute.password));
  // A sheet at the row limit, every 100th row without its class; the server checks every row.
  const lines = Array.from(
    { length: 20_000 },
    (_, index) => `${index % 100 === 0 ? '' : '04'},${index + 1},m,STUDENT ${index + 1},ABDUL KARIM,RAHIMA BEGUM,01711000001,Savar`,
  );
  const csv = Buffer.from(`class,class_roll,gender,name_english,father_name_english,mother_name_english,contact_number,post_office\n${lines.join('\n')}\n`);
  await page.goto('/scholarship-registrations/import');
  await page.getByTestId('import-file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csv });
  await expect(page.getByTestId('import-count-total')).toContainText(bengaliDigits('20,000'));
  await expect(page.getByTestId('import-row-card')).toHaveCount(50);
  await page
    .getByTestId('import-filter')
    .getByText(`${text.filter.all} (${bengaliDigits('20,000')})`)
    .click();
  await expect(page.getByTestId('import-row-card')).toHaveCount(50);
  await expect(page.getByRole('button', { name: bengaliDigits(400) })).toBeVisible();
  await shoot(page, 'phone-import-long');
});

test('a roll another student holds is that row’s error naming them, a row is named in Bengali, and the school can correct an imported student’s Bengali fields', async ({
  page,
  request,
}) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.phone, institute.password);
  await enterWithToken(page, token);
  const sheet = await workbook([
    ['04', 7, 'm', 'ARJUN DAS', 'অর্জুন দাস', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000007', 'সাভার'],
    ['04', 7, 'm', 'RIDDHIMAN SAHA', 'ঋদ্ধিমান সাহা', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000008', 'সাভার'],
    ['07', 8, 'f', '', 'সুমাইয়া আক্তার', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000009', 'সাভার'],
  ]);
  await page.goto('/scholarship-registrations/import');
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: sheet });
  await expect(page.getByTestId('import-count-total')).toContainText(bengaliDigits(3));
  await expect(page.getByTestId('import-count-valid')).toContainText(bengaliDigits(1));
  await expect(page.getByTestId('import-count-invalid')).toContainText(bengaliDigits(2));
  await expect(page.getByTestId('import-count-duplicates')).toContainText(bengaliDigits(0));
  const cards = page.getByTestId('import-row-card');
  await expect(cards).toHaveCount(2);
  // Row 3 shares row 2's roll: its error names ARJUN DAS and row ২, under the roll's own label.
  await expect(cards.nth(0)).toContainText('RIDDHIMAN SAHA');
  await expect(cards.nth(0)).toContainText(`${bn.registrations.fields.class_roll}:`);
  await expect(cards.nth(0)).toContainText('ARJUN DAS');
  await expect(cards.nth(0)).toContainText(bengaliDigits(2));
  await expect(cards.nth(0)).not.toContainText('_:');
  // Row 4 has only the Bengali name: it is named by it.
  await expect(cards.nth(1)).toContainText('সুমাইয়া আক্তার');
  await expect(cards.nth(1)).not.toContainText(text.noName);
  await shoot(page, 'phone-import-clash');

  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText(text.done.replace('{{stored}}', bengaliDigits(1)).replace('{{refused}}', bengaliDigits(2)));

  // The stored student's edit form shows the fields the template asked for, so a typo can be fixed.
  const list = await request.get('/api/v1/scholarship-registrations?search=ARJUN', { headers: { authorization: `Bearer ${token}` } });
  const id = ((await list.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
  await page.goto(`/scholarship-registrations/edit/${id}`);
  for (const field of ['birth_certificate_no', 'father_name_bangla', 'mother_name', 'village'] as const)
    await expect(page.getByLabel(bn.registrations.fields[field], { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel(bn.registrations.fields.name_bangla, { exact: false }).first()).toHaveValue('অর্জুন দাস');
  await shoot(page, 'phone-registration-edit-institute');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'desktop-registration-edit-institute');
});
