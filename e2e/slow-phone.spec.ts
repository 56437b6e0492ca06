/**
 * The registration and settings journeys on a slow phone (CPU 4× slower, 150 ms latency, 1.6 Mbit/s, as
 * the walk through every screen was done): no screen may show nothing — no text and no loader — for more
 * than a second, from the first page load to the last save.
 */
import { expect, test, type Page } from '@playwright/test';
import { TOKEN_KEY } from '../src/web/api/token.js';
import { adminToken, bn, field, messages, newInstitute, registerByApi, uniqueSuffix } from './helpers.js';

const BLANK_LIMIT_MS = 1000;

/** Throttles the page as a cheap phone on a mobile network (Chromium's DevTools protocol). */
async function slowPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 640 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * Watches every document the page loads: a stretch with no visible text and no loader (the boot spinner, a
 * status, a skeleton) is reported with its length when it ends or when the journey asks.
 */
async function watchBlankScreens(page: Page): Promise<{ longest: () => Promise<number> }> {
  let longest = 0;
  await page.exposeFunction('reportBlank', (ms: number) => {
    longest = Math.max(longest, ms);
  });
  await page.addInitScript(() => {
    let since: number | null = null;
    const report = (window as unknown as { reportBlank: (ms: number) => void }).reportBlank;
    const check = () => {
      const text = document.body?.innerText.trim() ?? '';
      const indicator = document.querySelector('.boot, [role="status"], .mantine-Loader-root, .mantine-Skeleton-root, [role="progressbar"]');
      const now = performance.now();
      if (text === '' && !indicator) since ??= now;
      else if (since !== null) {
        report(now - since);
        since = null;
      }
    };
    setInterval(check, 50);
    (window as unknown as { blankNow: () => number }).blankNow = () => (since === null ? 0 : performance.now() - since);
  });
  return {
    longest: async () => Math.max(longest, await page.evaluate(() => (window as unknown as { blankNow: () => number }).blankNow())),
  };
}

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

test('an institute registers a student on a slow phone, never looking at an empty screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const institute = { ...newInstitute(), name: `ধীর ফোন বিদ্যালয় ${uniqueSuffix()}` };
  await registerByApi(request, institute);
  const blank = await watchBlankScreens(page);
  await slowPhone(page);

  // A first visit to the register page: its form's code and the address data come over the slow network.
  await page.goto('/register');
  await expect(field(page, bn.register.fields.name)).toBeVisible({ timeout: 30_000 });
  await page.goto('/login');
  await field(page, bn.login.email).fill(institute.email);
  await field(page, bn.login.password).fill(institute.password);
  await page.getByRole('button', { name: bn.login.submit }).click();
  await expect(page.getByTestId('profile-card')).toBeVisible({ timeout: 30_000 });

  await page.goto('/scholarship-registrations/create');
  const f = bn.registrations.fields;
  await page.getByRole('radio', { name: bn.reference.class['04'], exact: true }).check({ timeout: 30_000 });
  await page.getByRole('radio', { name: bn.reference.gender.f, exact: true }).check();
  await field(page, f.class_roll).fill('4');
  await field(page, f.name_bangla).fill('পরীক্ষার্থী');
  await field(page, f.name_english).fill('SLOW PHONE');
  await field(page, f.father_name_english).fill('ABDUL KARIM');
  await field(page, f.mother_name_english).fill('RAHIMA BEGUM');
  await field(page, f.post_office).fill('সাভার');
  await field(page, f.contact_number).fill('01712345678');
  await page.getByRole('checkbox', { name: bn.registrations.declaration }).check();
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-row').filter({ hasText: 'SLOW PHONE' })).toBeVisible({ timeout: 30_000 });

  expect(await blank.longest(), 'longest stretch with nothing on screen (ms)').toBeLessThanOrEqual(BLANK_LIMIT_MS);
});

test('the admin changes a setting on a slow phone, never looking at an empty screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const blank = await watchBlankScreens(page);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await slowPhone(page);
  await page.goto('/settings');
  await page.getByTestId('settings-overview').getByRole('link', { name: 'নিবন্ধন ফি ও হিসাব' }).click({ timeout: 30_000 });
  const bkash = page.getByLabel('বিকাশ নম্বর (পার্সোনাল)', { exact: true }).and(page.locator('textarea'));
  await bkash.fill('01812345678', { timeout: 30_000 });
  await page.getByRole('button', { name: bn.settings.save }).click();
  await expect(toast(page, messages.bn.updated).first()).toBeVisible({ timeout: 30_000 });
  expect(await blank.longest(), 'longest stretch with nothing on screen (ms)').toBeLessThanOrEqual(BLANK_LIMIT_MS);
});
