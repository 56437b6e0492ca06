/**
 * A head teacher's season on a slow phone (CPU 4× slower, 150 ms latency, 1.6 Mbit/s, as the walk through
 * every screen was done) — registering, importing a sheet, paying, downloading admit cards — and an admin's
 * setting: no screen may show nothing — no text and no loader — for more than a second, from the first
 * page load to the last save; after login the shell paints from code fetched while the person typed.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TOKEN_KEY } from '../src/web/api/token.js';
import { SLOW_PHONE_VIEWPORT, throttleAsSlowPhone } from './slow-phone-profile.js';
import { adminToken, apiToken, bengaliDigits, bn, field, messages, newInstitute, registerByApi, storeByApi, studentSheet, uniqueSuffix } from './helpers.js';

const BLANK_LIMIT_MS = 1000;

/** Throttles the page as a cheap phone on a mobile network (Chromium's DevTools protocol). */
async function slowPhone(page: Page): Promise<void> {
  await page.setViewportSize(SLOW_PHONE_VIEWPORT);
  await throttleAsSlowPhone(await page.context().newCDPSession(page));
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
  // A person types for seconds; the login screen fetches the shell and the dashboard meanwhile.
  await page.waitForLoadState('networkidle');
  const fetchedAfterLogin: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(Shell|QueryProvider|DashboardScreen)-/.test(request.url())) fetchedAfterLogin.push(request.url());
  });
  await page.getByRole('button', { name: bn.login.submit }).click();
  await expect(page.locator('.mantine-AppShell-header')).toBeVisible({ timeout: 30_000 });
  expect(fetchedAfterLogin, 'the shell code fetched only after the login answered').toEqual([]);
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

/** A school signed in on the slow phone by its token (the login screen is the first journey's). */
async function schoolOnSlowPhone(page: Page, token: string) {
  const blank = await watchBlankScreens(page);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await slowPhone(page);
  return blank;
}

const student = (roll: number, name: string) => ({
  class: '04',
  class_roll: String(roll),
  gender: roll % 2 ? 'm' : 'f',
  name_bangla: 'ধীর ফোনের পরীক্ষার্থী',
  name_english: name,
  father_name_english: 'ABDUL KARIM',
  mother_name_english: 'RAHIMA BEGUM',
  contact_number: '01712345678',
  post_office: 'সাভার',
});

test('a school imports thirty students from the template on a slow phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const blank = await schoolOnSlowPhone(page, await apiToken(request, institute.email, institute.password));
  await page.goto('/scholarship-registrations/import');
  await page.getByTestId('import-file').setInputFiles(
    {
      name: 'students.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await studentSheet(Array.from({ length: 30 }, (_, i) => student(i + 1, `IMPORTED ${i + 1}`))),
    },
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('import-count-valid')).toContainText(bengaliDigits(30), { timeout: 30_000 });
  await page.getByTestId('import-submit').click();
  const done = bn.registrations.import.done.replace('{{stored}}', bengaliDigits(30)).replace('{{refused}}', bengaliDigits(0));
  await expect(page.getByTestId('import-done')).toContainText(done, { timeout: 30_000 });
  expect(await blank.longest(), 'longest stretch with nothing on screen (ms)').toBeLessThanOrEqual(BLANK_LIMIT_MS);
});

test('a school pays for two students by bKash on a slow phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const suffix = uniqueSuffix().toUpperCase();
  const names = [`SLOW PAY ONE ${suffix}`, `SLOW PAY TWO ${suffix}`];
  for (const [i, name] of names.entries()) await storeByApi(request, token, 'scholarship-registrations', student(i + 1, name));
  const blank = await schoolOnSlowPhone(page, token);

  await page.goto('/scholarship-payments/create');
  const picker = page.getByTestId('payment-students');
  for (const name of names) await picker.getByRole('checkbox', { name }).check({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: bn.payments.fields.amount })).toHaveValue('400');
  await page.getByRole('textbox', { name: bn.payments.transactionLabel.bkash }).fill(`SP${suffix}`);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, bn.payments.filed).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-row').first().getByTestId('approval')).toHaveText(bn.payments.pending, { timeout: 30_000 });
  expect(await blank.longest(), 'longest stretch with nothing on screen (ms)').toBeLessThanOrEqual(BLANK_LIMIT_MS);
});

