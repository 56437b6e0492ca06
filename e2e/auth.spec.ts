/** Journeys of spec §2, §4 and §5: registering, logging in and out, navigation by role, form errors. */
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  asciiDigits,
  bn,
  choose,
  en,
  errorUnder,
  field,
  fillRegistration,
  login,
  logout,
  messages,
  newInstitute,
  registerByApi,
  temporaryPasswordMailedTo,
} from './helpers.js';

const nav = (page: Page) => page.getByRole('navigation');
const navLink = (page: Page, label: string) => nav(page).getByRole('link', { name: label, exact: true });

test.describe.serial('an institute', () => {
  const institute = newInstitute();
  let uid = '';

  test('registers with every required field and sees its id on the login screen', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.register.title);
    await fillRegistration(page, institute);
    await page.getByRole('button', { name: bn.register.submit }).click();

    await expect(page).toHaveURL(/\/login$/);
    const banner = page.getByTestId('registered-banner');
    await expect(banner).toContainText(bn.registered.title);
    await expect(banner).toContainText(bn.registered.body);
    await expect(banner).toContainText(bn.registered.advice);
    // The id is shown in Bengali digits in the Bengali interface.
    const shownId = (await page.getByTestId('registered-uid').textContent()) ?? '';
    expect(shownId).toMatch(/^[০-৯]{6}$/);
    uid = asciiDigits(shownId);
  });

  test('logs in by institute id (typed in Bengali digits) and sees the institute navigation', async ({ page }) => {
    await login(
      page,
      uid.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d))),
      institute.password,
    );
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.dashboard.welcome.replace('{{name}}', institute.name));
    await expect(page.getByTestId('profile-card')).toContainText(institute.email);

    for (const label of [bn.nav.dashboard, bn.nav.registrations, bn.nav.payments, bn.nav.profile, bn.nav.visitWebsite]) {
      await expect(navLink(page, label)).toBeVisible();
    }
    for (const label of [bn.nav.users, bn.nav.settings, bn.nav.website]) {
      await expect(nav(page).getByText(label, { exact: true })).toHaveCount(0);
    }
    await expect(navLink(page, bn.nav.visitWebsite)).toHaveAttribute('target', '_blank');
    await logout(page, 'navigation');
  });

  test('logs in by email, then out from the user menu', async ({ page }) => {
    await login(page, institute.email, institute.password);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(institute.name);
    await logout(page, 'user menu');
  });

  test('logs in by mobile number; admin-only sections stay closed and the last route is remembered', async ({ page }) => {
    await login(page, institute.phone, institute.password);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(institute.name);

    // Spec §4: the users module sends others to the Dashboard ...
    await page.goto('/user');
    await expect(page).toHaveURL(/\/$/);
    // ... and the other modules refuse in place, logging why.
    const logged = page.waitForEvent('console', (message) => message.text().includes('unauthorized for this route /settings'));
    await page.goto('/settings');
    await expect(page.getByTestId('not-allowed')).toContainText(bn.guard.notAllowed);
    await logged;

    await navLink(page, bn.nav.payments).click();
    await expect(page.getByRole('heading', { level: 2, name: bn.resources.payments.list })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/scholarship-payments$/);

    await logout(page, 'navigation');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the admin sees the admin navigation', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  for (const label of [bn.nav.dashboard, bn.nav.users, bn.nav.registrations, bn.nav.payments, bn.nav.settings, bn.nav.profile]) {
    await expect(navLink(page, label)).toBeVisible();
  }
  await nav(page).getByText(bn.nav.website, { exact: true }).click();
  for (const label of [bn.nav.webPageMenu, bn.nav.webPageSubMenu, bn.nav.blogCategories, bn.nav.newsCategories, bn.nav.noticeCategories, bn.nav.pageBuild]) {
    await expect(navLink(page, label)).toBeVisible();
  }
  await navLink(page, bn.nav.users).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { level: 2, name: bn.resources.users.list, exact: true })).toBeVisible();
  await logout(page, 'navigation');
});

