/**
 * Scholarships paid (docs/integrators/payouts.md): an institute on a phone (360 px) enters its winners' payout
 * details (a wrong wallet number refused under its field, then a bKash wallet and a bank account); the admin
 * (1280 px) sees the tallies, makes a bKash batch, downloads its file and imports the provider's result (a
 * dry run, then the line paid) and a bank batch's refusal; the institute sees one winner paid, the other failed
 * with the provider's reason, to correct. The awards are written into the database
 * as the scholarships module's publication writes them. The downloaded batch and the imported result are left
 * in test-results/payouts/; screenshots in Bengali at both widths in test-results/screenshots/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { TOKEN_KEY } from '../src/web/api/token.js';
import { adminToken, apiToken, bengaliDigits, bn, messages, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

const SHOTS = 'test-results/screenshots';
const FILES = 'test-results/payouts';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const dataDir = () => process.env.E2E_DATA_DIR as string;
const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

/** Opens /payouts as the holder of `token` straight away (the dashboard's panels are not this journey's). */
async function openPayouts(page: Page, token: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ([key, value]) => {
      localStorage.clear();
      localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
  await page.goto('/payouts');
  await expect(page.getByRole('heading', { level: 1, name: bn.nav.payouts })).toBeVisible({ timeout: 30_000 });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const student = (roll: number, name: string) => ({
  class: '04',
  class_roll: String(roll),
  gender: 'f',
  name_bangla: 'বৃত্তিপ্রাপ্ত',
  name_english: name,
  father_name_english: 'ABDUL KARIM',
  mother_name_english: 'RAHIMA BEGUM',
  contact_number: '01712345678',
  post_office: 'ডাকঘর',
  division_id: 6,
  zilla_id: 47,
  upozilla_id: 365,
});

/** Awards the students as publication does (the scholarships module's table). */
function award(ids: readonly number[], instituteId: number, amount: number): void {
  const db = new SQLite(path.join(dataDir(), 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    for (const id of ids) {
      const { roll_no, class: klass } = db.prepare('select roll_no, class from scholarship_registrations where id = ?').get(id) as {
        roll_no: string;
        class: string;
      };
      db.prepare(
        `insert into scholarship_awards (registration_id, institute_id, class, roll_no, grade, amount, code, result_version, awarded_at)
         values (?, ?, ?, ?, 'general', ?, ?, 1, ?)`,
      ).run(id, instituteId, klass, roll_no, amount, `E2E${id}${uniqueSuffix()}`, new Date().toISOString());
    }
  } finally {
    db.close();
  }
}

test('an institute enters payout details on a phone; the admin makes a batch, downloads it and imports the result', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(FILES, { recursive: true });
  const suffix = uniqueSuffix().toUpperCase();
  const school = { ...newInstitute(), name: `বৃত্তি বিদ্যালয় ${suffix}` };
  await registerByApi(request, school);
  const token = await apiToken(request, school.email, school.password);
  const me = await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  const schoolId = ((await me.json()) as { data: { user: { id: number } } }).data.user.id;
  const ids: number[] = [];
  for (const [i, name] of ['WALLET WINNER', 'BANK WINNER', 'LATE WINNER'].entries())
    ids.push(await storeByApi(request, token, 'scholarship-registrations', student(i + 1, `${name} ${suffix}`)));
  award(ids, schoolId, 1500);

  // The institute, on a phone: three winners, no details yet.
  await page.setViewportSize(PHONE);
  await openPayouts(page, token);
  await expect(page.getByTestId('payout-winner')).toHaveCount(3);
  await expect(page.getByTestId('payout-state').first()).toHaveText(bn.payouts.states.details_missing);
  await shoot(page, 'payouts-institute-360');

  const card = (name: string) => page.getByTestId('payout-winner').filter({ hasText: name });
  await card(`WALLET WINNER ${suffix}`).getByTestId('payout-edit').click();
  await page.getByTestId('payout-wallet_number').fill('০১২১১১১১১১১');
  await page.getByTestId('payout-guardian_name').fill('আব্দুল করিম');
  await page.getByTestId('payout-save').click();
  await expect(page.getByText(messages.bn.invalid_mobile)).toBeVisible();
  await shoot(page, 'payouts-details-error-360');
  await page.getByTestId('payout-wallet_number').fill('০১৭১১-০০০০০১');
  await page.getByTestId('payout-save').click();
  await expect(toast(page, messages.bn.payout_details_saved)).toBeVisible();
  await expect(card(`WALLET WINNER ${suffix}`).getByTestId('payout-state')).toHaveText(bn.payouts.states.ready);
  await expect(card(`WALLET WINNER ${suffix}`)).toContainText('01711000001');

  await card(`BANK WINNER ${suffix}`).getByTestId('payout-edit').click();
  await page.getByTestId('payout-method').getByText(bn.payouts.form.methods.bank).click();
  await page.getByTestId('payout-account_name').fill('ABDUL KARIM');
  await page.getByTestId('payout-account_number').fill('0012345678901');
  await page.getByTestId('payout-bank_name').fill('সোনালী ব্যাংক');
  await page.getByTestId('payout-branch_name').fill('মতিঝিল');
  await page.getByTestId('payout-routing_number').fill('200271234');
  await page.getByTestId('payout-guardian_name').fill('আব্দুল করিম');
  await shoot(page, 'payouts-bank-form-360');
  await page.getByTestId('payout-save').click();
  await expect(card(`BANK WINNER ${suffix}`).getByTestId('payout-state')).toHaveText(bn.payouts.states.ready);
  await shoot(page, 'payouts-institute-entered-360');

  // The admin, at a desk: the tallies, a bKash batch of the one wallet winner.
  const admin = await adminToken(request);
  await page.setViewportSize(DESKTOP);
  await openPayouts(page, admin);
  await expect(page.getByTestId('payout-tally-awarded')).toContainText(`৳${bengaliDigits('4,500')}`);
  await expect(page.getByTestId('payout-tally-ready')).toContainText(bengaliDigits('2'));
  await shoot(page, 'payouts-admin-1280');
  await page.getByTestId('payout-make-bkash_bulk').click();
  await expect(page.getByTestId('payout-batch')).toHaveCount(1);
  await expect(page.getByTestId('payout-tally-in_batch')).toContainText(`৳${bengaliDigits('1,500')}`);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('payout-batch-xlsx').click();
  const download = await downloading;
  const exportedPath = `${FILES}/${download.suggestedFilename()}`;
  await download.saveAs(exportedPath);
  expect(download.suggestedFilename()).toMatch(/^PO-\d{8}-[A-Z0-9]{4}-bkash_bulk\.xlsx$/);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(readFileSync(exportedPath) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  exported.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
  expect(rows).toEqual([
    ['Wallet Number', 'Amount', 'Reference', 'Name'],
    ['01711000001', '1500', expect.stringMatching(/^PO-\d{8}-[A-Z0-9]{4}-0001$/), 'আব্দুল করিম'],
  ]);

  // The provider's result: the line paid.
  const result = new ExcelJS.Workbook();
  const sheet = result.addWorksheet('Result');
  sheet.addRow(['Reference', 'Amount', 'Status', 'Reason', 'TrxID']);
  sheet.addRow([rows[1]![2], 1500, 'Completed', '', 'BK7X2Q9']);
  const resultFile = Buffer.from(await result.xlsx.writeBuffer());
  writeFileSync(`${FILES}/${rows[1]![2]!.replace(/-0001$/, '')}-result.xlsx`, resultFile);
  await page.getByTestId('payout-batch-result').click();
  await page.getByTestId('payout-result-file').setInputFiles({ name: 'result.xlsx', mimeType: XLSX, buffer: resultFile });
  await expect(page.getByTestId('payout-result-count-paid')).toContainText(bengaliDigits('1'));
  await shoot(page, 'payouts-result-dry-run-1280');
  await page.getByTestId('payout-result-submit').click();
  await expect(page.getByTestId('payout-result-done')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payout-batch-state')).toHaveText(bn.payouts.batches.closed);
  await expect(page.getByTestId('payout-tally-paid')).toContainText(`৳${bengaliDigits('1,500')}`);
  await shoot(page, 'payouts-admin-paid-1280');

  // A bank batch the provider refuses: the line fails with its reason.
  await page.getByTestId('payout-make-beftn').click();
  await expect(page.getByTestId('payout-batch')).toHaveCount(2);
  const beftnRef = (await page.getByTestId('payout-batch').first().locator('p').first().textContent())!.trim();
  const refused = new ExcelJS.Workbook();
  const refusedSheet = refused.addWorksheet('Result');
  refusedSheet.addRow(['Reference', 'Amount', 'Status', 'Reason']);
  refusedSheet.addRow([`${beftnRef}-0001`, '1500.00', 'Returned', 'Account closed']);
  await page.getByTestId('payout-batch-result').click();
  await page
    .getByTestId('payout-result-file')
    .setInputFiles({ name: 'beftn-result.xlsx', mimeType: XLSX, buffer: Buffer.from(await refused.xlsx.writeBuffer()) });
  await expect(page.getByTestId('payout-result-count-failed')).toContainText(bengaliDigits('1'));
  await page.getByTestId('payout-result-submit').click();
  await expect(page.getByTestId('payout-result-done')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payout-tally-failed')).toContainText(`৳${bengaliDigits('1,500')}`);

  // Back on the phone: the winner is paid, and locked.
  await page.setViewportSize(PHONE);
  await openPayouts(page, token);
  await expect(card(`WALLET WINNER ${suffix}`).getByTestId('payout-state')).toHaveText(bn.payouts.states.paid);
  await expect(card(`WALLET WINNER ${suffix}`).getByTestId('payout-edit')).toHaveCount(0);
  await expect(card(`BANK WINNER ${suffix}`).getByTestId('payout-state')).toHaveText(bn.payouts.states.failed);
  await expect(card(`BANK WINNER ${suffix}`)).toContainText('Account closed');
  await shoot(page, 'payouts-institute-paid-360');
});