/** An admin's call, failing the test with the server's answer when it is not the expected status. */
async function asAdmin(request: APIRequestContext, path: string, data: unknown, status = 200) {
  const answer = await request.post(path, { data, headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as { data: Record<string, unknown> };
}

test('a school downloads its admit cards on a slow phone', async ({ page, request }) => {
  test.setTimeout(240_000);
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  const suffix = uniqueSuffix().toUpperCase();
  const id = await storeByApi(request, token, 'scholarship-registrations', student(1, `SLOW CARD ${suffix}`));
  const payment = await storeByApi(request, token, 'scholarship-payments', {
    payment_method: 'bkash',
    amount: 200,
    transaction_id: `SC${suffix}`,
    date: new Date().toISOString().slice(0, 10),
    registration_ids: [id],
  });
  await asAdmin(request, '/api/v1/scholarship-payments/approve', { id: payment });
  // A centre in the school's upazila (Savar), class four's sitting dated, seats allocated, admit cards out.
  const exam = (await (await request.get('/api/v1/exam', { headers: { Authorization: `Bearer ${await adminToken(request)}` } })).json()) as {
    data: Record<string, unknown> & { sittings: { class: string }[] };
  };
  const sittings = [
    ...exam.data.sittings.filter((sitting) => sitting.class !== '04'),
    { class: '04', date: '2026-12-12', reporting_time: '09:30', start_time: '10:00', end_time: '12:00' },
  ];
  await asAdmin(request, '/api/v1/exam/update', {
    ...exam.data,
    name_bn: exam.data.name_bn || 'প্রাথমিক বৃত্তি পরীক্ষা ২০২৬',
    name_en: exam.data.name_en || 'Primary Scholarship Examination 2026',
    sittings,
  });
  await storeByApi(request, await adminToken(request), 'exam-centres', {
    name_bn: `ধীর ফোন কেন্দ্র ${suffix}`,
    name_en: `Slow Phone Centre ${suffix}`,
    division_id: 6,
    zilla_id: 47,
    upozilla_id: 365,
    address: 'School Road',
    contact_name: 'Rahim Uddin',
    contact_mobile: '01711000222',
    capacity: 500,
    upazila_ids: [365],
  });
  const started = await asAdmin(request, '/api/v1/exam/allocate', {}, 202);
  await expect
    .poll(
      async () => {
        const job = await request.get(`/api/v1/jobs/${started.data.job_id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
        return ((await job.json()) as { data: { state: string } }).data.state;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
  await asAdmin(request, '/api/v1/exam/publish', { published: 1 });

  const blank = await schoolOnSlowPhone(page, token);
  await page.goto('/');
  const panel = page.getByTestId('admit-cards-panel');
  await expect(panel).toContainText(bn.documents.admitCards.published, { timeout: 30_000 });
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await panel.getByTestId('admit-cards-all').click();
  expect(
    readFileSync(await (await download).path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(panel.getByTestId('admit-cards-all-saved')).toBeVisible({ timeout: 30_000 });
  expect(await blank.longest(), 'longest stretch with nothing on screen (ms)').toBeLessThanOrEqual(BLANK_LIMIT_MS);
  await asAdmin(request, '/api/v1/exam/publish', { published: 0 });
});

test.describe('before the app’s script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('each public screen’s page names the screen, at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    for (const [path, title] of [
      ['/register', bn.register.title],
      ['/login', bn.login.title],
      ['/password-reset', bn.passwordReset.title],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await page.goto('/register');
    await expect(page.getByText(bn.register.subtitle)).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/register-before-script-360.png' });
  });
});
