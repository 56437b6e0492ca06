/**
 * A second walk through the season's screens as its people use them, each defect at the width where it was
 * seen: an examiner made under Users, payments told apart and decided, statements reconciled, lists that say
 * what their numbers are, the exam form's toasts and phone numbers a phone can dial.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  adminToken,
  apiToken,
  bengaliDigits,
  bn,
  choose,
  enterWithToken,
  field,
  messages,
  newInstitute,
  registerByApi,
  storeByApi,
  uniqueSuffix,
} from './helpers.js';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

/** Screenshots of the current screen at both widths (the caller's width is restored). */
async function shots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/round-two-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

test('an admin makes an examiner from a name, an email and a mobile, listed and shown as a person', async ({ page, request }) => {
  await enterWithToken(page, await adminToken(request));
  await page.goto('/user/create');
  await choose(page, bn.fields.role, bn.role.examiner);
  // No institute field is asked of an examiner.
  await expect(field(page, bn.register.fields.institute_name_english)).toHaveCount(0);
  await expect(field(page, bn.register.fields.post_office)).toHaveCount(0);
  await shots(page, 'examiner-form');
  const suffix = uniqueSuffix();
  const name = `মোঃ পরীক্ষক ${suffix}`;
  const phone = `018${String(Date.now()).slice(-8)}`;
  await field(page, bn.users.person.name).fill(name);
  await field(page, bn.users.person.phone_number).fill(phone);
  await field(page, bn.users.person.email).fill(`examiner-${suffix}@example.com`);
  await field(page, bn.register.fields.password).fill('examiner-pass-1');
  await field(page, bn.register.fields.password_confirmation).fill('examiner-pass-1');
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(page).toHaveURL(/\/user$/);

  await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(suffix);
  const row = page.getByTestId('list-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(bn.role.examiner);
  const headers = page.getByTestId('list-table').locator('th');
  await expect(headers.filter({ hasText: bn.fields.institute })).toHaveCount(0);
  await shots(page, 'users-list');

  await row.getByRole('button', { name: bn.list.actionsFor.replace('{{name}}', name) }).click();
  await page.getByRole('menuitem', { name: bn.list.details }).click();
  const details = page.getByTestId('details-table');
  await expect(details).toContainText(name);
  await expect(details).not.toContainText(bn.register.fields.institute_type);
  await shots(page, 'examiner-details');
});

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });
const rows = (page: Page) => page.getByTestId('list-row');

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

/** Another account on the same page: the stored session is dropped first. */
async function enterAs(page: Page, token: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await enterWithToken(page, token);
}

test('payments on a phone: filed waits for approval, two payments told apart, a refusal shown with the students by name', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const suffix = uniqueSuffix().toUpperCase();
  const names = [`PAY ONE ${suffix}`, `PAY TWO ${suffix}`];
  for (const [i, name] of names.entries()) await storeByApi(request, token, 'scholarship-registrations', student(i + 1, name));
  const first = `PA${suffix}`;
  const second = `PB${suffix}`;
  await storeByApi(request, token, 'scholarship-payments', { payment_method: 'bkash', amount: '200', transaction_id: second, date: '2026-11-18' });

  await enterWithToken(page, token);
  await page.goto('/scholarship-payments/create');
  const picker = page.getByTestId('payment-students');
  for (const name of names) await picker.getByRole('checkbox', { name }).check();
  await page.getByRole('textbox', { name: bn.payments.transactionLabel.bkash }).fill(first);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, bn.payments.filed).first()).toBeVisible();

  // Each row says which payment it is: transaction id, method and date, under the amount.
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: first })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: second })).toContainText(bn.reference.paymentMethod.bkash);
  await expect(rows(page).filter({ hasText: second }).getByTestId('tucked-date')).toBeVisible();
  await shots(page, 'payments-list');

  await enterAs(page, await adminToken(request));
  await page.setViewportSize(DESKTOP);
  await page.goto('/scholarship-payments');
  await page.getByTestId('state-filter').click();
  await page.getByRole('option', { name: bn.payments.pending, exact: true }).click();
  await expect(page).toHaveURL(/state=pending/);
  await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(first);
  await expect(rows(page)).toHaveCount(1);
  // The institute's mobile is a number a phone dials.
  await expect(rows(page).first().getByTestId('phone-link')).toHaveAttribute('href', `tel:${institute.phone}`);
  await shots(page, 'payments-admin-list');
  await rows(page).first().locator('td').nth(1).dblclick();
  const details = page.getByTestId('details-table');
  for (const name of names) await expect(page.getByTestId('covered-students')).toContainText(name);
  await page.setViewportSize(PHONE);
  await page.getByTestId('refuse-payment').click();
  await page.getByTestId('payment-decision').getByText(bn.payments.decision.reasons.wrong_id).click();
  await page.getByTestId('confirm-refuse').click();
  await expect(details.getByTestId('approval')).toHaveText(bn.payments.refused);
  // The approval card says what happened; no "active" beside "refused".
  await expect(page.getByTestId('refusal')).toContainText(bn.payments.decision.reasons.wrong_id);
  await expect(details).not.toContainText(bn.list.active);
  await expect(details).toContainText(bn.payments.covered.freed.replace('{{number}}', '২'));
  await shots(page, 'payment-refused');
});

