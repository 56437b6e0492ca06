/**
 * Bulk registration from an Excel sheet (issue 17), on a phone: an institute opens the import screen
 * from the registration list, downloads the template, gives a filled sheet of five students of which
 * two are wrong and sees the dry run; then imports the valid ones and downloads the refused rows.
 * Screenshots of the screen in Bengali at 360 px and 1280 px go to test-results/screenshots/.
 *
 * STUBBED: the two import calls (GET …/import/template and POST …/import) are answered by page.route
 * below, only until the server's import lands on this branch; the rest (login, list, shell) is the
 * real server.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page, type Route } from '@playwright/test';
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
  ['07', 4, 'f', 'NUSRAT JAHAN', 'নুসরাত জাহান', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '01711000004', 'সাভার'],
  ['04', 5, 'm', 'TANVIR AHMED', 'তানভীর আহমেদ', 'MD. ABDUL KARIM', 'MST. RAHIMA BEGUM', '0171', 'সাভার'],
];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('students');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The uploaded file's bytes from a multipart body. */
function filePart(body: Buffer): Buffer {
  const text = body.toString('latin1');
  const boundary = `\r\n--${text.slice(2, text.indexOf('\r\n'))}`;
  const head = text.indexOf('name="file"');
  const start = text.indexOf('\r\n\r\n', head) + 4;
  return body.subarray(start, text.indexOf(boundary, start));
}

type FakeRow = { row: number; status: string; name: string | null; errors: Record<string, string[]>; cells: (string | number)[] };

/**
 * STUB until the server lands: a stand-in for the server's rules, enough for this journey: the English
 * name is required, the mobile number must have 11 digits (a number without its leading 0 counts), a
 * student stored once (same class and class roll) is a duplicate afterwards.
 */
async function check(file: Buffer, stored: Set<string>): Promise<FakeRow[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: FakeRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = HEADERS.map((_, index) => (row.getCell(index + 1).value ?? '') as string | number);
    const value = (name: string) => String(cells[HEADERS.indexOf(name)] ?? '').trim();
    const errors: Record<string, string[]> = {};
    if (!value('name_english')) errors.name_english = [messages.bn.required];
    if (!/^0?1[3-9]\d{8}$/.test(value('contact_number'))) errors.contact_number = [messages.bn.invalid_mobile];
    const bad = Object.keys(errors).length > 0;
    const duplicate = !bad && stored.has(`${value('class')}/${value('class_roll')}`);
    rows.push({ row: number, name: value('name_english') || null, status: bad ? 'invalid' : duplicate ? 'duplicate' : 'valid', errors, cells });
  });
  return rows;
}

/** STUB until the server lands: the template and the import, as the contract describes them. */
async function stubImport(page: Page): Promise<{ calls: string[] }> {
  const seen = { calls: [] as string[] };
  const stored = new Set<string>();
  await page.route('**/api/v1/scholarship-registrations/import/template', async (route: Route) => {
    seen.calls.push('template');
    await route.fulfill({
      status: 200,
      contentType: XLSX,
      headers: { 'Content-Disposition': `attachment; filename="registration-template.xlsx"` },
      body: await workbook([]),
    });
  });
  await page.route('**/api/v1/scholarship-registrations/import', async (route: Route) => {
    const raw = route.request().postDataBuffer() ?? Buffer.alloc(0);
    const body = raw.toString('latin1');
    const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];
    expect(route.request().headers().authorization).toMatch(/^Bearer /);
    const rows = await check(filePart(raw), stored);
    if (field('failed_rows') === '1') {
      seen.calls.push('failed_rows');
      await route.fulfill({
        status: 200,
        contentType: XLSX,
        headers: { 'Content-Disposition': `attachment; filename="failed-rows.xlsx"` },
        body: await workbook(rows.filter((row) => row.status === 'invalid').map((row) => row.cells)),
      });
      return;
    }
    const dryRun = field('dry_run') === '1';
    seen.calls.push(dryRun ? 'dry_run' : 'import');
    if (!dryRun) {
      for (const row of rows.filter((candidate) => candidate.status === 'valid')) {
        row.status = 'stored';
        stored.add(`${row.cells[0]}/${row.cells[1]}`);
      }
    }
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    const data = {
      total: rows.length,
      valid: count('valid') + count('stored'),
      invalid: count('invalid'),
      duplicates: count('duplicate'),
      stored: count('stored'),
      rows: rows.map(({ cells: _cells, ...row }) => row),
    };
    // The server takes a moment to check rows; the screen says so meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'OK', data }) });
  });
  return seen;
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
  const stub = await stubImport(page);

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
  expect(template.suggestedFilename()).toBe('registration-template.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('class');

  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: await workbook(STUDENTS) });
  // Progress while the file goes up and the rows are checked.
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await shoot(page, 'phone-import-progress');
  await expect(page.getByTestId('import-count-total')).toContainText(bengaliDigits(5));
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
  await page.getByTestId('import-failed-rows').click();
  const failed = await failedDownload;
  expect(failed.suggestedFilename()).toBe('failed-rows.xlsx');

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
  expect(stub.calls).toEqual(['template', 'dry_run', 'import', 'failed_rows', 'dry_run', 'import', 'dry_run']);
});

test('a file the server refuses shows its message in Bengali under the file field', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  await enterWithToken(page, await apiToken(request, institute.phone, institute.password));
  // STUB until the server lands: a 422 on `file` as the contract gives it.
  const refusal = 'ফাইলটি এক্সেল (.xlsx) বা CSV নয়।';
  await page.route('**/api/v1/scholarship-registrations/import', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: refusal, data: { file: [refusal] } }) }),
  );
  await page.goto('/scholarship-registrations/import');
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: Buffer.from('not a spreadsheet') });
  await expect(page.getByTestId('import-file-error')).toHaveText(refusal);
  await expect(page.getByTestId('import-file')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'phone-import-error');
});

test('an admin chooses the institute; without one the server 422 shows under the picker', async ({ page, request }) => {
  await enterWithToken(page, await adminToken(request));
  await page.setViewportSize({ width: 1280, height: 800 });
  // STUB until the server lands: an admin's upload without institute_id is a 422 on `institute_id`.
  await page.route('**/api/v1/scholarship-registrations/import', (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    expect(body).not.toContain('name="institute_id"');
    return route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: messages.bn.institute_required, data: { institute_id: [messages.bn.institute_required] } }),
    });
  });
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
  // STUB until the server lands: the dry run of a sheet at the row limit, every 100th row wrong.
  const rows = Array.from({ length: 20_000 }, (_, index) => {
    const bad = index % 100 === 0;
    return { row: index + 2, name: `STUDENT ${index + 1}`, status: bad ? 'invalid' : 'valid', errors: bad ? { class: [messages.bn.required] } : {} };
  });
  await page.route('**/api/v1/scholarship-registrations/import', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'OK', data: { total: 20_000, valid: 19_800, invalid: 200, duplicates: 0, stored: 0, rows } }),
    }),
  );
  await page.goto('/scholarship-registrations/import');
  await page.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: await workbook(STUDENTS) });
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
