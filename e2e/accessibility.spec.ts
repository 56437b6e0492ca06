/**
 * Every screen, at 360 and 1280 px in Bengali, has no serious or critical accessibility violation (axe,
 * WCAG 2.x A and AA rules): the public screens, an institute's and an admin's back office. Screens built
 * from the same parts as one checked here (an edit form like its create form, one resource list like
 * another) are not checked twice, to keep the suite quick.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiToken, enterWithToken, newInstitute, registerByApi, storeByApi } from './helpers.js';

const WIDTHS = [
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
];

/** The serious and critical violations on the screen now, each with the elements at fault. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} [${node.html.slice(0, 80)}] ${node.any[0]?.message ?? ''}`).join(' | ')}`,
    );
}

/** Opens each path, waits for the screen's heading, and checks it at 1280 px and then at 360 px. */
async function checkScreens(page: Page, screens: readonly string[]): Promise<void> {
  for (const path of screens) {
    await page.setViewportSize(WIDTHS[1]!);
    await page.goto(path);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    // The screen the app drew, not the page's loader that names it before the script has run.
    await expect(page.locator('.boot')).toHaveCount(0);
    for (const size of [WIDTHS[1]!, WIDTHS[0]!]) {
      await page.setViewportSize(size);
      // Loaders and transitions come to rest before the page is judged.
      await expect(page.locator('.mantine-LoadingOverlay-root, .mantine-Skeleton-root')).toHaveCount(0);
      // The upload widget fades its label in with its own animation: judged mid-fade, its colours are paler than they are.
      await expect
        .poll(() => page.evaluate(() => [...document.querySelectorAll('.filepond--drop-label')].every((label) => getComputedStyle(label).opacity === '1')))
        .toBe(true);
      await page.waitForTimeout(300);
      expect(await violations(page), `${path} at ${size.width} px`).toEqual([]);
    }
  }
}

test('the public screens have no serious or critical accessibility violation', async ({ page }) => {
  await checkScreens(page, ['/login', '/register', '/password-reset']);
});

test('an institute’s screens have no serious or critical accessibility violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const registration = await storeByApi(request, token, 'scholarship-registrations', {
    class: '04',
    gender: 'f',
    class_roll: '3',
    department: 'p',
    name_bangla: 'পরীক্ষার্থী',
    name_english: 'AXE STUDENT',
    father_name_english: 'ABDUL KARIM',
    mother_name_english: 'RAHIMA BEGUM',
    division_id: 6,
    zilla_id: 47,
    upozilla_id: 365,
    post_office: 'সাভার',
    contact_number: '01712345678',
  });
  await enterWithToken(page, token);
  await checkScreens(page, [
    '/',
    '/scholarship-registrations',
    '/scholarship-registrations/create',
    `/scholarship-registrations/${registration}`,
    '/scholarship-registrations/import',
    '/scholarship-registrations/photos',
    '/scholarship-payments',
    '/scholarship-payments/create',
    '/profile',
    '/profile/update-password',
  ]);
});

test('an admin’s screens have no serious or critical accessibility violation', async ({ page, request }) => {
  test.setTimeout(180_000);
  await enterWithToken(page, await adminToken(request));
  await checkScreens(page, [
    '/',
    '/user',
    '/user/create',
    '/user/user-role',
    '/scholarship-payments',
    '/exam',
    '/exam/seats',
    '/exam/centres',
    '/exam/centres/create',
    '/web-pages-management/web-page-menu',
    '/web-pages-management/page-build/create',
    '/settings',
    '/audit-logs',
  ]);
});
