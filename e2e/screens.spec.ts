/**
 * Screenshots of the screens in Bengali, on a phone and a desktop, for people to
 * look at (test-results/screenshots/, not committed); and the check that Bengali text is set in
 * the self-hosted Noto Sans Bengali.
 */
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  adminToken,
  apiToken,
  bn,
  enterWithToken,
  field,
  fillUserForm,
  login,
  messages,
  newInstitute,
  registerByApi,
  storeByApi,
  uniqueSuffix,
} from './helpers.js';

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 640 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** The phone's navigation drawer, once it has finished sliding in. */
async function openNavigation(page: Page): Promise<void> {
  await page.getByRole('button', { name: bn.nav.open }).click();
  await page.waitForTimeout(500);
}

async function shoot(page: Page, viewport: string, screen: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // Fonts swap in when loaded; a screenshot before that would show the fallback font.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `test-results/screenshots/${viewport}-${screen}.png`, fullPage: options.fullPage });
}

/** Brings an element to the top of the window, below the shell's header. */
async function scrollToTop(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 70));
  await page.waitForTimeout(200);
}

/** A registration body the API takes, for screens that need students to show. */
function student(n: number): Record<string, string> {
  const names = ['RAHIM UDDIN', 'AYESHA SIDDIKA', 'MD. KAMRUL HASAN CHOWDHURY', 'NUSRAT JAHAN', 'TANVIR AHMED', 'FATEMA TUZ ZOHRA'];
  return {
    class: n % 3 === 0 ? '07' : '04',
    gender: n % 2 === 0 ? 'f' : 'm',
    class_roll: String(n + 1),
    name_english: names[n % names.length] as string,
    name_bangla: 'পরীক্ষার্থী শিক্ষার্থী',
    father_name_english: 'MD. ABDUL KARIM',
    mother_name_english: 'MST. RAHIMA BEGUM',
    post_office: 'সাভার',
    contact_number: `017${String(100_000_000 + n).slice(1)}`,
    division_id: '6',
    zilla_id: '47',
    upozilla_id: '365',
  };
}

test('Bengali text is set in the self-hosted Noto Sans Bengali', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.login.title);
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      loaded: [...document.fonts].filter((font) => font.family.replaceAll('"', '') === 'Noto Sans Bengali' && font.status === 'loaded').length,
      bengaliReady: document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা'),
      files: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.woff2')),
      family: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
    };
  });
  expect(fonts.family).toMatch(/^'?"?Noto Sans Bengali/);
  expect(fonts.loaded).toBeGreaterThan(0);
  expect(fonts.bengaliReady).toBe(true);
  expect(fonts.files.some((path) => /^\/assets\/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/.test(path))).toBe(true);
});

