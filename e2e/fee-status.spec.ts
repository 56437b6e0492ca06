/**
 * Money per student on a phone (360 px): an institute picks three of its unpaid students, the amount
 * follows, the payment waits with them pending; the admin refuses it with a reason, the institute
 * corrects it, the admin reconciles a bKash statement and approves the match, the institute finds
 * exactly those three paid, and the SMS that told it is in the outbox.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiToken, bn, enterWithToken, messages, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';
import { approveMatched, uploadStatement } from './statements.js';

const PAYMENTS = '/scholarship-payments';
const REGISTRATIONS = '/scholarship-registrations';
const rows = (page: Page) => page.getByTestId('list-row');
const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

test.use({ viewport: { width: 360, height: 740 } });

/** A payment's details, found by the list's search (a phone's list shows the amount and state, not the transaction id). */
async function openPayment(page: Page, transaction: string): Promise<void> {
  await page.goto(PAYMENTS);
  await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(transaction);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('td').nth(1).dblclick();
  await expect(page.getByTestId('details-table')).toContainText(transaction);
}

/** Another account on the same page: the stored session is dropped first. */
async function enterAs(page: Page, token: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await enterWithToken(page, token);
}

const student = (n: number, name: string) => ({
  class: '04',
  class_roll: String(n),
  gender: n % 2 ? 'm' : 'f',
  name_english: name,
  father_name_english: 'ABDUL KARIM',
  mother_name_english: 'RAHIMA BEGUM',
  contact_number: '01712345678',
  post_office: 'Savar',
  division_id: 6,
  zilla_id: 47,
  upozilla_id: 365,
});

test('an institute pays for three chosen students; refused with a reason, corrected, approved, they are paid', async ({ page, request }) => {
  test.setTimeout(180_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const suffix = uniqueSuffix().toUpperCase();
  const names = ['FEE ONE', 'FEE TWO', 'FEE THREE', 'FEE FOUR'].map((name) => `${name} ${suffix}`);
  for (const [i, name] of names.entries()) await storeByApi(request, token, 'scholarship-registrations', student(i + 1, name));
  const transaction = `FS${suffix}`;

  await test.step('the institute chooses three unpaid students; the amount is their fees', async () => {
    await enterWithToken(page, token);
    await page.goto(`${PAYMENTS}/create`);
    const picker = page.getByTestId('payment-students');
    await expect(picker.getByTestId('unpaid-student')).toHaveCount(4);
    await expect(picker.getByTestId('select-all-unpaid')).toContainText('৪');
    for (const name of names.slice(0, 3)) await picker.getByRole('checkbox', { name }).check();
    await expect(picker.getByTestId('students-total')).toHaveText(bn.payments.students.total.replace('{{number}}', '৩').replace('{{amount}}', '৳৬০০'));
    await expect(page.getByRole('textbox', { name: bn.payments.fields.amount })).toHaveValue('600');
    await page.getByRole('textbox', { name: bn.payments.transactionLabel.bkash }).fill(transaction);
    await page.screenshot({ path: 'test-results/screenshots/payment-students-360.png', fullPage: true });
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(toast(page, bn.payments.filed).first()).toBeVisible();
    // The institute's newest payment heads its list.
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByTestId('approval')).toHaveText(bn.payments.pending);
    await openPayment(page, transaction);
    for (const name of names.slice(0, 3)) await expect(page.getByTestId('covered-students')).toContainText(name);
  });

  await test.step('the three are pending in the registrations list, the fourth unpaid', async () => {
    await page.goto(`${REGISTRATIONS}/filter/pending`);
    await expect(rows(page)).toHaveCount(3);
    await page.goto(`${REGISTRATIONS}/filter/unpaid`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(names[3]!);
  });

  await test.step('the admin refuses it with a reason', async () => {
    await enterAs(page, await adminToken(request));
    await openPayment(page, transaction);
    await page.getByTestId('refuse-payment').click();
    await page.getByTestId('payment-decision').getByText(bn.payments.decision.reasons.wrong_id).click();
    await expect(page.getByTestId('refusal-reason')).toHaveValue(bn.payments.decision.reasons.wrong_id);
    await page.screenshot({ path: 'test-results/screenshots/payment-refuse-360.png', fullPage: true });
    await page.getByTestId('confirm-refuse').click();
    await expect(toast(page, messages.bn.payment_refused).first()).toBeVisible();
    await expect(page.getByTestId('details-table').getByTestId('approval')).toHaveText(bn.payments.refused);
  });

  await test.step('the institute reads the reason and sends it again with the right number and the same students', async () => {
    await enterAs(page, token);
    await openPayment(page, transaction);
    await expect(page.getByTestId('details-table')).toContainText(bn.payments.decision.reasons.wrong_id);
    await page.getByRole('link', { name: bn.actions.edit }).click();
    await expect(page.getByTestId('refused-note')).toContainText(bn.payments.decision.reasons.wrong_id);
    const picker = page.getByTestId('payment-students');
    await expect(picker.getByTestId('unpaid-student')).toHaveCount(4);
    for (const name of names.slice(0, 3)) await picker.getByRole('checkbox', { name }).check();
    await page.getByRole('textbox', { name: bn.payments.transactionLabel.bkash }).fill(`${transaction}X`);
    await page.getByRole('button', { name: bn.actions.update }).click();
    await expect(toast(page, bn.payments.filed).first()).toBeVisible();
    await expect(page.getByTestId('details-table').getByTestId('approval')).toHaveText(bn.payments.pending);
  });

  await test.step('the admin sees it pending again, reconciles the bKash statement and approves the match', async () => {
    await enterAs(page, await adminToken(request));
    await openPayment(page, `${transaction}X`);
    await expect(page.getByTestId('approve-payment')).toBeVisible();
    await uploadStatement(page, [{ transactionId: `${transaction}X`, amount: 600 }]);
    await approveMatched(page, 1);
    await openPayment(page, `${transaction}X`);
    await expect(page.getByTestId('details-table').getByTestId('approval')).toHaveText(bn.payments.approved);
  });

  await test.step('the institute sees exactly the three paid and the dashboard says so; the SMS is in the outbox', async () => {
    await enterAs(page, token);
    await expect(page.getByTestId('stat-total_paid').getByTestId('stat-value')).toHaveText('৳৬০০');
    await expect(page.getByTestId('stat-total_due').getByTestId('stat-value')).toHaveText('৳২০০');
    await page.screenshot({ path: 'test-results/screenshots/dashboard-fees-360.png', fullPage: true });
    await page.goto(`${REGISTRATIONS}/filter/paid`);
    await expect(rows(page)).toHaveCount(3);
    // A phone's list shows the names; the filter is the fee status.
    for (const name of names.slice(0, 3)) await expect(rows(page).filter({ hasText: name })).toHaveCount(1);

    await enterAs(page, await adminToken(request));
    await page.goto('/outbox');
    const sms = page
      .getByRole('row')
      .filter({ hasText: institute.phone })
      .filter({ hasText: `${transaction}X` });
    await expect(sms.first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/outbox-payment-360.png', fullPage: true });
  });
});