test('a wrong password shows the Bengali error under the login field and in the toast', async ({ page }) => {
  await login(page, ADMIN.email, 'not-the-password');
  const email = field(page, bn.login.email);
  await expect(await errorUnder(email)).toHaveText(messages.bn.invalid_credentials);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // The toast says what is wrong, not "fill the form correctly".
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: messages.bn.invalid_credentials })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty login is stopped in the browser: messages under both fields, the first focused, cleared as they are filled', async ({ page }) => {
  await page.goto('/login');
  const email = field(page, bn.login.email);
  const password = field(page, bn.login.password);
  await page.getByRole('button', { name: bn.login.submit }).click();
  await expect(email).toBeFocused();
  await expect(await errorUnder(email)).toHaveText(messages.bn.required);
  await expect(await errorUnder(password)).toHaveText(messages.bn.required);
  await expect(page.getByText(messages.bn.validation_failed)).toBeVisible();

  await email.fill(ADMIN.email);
  await expect(await errorUnder(email)).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(await errorUnder(password)).toHaveText(messages.bn.required);
  await password.fill(ADMIN.password);
  await expect(await errorUnder(password)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('a bad registration shows Bengali messages under the fields at fault', async ({ page }) => {
  await page.goto('/register');
  await fillRegistration(page, { ...newInstitute(), phone: '12345' });
  await field(page, bn.register.fields.password_confirmation).fill('another-pass-2');
  await page.getByRole('button', { name: bn.register.submit }).click();

  // The first field at fault is brought into view and focused.
  await expect(field(page, bn.register.fields.phone_number)).toBeFocused();
  await expect(field(page, bn.register.fields.phone_number)).toBeInViewport();
  await expect(await errorUnder(field(page, bn.register.fields.phone_number))).toHaveText(messages.bn.invalid_mobile);
  await expect(await errorUnder(field(page, bn.register.fields.password_confirmation))).toHaveText(messages.bn.password_mismatch);
  await expect(page.getByText(messages.bn.validation_failed)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("the server's 422 lands under its field: an email already registered", async ({ page, request }) => {
  const existing = newInstitute();
  await registerByApi(request, existing);
  await page.goto('/register');
  await fillRegistration(page, { ...newInstitute(), email: existing.email });
  await page.getByRole('button', { name: bn.register.submit }).click();

  const email = field(page, bn.register.fields.email);
  await expect(await errorUnder(email)).toHaveText(messages.bn.email_taken);
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/register$/);
});

test('choosing another division clears the district and upazila', async ({ page }) => {
  await page.goto('/register');
  const { division_id, zilla_id, upozilla_id } = bn.register.fields;
  await choose(page, division_id, 'ঢাকা');
  await choose(page, zilla_id, 'গাজীপুর');
  await choose(page, upozilla_id, 'কালীগঞ্জ');
  await choose(page, division_id, 'সিলেট');
  await expect(field(page, zilla_id)).toHaveValue('');
  await expect(field(page, upozilla_id)).toHaveValue('');
  await expect(field(page, upozilla_id)).toBeDisabled();
  await field(page, zilla_id).click();
  await expect(page.getByRole('option', { name: 'সুনামগঞ্জ', exact: true })).toBeVisible();
});

test('password reset says "check your email"; the mailed password logs in and the dashboard asks to change it', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  await page.goto('/password-reset');
  await expect(page.getByText(bn.passwordReset.explanation)).toBeVisible();
  await field(page, bn.passwordReset.email).fill(institute.email);
  await page.getByRole('button', { name: bn.passwordReset.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: bn.passwordReset.sentTitle })).toContainText(messages.bn.reset_sent);

  await login(page, institute.email, await temporaryPasswordMailedTo(institute.email));
  const notice = page.getByTestId('must-change-password');
  await expect(notice).toContainText(bn.dashboard.mustChangePassword);
  await notice.getByRole('link', { name: bn.dashboard.mustChangePasswordLink }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the English switch is remembered, and server messages follow the interface language', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: `${bn.language.label}: ${bn.language.en}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.title);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.login.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await field(page, en.login.email).fill(ADMIN.email);
  await field(page, en.login.password).fill('not-the-password');
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(await errorUnder(field(page, en.login.email))).toHaveText(messages.en.invalid_credentials);

  await page.getByRole('button', { name: `${en.language.label}: ${en.language.bn}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.login.title);
});