test('a statement at 1280 px: its Total row is no transaction, approving the matched asks first, lines open their payment', async ({ page, request }) => {
  test.setTimeout(120_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const suffix = uniqueSuffix().toUpperCase();
  const matched = `SM${suffix}`;
  const paymentId = await storeByApi(request, token, 'scholarship-payments', {
    payment_method: 'bkash',
    amount: '400',
    transaction_id: matched,
    date: '2026-11-20',
  });
  // A merchant statement whose totals row puts its sum in the Amount column.
  const csv = ['Date,TrxID,Amount', `2026-11-20 10:00:00,${matched},400.00`, `2026-11-20 11:00:00,SX${suffix},800.00`, ',Total,1200.00'].join('\r\n');

  await enterWithToken(page, await adminToken(request));
  await page.goto('/scholarship-payments/reconcile');
  await page.getByTestId('statement-file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const columns = page.getByTestId('statement-columns');
  const statement = page.getByTestId('statement');
  await expect(columns.or(statement)).toBeVisible();
  if (await columns.isVisible()) {
    await page.getByTestId('statement-format-name').fill(`তিন কলাম ${suffix}`);
    await page.getByTestId('statement-columns-submit').click();
  }
  await expect(statement).toBeVisible();
  await expect(page.getByTestId('statement-count-not_filed')).toContainText(bengaliDigits(1));
  await page.getByTestId('statement-count-not_filed').click();
  await expect(page.getByTestId('statement-line')).toHaveCount(1);
  await expect(page.getByTestId('statement-lines')).not.toContainText('Total');

  await page.getByTestId('statement-count-matched').click();
  const link = page.getByTestId('statement-line').getByTestId('statement-line-payment');
  await expect(link).toHaveAttribute('href', `/scholarship-payments/${paymentId}`);
  await page.getByTestId('statement-approve').click();
  const dialog = page.getByRole('dialog', { name: bn.reconcile.approve.confirmTitle });
  await expect(dialog).toBeVisible();
  await shots(page, 'statement-confirm');
  await dialog.getByRole('button', { name: bn.reconcile.approve.cancel }).click();
  await expect(page.getByTestId('statement-count-matched')).toContainText(bengaliDigits(1));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/scholarship-payments/${paymentId}$`));
  await expect(page.getByTestId('details-table')).toContainText(matched);
});

test('registrations: class and fee status in reach at 360 px and on the details, roll, mobile and parents at 1280 px, the paid badge labelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const name = `LIST ONE ${uniqueSuffix().toUpperCase()}`;
  await storeByApi(request, token, 'scholarship-registrations', student(7, name));

  await page.setViewportSize(PHONE);
  await enterWithToken(page, token);
  // The profile card's mobile is a number the phone dials.
  await expect(page.getByTestId('profile-card').getByTestId('phone-link')).toHaveAttribute('href', `tel:${institute.phone}`);
  await shots(page, 'dashboard');
  await page.goto('/scholarship-registrations');
  const row = rows(page).filter({ hasText: name });
  await expect(row.getByTestId('tucked-class')).toContainText(bn.reference.class['04']);
  await expect(row.getByTestId('fee-status')).toHaveText(bn.payments.feeStatus.unpaid);
  await shots(page, 'registrations-list');
  await row.locator('td').nth(1).dblclick();
  await expect(page.getByTestId('registration-sheet').getByTestId('fee-status')).toHaveText(bn.payments.feeStatus.unpaid);
  await shots(page, 'registration-details');

  await enterAs(page, await adminToken(request));
  await page.setViewportSize(DESKTOP);
  await page.goto('/scholarship-registrations');
  await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(name);
  await expect(rows(page)).toHaveCount(1);
  const adminRow = rows(page).first();
  // Roll, mobile and parents are in the row, as columns or under the name.
  for (const label of [bn.fields.roll_no, bn.fields.contact_number, bn.fields.parents]) {
    const asColumn = page.getByTestId('list-table').locator('th').filter({ hasText: label });
    await expect(asColumn.or(adminRow.getByText(`${label}:`))).toHaveCount(1);
  }
  await expect(adminRow).toContainText('01712345678'.replace(/\d/g, (d) => bengaliDigits(d)));
  await expect(adminRow).toContainText('RAHIMA BEGUM');
  // An institute name is two lines at most.
  const instituteCell = adminRow.locator('td').filter({ hasText: institute.name });
  const lines = await instituteCell.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBeLessThanOrEqual(2);
  await expect(page.getByTestId('paid-badge').locator('span[aria-hidden]').first()).toContainText(
    bn.registrations.menu.paidBadge.replace(' {{number}}', '').replace('{{number}} ', ''),
  );
  await shots(page, 'registrations-admin-list');
});

test('the exam form at 1280 px: the date placeholder whole, the 24-hour hint beside the date under the times, no red toast beside the saved one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  await request.post('/api/v1/exam/publish', { data: { published: 0 }, headers: { Authorization: `Bearer ${admin}` } });
  await enterWithToken(page, admin);
  await page.goto('/exam');
  await expect(page.getByRole('heading', { name: bn.exam.form.title })).toBeVisible();
  const sitting = page.getByTestId('sitting-04');
  const day = field(sitting as unknown as Page, bn.exam.form.date);
  await day.fill('');
  await day.blur();
  // The placeholder fits its field.
  expect(await day.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth + 1)).toBe(true);
  const hint = sitting.getByTestId('time-hint');
  const dayBox = (await day.boundingBox())!;
  const hintBox = (await hint.boundingBox())!;
  expect(hintBox.x).toBeGreaterThan(dayBox.x + dayBox.width);
  // The cleared date was only to see the placeholder: saving without it would merge the class into another's
  // sitting, which the seats already given refuse.
  await page.reload();
  await expect(page.getByRole('heading', { name: bn.exam.form.title })).toBeVisible();

  // A first save with the end before the start is refused with the red toast…
  const scope = sitting as unknown as Page;
  await field(scope, bn.exam.form.reporting_time).fill('০৯:৩০');
  await field(scope, bn.exam.form.start_time).fill('১০:০০');
  await field(scope, bn.exam.form.end_time).fill('০৯:০০');
  await page.getByRole('button', { name: bn.exam.form.save }).click();
  await expect(toast(page, messages.bn.validation_failed)).toBeVisible();
  await shots(page, 'exam-form-refused');
  // …and once the form is right, the green toast stands alone.
  await field(scope, bn.exam.form.end_time).fill('১২:০০');
  await page.getByRole('button', { name: bn.exam.form.save }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: messages.bn.exam_saved }).first()).toBeVisible();
  await expect(toast(page, messages.bn.validation_failed)).toHaveCount(0);
  await shots(page, 'exam-form-saved');
});
