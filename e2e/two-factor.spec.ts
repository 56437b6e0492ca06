/**
 * Admin two-factor login in Chromium (docs/operators/security.md): an admin turns it on from the profile (QR code,
 * the key typed into an app — here otplib computes the codes, as the app would — and recovery codes shown
 * once), logs in again with the password and the app's code, and requires it of every admin, which sends
 * an admin without it to enrol; turning it on or off takes the password and ends the account's other
 * sessions. Its own admins, so the rest of the suite's admin is untouched.
 * Screenshots in Bengali at 360 px and 1280 px go to test-results/screenshots/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { TOKEN_KEY } from '../src/web/api/token.js';
import { adminToken, bn, field, login, logout, messages, newInstitute, storeByApi } from './helpers.js';

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The journey runs at 1280 px; the phone's shot comes second, so no shot catches the navigation sliding back in.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A new admin account, created by the suite's admin. */
async function newAdmin(request: APIRequestContext, token: string): Promise<{ email: string; password: string }> {
  const person = newInstitute();
  await storeByApi(request, token, 'users', {
    role: 'admin',
    name: person.name,
    institute_name_english: person.nameEnglish,
    contact_person: person.head,
    phone_number: person.phone,
    email: person.email,
    institute_type: 'school',
    institute_level: 'play-10th',
    institute_management_type: 'private',
    division_id: 6,
    zilla_id: 47,
    upozilla_id: 365,
    holding_no: 'বাড়ি ১২',
    post_office: 'সাভার',
    password: person.password,
    password_confirmation: person.password,
  });
  return { email: person.email, password: person.password };
}

/** The app's code for the time step `steps` from now (a code works once, so each use takes the next step). */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('an admin turns on two-factor login, logs in with the app’s code, and requires it of every admin', async ({ page, request, browser }) => {
  // A long journey with seven pairs of screenshots: the default minute is too short on a busy machine.
  test.setTimeout(150_000);
  const t = bn.profile.twoFactor;
  const admin = await newAdmin(request, await adminToken(request));
  await login(page, admin.email, admin.password);
  await expect(page.getByTestId('profile-card')).toBeVisible();

  await page.goto('/profile/two-factor');
  await expect(page.getByTestId('two-factor-state')).toHaveText(t.off);
  await page.getByRole('button', { name: t.start }).click();
  await expect(page.getByRole('img', { name: t.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await shoot(page, 'two-factor-enrol');

  // A session alone does not turn it on: the password is asked, and a wrong one is refused under its field.
  const enableForm = page.getByTestId('two-factor-enable');
  await enableForm.getByLabel(t.password, { exact: true }).fill('not-the-password');
  await enableForm.getByLabel(t.code).fill(await codeAt(secret, 0));
  await page.getByRole('button', { name: t.enable }).click();
  await expect(enableForm.getByText(messages.bn.current_password_wrong)).toBeVisible();
  await shoot(page, 'two-factor-enrol-password');
  await enableForm.getByLabel(t.password, { exact: true }).fill(admin.password);
  await enableForm.getByLabel(t.code).fill('000000');
  await page.getByRole('button', { name: t.enable }).click();
  await expect(page.getByText(messages.bn.two_factor_code_wrong)).toBeVisible();
  // Another session of the account, opened before: turning two-factor login on ends it.
  const earlier = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  const earlierToken = ((await earlier.json()) as { data: { token: string } }).data.token;
  await enableForm.getByLabel(t.code).fill(await codeAt(secret, 0));
  await page.getByRole('button', { name: t.enable }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const recoveryCode = (await page.getByTestId('recovery-codes').locator('li').first().textContent())!.trim();
  expect((await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${earlierToken}` } })).status()).toBe(401);
  await shoot(page, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: t.recoveryDone }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText(t.on);
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

  await logout(page, 'user menu');
  await login(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: bn.twoFactor.loginTitle })).toBeVisible();
  await shoot(page, 'two-factor-login');
  await field(page, bn.twoFactor.code).fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: bn.twoFactor.verify }).click();
  // Signed in: the login resumes the screen the admin was on before logging out.
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByTestId('two-factor-state')).toHaveText(t.on);
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

  // Every admin must use it: another admin, without it, is sent to enrol.
  await page.goto('/profile/two-factor');
  await page.getByTestId('two-factor-policy').click();
  await expect(page.getByTestId('two-factor-policy')).toBeChecked();
  try {
    // Created with the enrolled admin's session: the policy stops the suite's admin too until it is off again.
    const other = await newAdmin(request, token!);
    const context = await browser.newContext();
    const second = await context.newPage();
    await login(second, other.email, other.password);
    await expect(second.getByTestId('must-enrol')).toBeVisible();
    await shoot(second, 'two-factor-must-enrol');
    await second.getByRole('link', { name: bn.dashboard.mustEnrolLink }).click();
    await expect(second.getByRole('button', { name: t.start })).toBeVisible();
    await context.close();
  } finally {
    const off = await request.post('/api/v1/profile/two-factor/policy', { data: { required: false }, headers: { Authorization: `Bearer ${token}` } });
    expect(off.status()).toBe(200);
  }

  // Turning it off takes the password too, here with a recovery code for the second value.
  const disableForm = page.getByTestId('two-factor-disable');
  await disableForm.getByLabel(t.password, { exact: true }).fill(admin.password);
  await disableForm.getByLabel(t.code).fill(recoveryCode);
  await shoot(page, 'two-factor-disable');
  await page.getByRole('button', { name: t.disable }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText(t.off);
});