for (const viewport of VIEWPORTS) {
  test.describe(`screens on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public screens', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.login.title);
      await shoot(page, viewport.name, 'login');

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.register.title);
      await shoot(page, viewport.name, 'register-top');
      await page.getByRole('button', { name: bn.register.submit }).click();
      await expect(page.getByText(bn.register.fields.name).first()).toBeVisible();
      await page.waitForTimeout(800); // the smooth scroll to the first error
      await shoot(page, viewport.name, 'register-errors');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shoot(page, viewport.name, 'register-bottom');

      await page.goto('/password-reset');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.passwordReset.title);
      await shoot(page, viewport.name, 'password-reset');
    });

    test('the registered banner and the dashboards', async ({ page, request }) => {
      const institute = newInstitute();
      const uid = await registerByApi(request, institute);
      // What registration leaves behind for the login screen (see registrationMarker.ts).
      await page.goto('/login');
      await page.evaluate((id) => sessionStorage.setItem('registered_uid', id), uid);
      await page.reload();
      await expect(page.getByTestId('registered-banner')).toBeVisible();
      await shoot(page, viewport.name, 'login-registered');

      await login(page, institute.email, institute.password);
      await expect(page.getByTestId('profile-card')).toBeVisible();
      await shoot(page, viewport.name, 'dashboard-institute');
      if (viewport.name === 'phone') {
        await openNavigation(page);
        await expect(page.getByRole('link', { name: bn.nav.payments })).toBeVisible();
        await shoot(page, viewport.name, 'navigation-institute');
      }

      await page.evaluate(() => localStorage.clear());
      await login(page, ADMIN.email, ADMIN.password);
      await expect(page.getByTestId('profile-card')).toBeVisible();
      await shoot(page, viewport.name, 'dashboard-admin');
      if (viewport.name === 'phone') await openNavigation(page);
      await page.getByRole('navigation').getByText(bn.nav.website, { exact: true }).click();
      await expect(page.getByRole('link', { name: bn.nav.pageBuild })).toBeVisible();
      await page.waitForTimeout(500); // the group's opening transition
      await shoot(page, viewport.name, 'navigation-admin');
      await page.getByRole('link', { name: bn.nav.pageBuild }).click();
      await expect(page.getByRole('heading', { name: bn.resources.pageBuild.list })).toBeVisible();
      await shoot(page, viewport.name, 'page-list');
    });

    test('back-office screens: a list, its pagination, a form with the server’s 422, details, export, profile', async ({ page, request }) => {
      const token = await adminToken(request);
      const prefix = `নোটিশ বোর্ড ${uniqueSuffix()}`;
      for (let n = 1; n <= 25; n += 1) await storeByApi(request, token, 'notice-categories', { title: `${prefix} — বার্ষিক পরীক্ষার সময়সূচি ${n}` });
      const existing = newInstitute();
      await registerByApi(request, existing);

      await enterWithToken(page, token);
      await page.goto('/web-pages-management/notice-categories');
      await expect(page.getByTestId('list-row').first()).toBeVisible();
      await shoot(page, viewport.name, 'list');
      await page.getByTestId('pagination').scrollIntoViewIfNeeded();
      await shoot(page, viewport.name, 'pagination');

      await page.getByTestId('list-row').first().getByTestId('row-actions').click();
      await expect(page.getByRole('menuitem', { name: bn.list.destroy })).toBeVisible();
      await shoot(page, viewport.name, 'row-actions');
      await page.keyboard.press('Escape');

      await page.getByTestId('export-format').getByText(bn.exportData.formats.xlsx).click();
      await page.getByTestId('export-button').click();
      await expect(page.getByRole('dialog', { name: bn.exportData.title })).toBeVisible();
      await page.waitForTimeout(300); // the modal's opening transition
      await shoot(page, viewport.name, 'export-prompt');
      await page.keyboard.press('Escape');

      // The first cell shown: which columns a phone shows depends on their priorities.
      await page.getByTestId('list-row').first().locator('td').first().dblclick();
      await expect(page.getByTestId('details-table')).toBeVisible();
      await shoot(page, viewport.name, 'details');
      await page.goto('/web-pages-management/notice-categories/create');
      await page.getByRole('button', { name: bn.actions.save }).click();
      await expect(page.getByText(messages.bn.required)).toBeVisible();
      await shoot(page, viewport.name, 'category-form-errors');

      // A real 422: the email address is already registered.
      await page.goto('/user/create');
      const institute = newInstitute();
      await fillUserForm(page, institute, { level: 'play-8th', management: 'non-government' }, { phone: existing.phone, email: existing.email });
      await page.getByRole('button', { name: bn.actions.save }).click();
      await expect(page.getByText(messages.bn.email_taken)).toBeVisible();
      await page.waitForTimeout(800); // the smooth scroll to the first error
      await shoot(page, viewport.name, 'user-form-422');

      await page.goto('/profile');
      await expect(page.getByTestId('profile-view')).toBeVisible();
      await shoot(page, viewport.name, 'profile');

      // The printed user details: no header, navigation, menus or buttons.
      await page.goto(`/user?search=${encodeURIComponent(existing.email)}`);
      // The search found it by email; a narrow list may not show the email column (its priority), so the name opens it.
      await page.getByTestId('list-row').first().getByText(existing.name).dblclick();
      await expect(page.getByTestId('details-table')).toContainText(existing.nameEnglish);
      await shoot(page, viewport.name, 'user-details');
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('print-button')).toBeHidden();
      await expect(page.getByRole('navigation', { name: bn.nav.label })).toBeHidden();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `test-results/screenshots/${viewport.name}-user-details-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    });

    test('registrations, payments and the dashboards with numbers', async ({ page, request }) => {
      test.setTimeout(90_000);
      const institute = { ...newInstitute(), name: `আদর্শ উচ্চ বিদ্যালয় ও কলেজ ${uniqueSuffix()}` };
      await registerByApi(request, institute);
      const token = await apiToken(request, institute.email, institute.password);
      for (let n = 0; n < 12; n += 1) await storeByApi(request, token, 'scholarship-registrations', student(n));
      const used = `TRX${uniqueSuffix().toUpperCase()}`;
      await storeByApi(request, token, 'scholarship-payments', { payment_method: 'bkash', amount: 1000, transaction_id: used, date: '2026-01-15' });
      const r = bn.registrations.fields;

      await enterWithToken(page, token);
      await expect(page.getByTestId('stat-total_registration').getByTestId('stat-value')).toHaveText('১২');
      await expect(page.getByTestId('list-row').first()).toBeVisible();
      await shoot(page, viewport.name, 'dashboard-institute-numbers');
      await scrollToTop(page, 'class-table');
      await shoot(page, viewport.name, 'dashboard-institute-classes');
      await scrollToTop(page, 'list-table');
      await shoot(page, viewport.name, 'dashboard-institute-list');

      await page.goto('/scholarship-registrations');
      await expect(page.getByTestId('list-row')).toHaveCount(12);
      await shoot(page, viewport.name, 'registrations-list');
      await page.goto('/scholarship-registrations/filter/class-07');
      await expect(page.getByTestId('list-row')).toHaveCount(4);
      await shoot(page, viewport.name, 'registrations-filter');

      await page.goto('/scholarship-registrations/create');
      await expect(field(page, r.class_roll)).toBeVisible();
      await shoot(page, viewport.name, 'registration-form-top');
      await page.getByRole('button', { name: bn.actions.save }).click();
      await expect(page.getByText(bn.registrations.declarationRequired)).toBeVisible();
      await page.waitForTimeout(800); // the smooth scroll to the first error
      await shoot(page, viewport.name, 'registration-form-errors');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await shoot(page, viewport.name, 'registration-form-bottom');

      await page.goto('/scholarship-registrations');
      await page.getByTestId('list-row').first().locator('td').first().dblclick();
      await expect(page.getByTestId('registration-sheet')).toBeVisible();
      await shoot(page, viewport.name, 'registration-details');

      // The server's 422: the transaction id was used already.
      await page.goto('/scholarship-payments/create');
      await expect(page.getByTestId('deposit-info')).toBeVisible();
      await shoot(page, viewport.name, 'payment-form');
      await field(page, bn.payments.fields.amount).fill('১৪০০');
      await field(page, bn.payments.transactionLabel.bkash).fill(used);
      await page.getByRole('button', { name: bn.actions.save }).click();
      await expect(page.getByText(messages.bn.transaction_used)).toBeVisible();
      await page.waitForTimeout(800);
      await shoot(page, viewport.name, 'payment-form-422');
      await page.goto('/scholarship-payments');
      await expect(page.getByTestId('list-row')).toHaveCount(1);
      await shoot(page, viewport.name, 'payments-list');

      await page.evaluate(() => localStorage.clear());
      await enterWithToken(page, await adminToken(request));
      // A table on a desktop, one block per row on a phone.
      await expect(page.getByTestId(viewport.name === 'phone' ? 'institute-card' : 'institute-row').first()).toBeVisible();
      await shoot(page, viewport.name, 'dashboard-admin-numbers');
      await scrollToTop(page, 'class-chart');
      await shoot(page, viewport.name, 'dashboard-admin-chart');
      await scrollToTop(page, 'institute-table');
      await shoot(page, viewport.name, 'dashboard-admin-institutes');
      await page.goto('/scholarship-registrations/create');
      await expect(page.getByRole('textbox', { name: r.institute_id })).toBeVisible();
      await shoot(page, viewport.name, 'registration-form-admin');
      await page.goto('/scholarship-payments');
      await expect(page.getByTestId('list-row').first()).toBeVisible();
      await shoot(page, viewport.name, 'payments-list-admin');
    });
  });
}
