/**
 * Results day (docs/integrators/results.md): the admin enters marks on the keyboard grid for five students (a
 * mark above full marks refused under its field in Bengali, the cursor kept there; a roll typed in
 * Bengali digits), imports the rest from the class's sheet with two bad rows (the report names them;
 * the refused rows come back as .xlsx), sets the rule, processes, reads the preview, sees marks entry's
 * progress and that a ninth student's missing marks block publication (the dialog names them and asks
 * why), and publishes with that result withheld. A parent on a 360 px phone looks the result up on the public site and downloads the slip: a PDF whose
 * page 1 is rendered with pdftoppm. Screenshots in Bengali at 360 and 1280 px go to test-results/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiToken, bengaliDigits, bn, enterWithToken, messages, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const text = bn.results;

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The screen at both widths, phone last, then back to the desktop. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await shoot(page, `${name}-360`);
  await page.setViewportSize(DESKTOP);
}

const auth = async (request: APIRequestContext) => ({ Authorization: `Bearer ${await adminToken(request)}` });

/** The institute files a payment for these students and the admin approves it: they are candidates. */
async function payFor(request: APIRequestContext, token: string, ids: readonly number[], transaction: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  let amount = 0;
  for (const id of ids)
    amount += ((await (await request.get(`/api/v1/scholarship-registrations/${id}`, { headers })).json()) as { data: { fee: number } }).data.fee;
  const payment = await storeByApi(request, token, 'scholarship-payments', {
    payment_method: 'bkash',
    amount,
    transaction_id: transaction,
    date: new Date().toISOString().slice(0, 10),
    registration_ids: ids,
  });
  const approved = await request.post('/api/v1/scholarship-payments/approve', { data: { id: payment }, headers: await auth(request) });
  expect(approved.status(), await approved.text()).toBe(200);
}

