/**
 * The Content-Security-Policy in Chromium: the login page, every screen of the admin's
 * navigation, an image upload with FilePond's preview, the API explorer and the public website run
 * without a single violation, whether Chromium reports it in the console or as a
 * `securitypolicyviolation` event.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, login } from './helpers.js';

type Violation = { page: string; directive: string; blocked: string; source: string };

/** Starts recording violations on `page`; the returned list fills as they happen. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy'))
      violations.push({ page: page.url(), directive: 'console', blocked: message.text(), source: message.location().url });
  });
  await page.exposeFunction('__reportCspViolation', (violation: Omit<Violation, 'page'>) => violations.push({ page: page.url(), ...violation }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (v: object) => void }).__reportCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return violations;
}

/** Waits until the screen has loaded what it asks for. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('the admin UI runs under the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await settle(page);
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('profile-card')).toBeVisible();

  const links = await page
    .getByRole('navigation')
    .locator('a[href^="/"]')
    .evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href') as string))]);
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) {
    await page.goto(link);
    await settle(page);
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('an image upload with its preview runs under the Content-Security-Policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/register');
  await settle(page);
  const picture = await sharp({ create: { width: 240, height: 160, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  const input = page.locator('.upload-field input[type="file"]').first();
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: picture });
  // Uploaded, and the preview drawn (FilePond decodes it in a blob: worker onto a canvas).
  await expect(page.locator('.filepond--item[data-filepond-item-state="processing-complete"]')).toBeVisible();
  await expect(page.locator('.filepond--image-preview canvas, .filepond--image-preview img').first()).toBeAttached();
  await settle(page);
  expect(violations).toEqual([]);
});

test('the API explorer runs under its Content-Security-Policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  await settle(page);
  expect(violations).toEqual([]);
});

test('the public website runs under the Content-Security-Policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/site');
  expect(response?.status()).toBe(200);
  await settle(page);
  const internal = await page
    .locator('a[href^="/"]')
    .evaluateAll((anchors) =>
      [...new Set(anchors.map((a) => a.getAttribute('href') as string))].filter((href) => !href.startsWith('/login') && !href.startsWith('/register')),
    );
  for (const link of internal.slice(0, 8)) {
    await page.goto(link);
    await settle(page);
  }
  expect(violations).toEqual([]);
});
