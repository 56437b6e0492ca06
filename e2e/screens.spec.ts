/**
 * Screenshots of every screen of this issue in Bengali, on a phone and a desktop, for people to
 * look at (test-results/screenshots/, not committed); and the check that Bengali text is set in
 * the self-hosted Noto Sans Bengali.
 */
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, bn, login, newInstitute, registerByApi } from './helpers.js';

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 640 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** The phone's navigation drawer, once it has finished sliding in. */
async function openNavigation(page: Page): Promise<void> {
  await page.getByRole('button', { name: bn.nav.open }).click();
  await page.waitForTimeout(500);
}

async function shoot(page: Page, viewport: string, screen: string): Promise<void> {
  // Fonts swap in when loaded; a screenshot before that would show the fallback font.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `test-results/screenshots/${viewport}-${screen}.png` });
}

test('Bengali text is set in the self-hosted Noto Sans Bengali', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn.login.title);
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      loaded: [...document.fonts].filter((font) => font.family.replaceAll('"', '') === 'Noto Sans Bengali' && font.status === 'loaded').length,
      bengaliReady: document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা'),
      files: performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.woff2')),
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
      await expect(page.getByTestId('coming-soon')).toBeVisible();
      await shoot(page, viewport.name, 'coming-soon');
    });
  });
}
