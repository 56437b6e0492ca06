/**
 * A second walk through the season's screens as its people use them, each defect at the width where it was
 * seen: an examiner made under Users, payments told apart and decided, statements reconciled, lists that say
 * what their numbers are, the exam form's toasts and phone numbers a phone can dial.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, bn, choose, enterWithToken, field, uniqueSuffix } from './helpers.js';

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