test('the admin enters and imports marks, processes and publishes; a parent on a phone looks up the result and downloads the slip', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const suffix = uniqueSuffix().toUpperCase();

  // The result starts unpublished and the exam has class four's two subjects, whatever an earlier journey left.
  expect((await request.post('/api/v1/results/publish', { data: { published: 0 }, headers: await auth(request) })).status()).toBe(200);
  const exam = (await (await request.get('/api/v1/exam', { headers: await auth(request) })).json()) as { data: Record<string, unknown> };
  const updated = await request.post('/api/v1/exam/update', {
    headers: await auth(request),
    data: {
      ...exam.data,
      name_bn: exam.data.name_bn || 'প্রাথমিক বৃত্তি পরীক্ষা ২০২৬',
      name_en: exam.data.name_en || 'Primary Scholarship Examination 2026',
      subjects: [
        { class: '04', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
        { class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100 },
        { class: '07', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
      ],
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  // A school with nine paid class-four students: five get marks on the grid, three from the sheet, the ninth none.
  const school = newInstitute();
  await registerByApi(request, school);
  const token = await apiToken(request, school.email, school.password);
  const names = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'].map((name) => `RESULT ${name} ${suffix}`);
  const students: { id: number; roll: string; reg: string; name: string }[] = [];
  for (const [i, name] of names.entries()) {
    const id = await storeByApi(request, token, 'scholarship-registrations', {
      class: '04',
      class_roll: String(i + 1),
      gender: i % 2 ? 'f' : 'm',
      name_bangla: 'ফলাফল পরীক্ষার্থী',
      name_english: name,
      father_name_english: 'ABDUL KARIM',
      mother_name_english: 'RAHIMA BEGUM',
      contact_number: '01712345678',
      post_office: 'সাভার',
    });
    const row = (
      (await (await request.get(`/api/v1/scholarship-registrations/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        data: { roll_no: string; reg_no: string };
      }
    ).data;
    students.push({ id, roll: row.roll_no, reg: row.reg_no, name });
  }
  await payFor(
    request,
    token,
    students.map((s) => s.id),
    `RS${suffix}`,
  );
  const marks = [88, 72.5, 64, 91, 55];

  await test.step('the admin enters five marks on the grid; one above full marks is refused under its field', async () => {
    await enterWithToken(page, await adminToken(request));
    await page.getByRole('navigation', { name: bn.nav.label }).getByRole('link', { name: bn.nav.marks }).click();
    await expect(page.getByRole('heading', { name: bn.nav.marks })).toBeVisible();
    await page.getByTestId('marks-class').click();
    await page.getByRole('option', { name: bn.reference.class['04'] }).click();
    await page.getByTestId('marks-subject').click();
    await page.getByRole('option', { name: /^বাংলা/ }).click();
    const roll = page.getByTestId('mark-roll');
    const mark = page.getByTestId('mark-marks');
    for (const [i, student] of students.slice(0, 5).entries()) {
      // The first roll typed in Bengali digits, as a Bengali keyboard gives them.
      await roll.fill(i === 0 ? bengaliDigits(student.roll) : student.roll);
      await roll.press('Enter');
      await expect(page.getByTestId('mark-student')).toContainText('ফলাফল পরীক্ষার্থী');
      await expect(mark).toBeFocused();
      if (i === 1) {
        await mark.fill('১৫০');
        await mark.press('Enter');
        await expect(page.getByTestId('mark-marks-error')).toHaveText(messages.bn.marks_above_full.replace('{max}', bengaliDigits(100)));
        await expect(mark).toBeFocused();
        await shootBoth(page, 'marks-refused');
      }
      await mark.fill(String(marks[i]));
      await mark.press('Enter');
      await expect(roll).toBeFocused();
      await expect(roll).toHaveValue('');
    }
    await expect(page.getByTestId('mark-grid-row')).toHaveCount(5);
    await expect(page.getByTestId('recent-marks').getByTestId('recent-mark')).toHaveCount(5);
    // An unknown roll is refused under the roll.
    await roll.fill('9999999999');
    await roll.press('Enter');
    await expect(page.getByTestId('mark-roll-error')).toHaveText(messages.bn.unknown_roll);
    await expect(roll).toBeFocused();
    await shootBoth(page, 'marks-grid');
  });

  await test.step('the admin imports the rest from the class sheet: two bad rows are reported and come back as .xlsx', async () => {
    const templateDownload = page.waitForEvent('download');
    await page.getByTestId('marks-import-template').click();
    const template = await templateDownload;
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await template.path());
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = (name: string) => headers.findIndex((header) => header.startsWith(name)) + 1;
    sheet.spliceRows(2, sheet.rowCount);
    const add = (roll: string, bangla: string | number, maths: string | number) => {
      const row: (string | number)[] = [];
      row[column('রোল') - 1] = roll;
      row[column('বাংলা') - 1] = bangla;
      row[column('গণিত') - 1] = maths;
      sheet.addRow(row);
    };
    // The five from the grid get their maths; three more both subjects (one absent from maths).
    for (const [i, student] of students.slice(0, 5).entries()) add(student.roll, '', 60 + i);
    add(students[5]!.roll, 81, 79);
    add(students[6]!.roll, 45, 'অ');
    add(students[7]!.roll, 70, 66.5);
    add('9999999999', 50, 50);
    add(students[0]!.roll, 101, '');
    const filled = Buffer.from(await book.xlsx.writeBuffer());

    await page.getByTestId('marks-import-file').setInputFiles({ name: 'marks.xlsx', mimeType: XLSX, buffer: filled });
    await expect(page.getByTestId('marks-import-count-total')).toContainText(bengaliDigits(10));
    await expect(page.getByTestId('marks-import-count-valid')).toContainText(bengaliDigits(8));
    await expect(page.getByTestId('marks-import-count-invalid')).toContainText(bengaliDigits(2));
    const refused = page.getByTestId('marks-import-refused-row');
    await expect(refused).toHaveCount(2);
    await expect(refused.first()).toContainText(messages.bn.unknown_roll);
    await expect(refused.last()).toContainText(`বাংলা: ${messages.bn.marks_above_full.replace('{max}', bengaliDigits(100))}`);
    await shootBoth(page, 'marks-import-dry-run');

    await page.getByTestId('marks-import-submit').click();
    await expect(page.getByTestId('marks-import-done')).toContainText(
      text.import.done.replace('{{stored}}', bengaliDigits(8)).replace('{{refused}}', bengaliDigits(2)),
    );
    const refusedDownload = page.waitForEvent('download');
    await page.getByTestId('marks-import-refused-file').click();
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(await (await refusedDownload).path());
    expect(back.worksheets[0]!.rowCount).toBe(3);
    await shootBoth(page, 'marks-import-done');
  });

  await test.step('a second sheet that changes a mark already entered lists it, old and new, and stores it only once ticked', async () => {
    await page.getByRole('button', { name: text.import.again }).click();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Marks');
    sheet.addRow(['Roll', 'বাংলা', 'গণিত']);
    sheet.addRow([students[7]!.roll, 71, null]);
    await page.getByTestId('marks-import-file').setInputFiles({ name: 'marks-2.xlsx', mimeType: XLSX, buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    const change = page.getByTestId('marks-import-change');
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(bengaliDigits(70));
    await expect(change).toContainText(bengaliDigits(71));
    await expect(page.getByTestId('marks-import-submit')).toBeDisabled();
    await shootBoth(page, 'marks-import-changes');
    await page.getByTestId('marks-import-confirm-changes').check();
    await page.getByTestId('marks-import-submit').click();
    await expect(page.getByTestId('marks-import-done')).toBeVisible();
  });

  await test.step('the admin sets the rule, processes, reads the preview and publishes', async () => {
    await page.getByRole('navigation', { name: bn.nav.label }).getByRole('link', { name: bn.nav.results }).click();
    await expect(page.getByRole('heading', { name: bn.nav.results, exact: true })).toBeVisible();
    const rule = page.getByTestId('rule-04');
    await rule.getByRole('radio', { name: text.rules.kinds.quota }).check();
    await rule.getByRole('radio', { name: text.rules.scopes.class }).check();
    await rule.getByLabel(text.rules.pass_marks).fill('১০০');
    await rule.getByLabel(text.rules.quota.talent_pool).fill('২');
    await rule.getByLabel(text.rules.quota.general).fill('৩');
    await page.getByTestId('rules-save').click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: messages.bn.stored }).first()).toBeVisible();

    await page.getByTestId('results-process').click();
    const preview = page.getByTestId('results-preview');
    await expect(preview).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('results-stale')).toHaveCount(0);
    await expect(page.getByTestId('results-preview-talent_pool')).toContainText(bengaliDigits(2));
    await expect(page.getByTestId('merit-list').getByTestId('merit-row').first()).toBeVisible();
    await shootBoth(page, 'results-processed');

    // The ninth student has no marks: marks entry's progress lists the roll, and publication is blocked.
    const nine = students[8]!;
    const progress = page.getByTestId('marks-progress-04');
    await expect(progress.getByTestId('marks-progress-missing').first()).toContainText(bengaliDigits(nine.roll));
    const blocked = page.getByTestId('results-publish-blocked');
    await expect(blocked).toContainText(text.publish.blocked);
    await expect(blocked).toContainText(/চতুর্থ শ্রেণির [০-৯]+ জন \(বাংলা [০-৯]+, গণিত [০-৯]+\)/);
    await page.setViewportSize(DESKTOP);
    await blocked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/results-blocked-1280.png` });
    await shootBoth(page, 'results-blocked');
    await page.setViewportSize(PHONE);
    for (const panel of ['marks-progress', 'results-publish']) await page.getByTestId(panel).screenshot({ path: `${SHOTS}/${panel}-360.png` });
    await page.setViewportSize(DESKTOP);

    // The dialog names what blocks publication and publishes only with a reason to withhold.
    await page.getByTestId('results-publish-button').click();
    const dialog = page.getByRole('dialog', { name: text.publish.withholdTitle });
    await expect(dialog.getByTestId('results-publish-blockers')).toContainText('চতুর্থ শ্রেণির');
    await expect(dialog.getByTestId('confirm-results-withhold')).toBeDisabled();
    await dialog.getByTestId('results-withhold-reason').fill('উত্তরপত্র কেন্দ্র থেকে আসেনি');
    await page.screenshot({ path: `${SHOTS}/results-withhold-dialog-1280.png` });
    await dialog.getByTestId('confirm-results-withhold').click();
    await expect(page.getByTestId('results-unpublish')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('results-publish-state')).toContainText(text.publish.on.split(' (')[0]!);
    await shootBoth(page, 'results-published');
  });

  await test.step('a parent on a phone looks up the result on the public site and downloads the slip', async () => {
    const parent = await page.context().browser()!.newContext({ viewport: PHONE, locale: 'bn-BD', timezoneId: 'Asia/Dhaka' });
    const phone = await parent.newPage();
    const child = students[5]!;
    await phone.goto('/result');
    await phone.locator('#roll').fill(bengaliDigits(child.roll));
    await phone.locator('#reg').fill(child.reg);
    await phone.locator('form.result-form button[type=submit]').click();
    await expect(phone.locator('.result')).toContainText(child.name);
    await expect(phone.locator('.result-marks')).toContainText(bengaliDigits(81));
    await shoot(phone, 'result-lookup-360');
    // The ninth student's result is withheld, never a fail or an absence.
    const withheld = await phone.request.get(`/result?roll=${students[8]!.roll}&reg=${students[8]!.reg}`);
    const page9 = await withheld.text();
    expect(page9).toContain('ফলাফল স্থগিত');
    expect(page9).not.toContain('অনুপস্থিত');
    expect(page9).not.toContain('অনুত্তীর্ণ');
    // The slip as the phone's browser gets it from the link.
    const href = await phone.locator('.result-actions a.button').getAttribute('href');
    const slip = await phone.request.get(href!);
    expect(slip.status()).toBe(200);
    expect(slip.headers()['content-type']).toContain('application/pdf');
    const file = `${SHOTS}/result-slip.pdf`;
    writeFileSync(file, await slip.body());
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, `${SHOTS}/result-slip-page1`]);
    await parent.close();
  });
});
