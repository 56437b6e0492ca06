/**
 * Date fields in Bengali: the payment's deposit date on a phone and the season's dates on an admin's
 * desktop show and take days in Bengali (no browser mm/dd/yyyy), and the API still gets YYYY-MM-DD.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminToken, apiToken, bengaliDigits, bn, enterWithToken, field, messages, newInstitute, registerByApi, uniqueSuffix } from './helpers.js';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** How Bengali writes a day (YYYY-MM-DD): the field's text, and a calendar cell's name. */
const bnDay = (style: 'long' | 'full') => (day: string) =>
  new Intl.DateTimeFormat('bn-BD', { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const labels = { value: bnDay('long'), dayName: bnDay('full') };
const latin = /[A-Za-z0-9]/;
const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

/** A day `back` days before today in Bangladesh, as YYYY-MM-DD. */
function dhakaDay(back = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date(Date.now() - back * 86_400_000));
}

/** 2026-11-24 → '২৪/১১/২০২৬', as a Bengali user types it. */
const typedBengali = (day: string) => bengaliDigits(day.split('-').reverse().join('/'));

/** Screenshots at both widths with `shown` in view (the caller's width is restored). */
async function shots(page: Page, name: string, shown: Locator): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await shown.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/dates-${name}-${size.width}.png` });
  }
  await page.setViewportSize(before);
}

/** The open calendar: its heading, weekdays and days, all Bengali. */
async function expectBengaliCalendar(page: Page): Promise<Locator> {
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  await expect(calendar).toContainText(/[০-৯]/);
  expect(await calendar.innerText()).not.toMatch(latin);
  return calendar;
}

async function authorized(request: APIRequestContext, token: string, url: string) {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: unknown };
}

test('a head teacher’s deposit date on a phone is Bengali, typed or picked, and the API gets YYYY-MM-DD', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  await page.setViewportSize(PHONE);
  await enterWithToken(page, token);
  await page.goto('/scholarship-payments/create');

  const date = field(page, bn.payments.fields.date);
  // It starts at today, as a Bengali reader writes a date.
  await expect(date).toHaveValue(labels.value(dhakaDay()));
  await expect(date).not.toHaveValue(latin);

  // Typed day first in Bengali digits, shown back in words.
  const typed = dhakaDay(20);
  await date.fill(typedBengali(typed));
  await expectBengaliCalendar(page);
  await shots(page, 'payment-calendar', date);
  await date.blur();
  await expect(date).toHaveValue(labels.value(typed));

  // Picked from the calendar by its Bengali name; tomorrow cannot be picked.
  const picked = dhakaDay(1);
  await date.click();
  const calendar = await expectBengaliCalendar(page);
  await expect(calendar.getByRole('button', { name: labels.dayName(dhakaDay(-1)) })).toBeDisabled();
  await calendar.getByRole('button', { name: labels.dayName(picked) }).click();
  await expect(date).toHaveValue(labels.value(picked));

  const transaction = `DT${uniqueSuffix().toUpperCase()}`;
  await field(page, bn.payments.fields.amount).fill('২০০');
  await field(page, bn.payments.transactionLabel.bkash).fill(transaction);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, bn.payments.filed).first()).toBeVisible();

  const list = (await authorized(request, token, `/api/v1/scholarship-payments?search=${transaction}`)) as { data: { data: { date: string }[] } };
  expect(list.data.data.map((payment) => payment.date)).toEqual([picked]);
});

test('an admin sets the season’s fee deadline in Bengali; the setting holds YYYY-MM-DD', async ({ page, request }) => {
  const token = await adminToken(request);
  const groups = (await authorized(request, token, '/api/v1/settings/fields')).data as {
    id: number;
    title: string;
    sub_group: { id: number; title: string }[];
  }[];
  const group = groups.find((candidate) => candidate.sub_group.some((sub) => sub.title === 'নিবন্ধনের সময়সূচি ও বিলম্ব ফি'))!;
  const season = group.sub_group.find((sub) => sub.title === 'নিবন্ধনের সময়সূচি ও বিলম্ব ফি')!;
  const valuesUrl = `/api/v1/settings/${group.id}/${season.id}/values`;
  const deadline = async () =>
    ((await authorized(request, token, valuesUrl)).data as { id: number; key: string; value: string | null }[]).find(
      (value) => value.key === 'payment_deadline',
    )!;
  const before = await deadline();

  await page.setViewportSize(DESKTOP);
  await enterWithToken(page, token);
  try {
    await page.goto(`/settings/update/${group.id}/${season.id}`);
    const date = field(page, 'ফি জমার শেষ দিন');
    await date.fill('৩১/১২/২০৩০');
    await expectBengaliCalendar(page);
    await shots(page, 'season-calendar', date);
    await date.blur();
    await expect(date).toHaveValue('৩১ ডিসেম্বর, ২০৩০');
    await page.getByRole('button', { name: bn.settings.save }).click();
    await expect(toast(page, messages.bn.updated).first()).toBeVisible();
    expect((await deadline()).value).toBe('2030-12-31');
    await expect(date).toHaveValue('৩১ ডিসেম্বর, ২০৩০');
    await shots(page, 'season-saved', date);
  } finally {
    const restored = await request.post('/api/v1/settings/update', {
      headers: { Authorization: `Bearer ${token}` },
      data: { id: season.id, fields: { [before.id]: { value: before.value ?? '' } } },
    });
    expect(restored.status()).toBe(200);
  }
});

test('an admin sets a page’s publish time in Bengali, day and 24-hour time; the API gets the Bangladesh time', async ({ page, request }) => {
  const token = await adminToken(request);
  await page.setViewportSize(DESKTOP);
  await enterWithToken(page, token);
  await page.goto('/web-pages-management/page-build/create');
  const day = page.getByRole('textbox', { name: `${bn.pages.fields.published_at}: ${bn.dates.day}` });
  const time = page.getByRole('textbox', { name: `${bn.pages.fields.published_at}: ${bn.dates.time}` });
  // It starts at now, in Bengali: no mm/dd/yyyy, no AM/PM.
  await expect(day).toHaveValue(labels.value(dhakaDay()));
  await expect(time).toHaveValue(/^[০-৯]{2}:[০-৯]{2}$/);

  await day.fill('২৫/১১/২০২৬');
  await expectBengaliCalendar(page);
  await day.blur();
  await time.fill('১৪:৩০');
  await time.blur();
  await expect(day).toHaveValue('২৫ নভেম্বর, ২০২৬');
  await expect(time).toHaveValue('১৪:৩০');
  await shots(page, 'publish-time', time);

  const suffix = uniqueSuffix();
  await page.getByRole('textbox', { name: new RegExp(`^${bn.pages.fields.title}( \\*)?$`) }).fill(`সময়ের পরীক্ষা ${suffix}`);
  await field(page, bn.pages.fields.url).fill(`publish-time-${suffix}`);
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored).first()).toBeVisible();
  const list = (await authorized(request, token, `/api/v1/page-build?search=${suffix}`)) as { data: { data: { published_at: string }[] } };
  // 14:30 in Bangladesh is 08:30 UTC.
  expect(list.data.data.map((row) => row.published_at)).toEqual(['2026-11-25T08:30:00.000Z']);
});
