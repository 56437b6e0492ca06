/**
 * Statement reconciliation on a phone (docs/integrators/statements.md): an institute has filed
 * three bKash payments; the admin uploads the merchant statement, in which one id is printed in
 * lower case and groups, one amount differs and one line has no payment, sees the lists and approves
 * the match. Screenshots in Bengali at 360 px and 1280 px go to test-results/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiToken, bengaliDigits, bn, enterWithToken, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';
import { approveMatched, uploadStatement } from './statements.js';

test.use({ viewport: { width: 360, height: 640 } });

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

test('the admin reconciles a bKash statement on a phone and approves the match', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.phone, institute.password);
  const suffix = uniqueSuffix().toUpperCase();
  const today = new Date().toISOString().slice(0, 10);
  const ids = { matched: `RC1${suffix}`, differs: `RC2${suffix}`, missing: `RC3${suffix}`, stranger: `RC4${suffix}` };
  // The statement prints the first id in lower case and in groups.
  const printed = `${ids.matched.slice(0, 4).toLowerCase()} ${ids.matched.slice(4).toLowerCase()}`;
  const statement = [
    { transactionId: printed, amount: 400 },
    { transactionId: ids.differs, amount: 800 },
    { transactionId: ids.stranger, amount: 1000 },
  ];
  const pay = (transaction_id: string, amount: number) =>
    storeByApi(request, token, 'scholarship-payments', { payment_method: 'bkash', amount: String(amount), transaction_id, date: today });
  const matchedId = await pay(ids.matched, 400);
  const differsId = await pay(ids.differs, 600);
  await pay(ids.missing, 200);

  await enterWithToken(page, await adminToken(request));
  await page.goto('/scholarship-payments');
  await expect(page.getByTestId('reconcile-button')).toBeVisible();
  await shoot(page, 'phone-reconcile-list-button');
  await uploadStatement(page, statement, (name) => shoot(page, `phone-${name}`));

  await expect(page.getByTestId('statement-count-matched')).toContainText(bengaliDigits(1));
  await expect(page.getByTestId('statement-count-amount_differs')).toContainText(bengaliDigits(1));
  await expect(page.getByTestId('statement-count-not_filed')).toContainText(bengaliDigits(1));
  await expect(page.getByTestId('statement-line-card')).toHaveCount(1);
  await expect(page.getByTestId('statement-line-card')).toContainText(institute.name);
  await shoot(page, 'phone-reconcile-matched');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('statement-line')).toHaveCount(1);
  await shoot(page, 'desktop-reconcile-matched');
  await page.setViewportSize({ width: 360, height: 640 });

  await page.getByTestId('statement-count-amount_differs').click();
  await expect(page.getByTestId('statement-line-card')).toContainText(ids.differs);
  await page.getByTestId('statement-count-missing').click();
  await expect(page.getByTestId('statement-line-card').filter({ hasText: ids.missing })).toHaveCount(1);
  await page.getByTestId('statement-count-matched').click();

  await approveMatched(page, 1);
  await expect(page.getByTestId('statement-count-approved')).toContainText(bengaliDigits(1));
  await shoot(page, 'phone-reconcile-approved');

  const approved = await request.get(`/api/v1/scholarship-payments/${matchedId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await approved.json()) as { data: { is_approved: number } }).data.is_approved).toBe(1);
  const differs = await request.get(`/api/v1/scholarship-payments/${differsId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await differs.json()) as { data: { is_approved: number } }).data.is_approved).toBe(0);

  // The same statement again: nothing is left to approve, the payment shows approved.
  const again = await uploadStatement(page, statement);
  expect(again).toMatch(/\/scholarship-payments\/reconcile\/\d+$/);
  await expect(page.getByTestId('statement-count-matched')).toContainText(bengaliDigits(0));
  await expect(page.getByText(bn.reconcile.approve.nothing)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('statement-count-approved').click();
  await expect(page.getByTestId('statement-line').filter({ hasText: printed })).toHaveCount(1);
  await shoot(page, 'desktop-reconcile-approved');

  // A bank's statement has other headings: its columns are asked for (left unanswered here).
  await page.getByRole('link', { name: bn.reconcile.another }).click();
  await shoot(page, 'desktop-reconcile-empty');
  const bank = ['Value Date,Particulars,Receipt No,Credit', `20/11/2026,Cash deposit,SB-${suffix},1000`].join('\r\n');
  await page.getByTestId('statement-file').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(bank) });
  await expect(page.getByTestId('statement-columns')).toBeVisible();
  await expect(page.getByTestId('statement-transaction-column')).toHaveValue('Receipt No');
  await shoot(page, 'desktop-reconcile-columns');
});
