/**
 * Registrations, payments and the dashboards (spec §2, §5, §9; architecture §5): an institute
 * registers three students through the form and pays part of the fee, the admin approves the
 * payment, and both dashboards and the paid badge follow. Also: what an institute may not see,
 * the Bengali message of a bad class roll, the filtered lists, the admin's form and the printed sheet.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  adminToken,
  apiToken,
  bn,
  en,
  enterWithToken,
  errorUnder,
  field,
  messages,
  newInstitute,
  registerByApi,
  uniqueSuffix,
  type Institute,
} from './helpers.js';

const REGISTRATIONS = '/scholarship-registrations';
const PAYMENTS = '/scholarship-payments';
const f = bn.registrations.fields;

type Student = { name: string; className: '04' | '07'; gender: 'm' | 'f'; roll: string };

const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });
const rows = (page: Page) => page.getByTestId('list-row');
const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`).getByTestId('stat-value');
const moduleMenu = (page: Page) => page.getByTestId('module-menu');
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: bn.nav.label });

/** An institute with a name no other test uses, so a search finds it alone. */
function uniqueInstitute(): Institute {
  return { ...newInstitute(), name: `নিবন্ধন পরীক্ষা বিদ্যালয় ${uniqueSuffix()}` };
}

/** Switches the browser to another account (the last route of the previous one is forgotten). */
async function enterAs(page: Page, token: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await enterWithToken(page, token);
}

/** Fills the registration form for one student (the fields every role has), declaration included. */
async function fillStudent(page: Page, student: Student): Promise<void> {
  await page.getByRole('radio', { name: bn.reference.class[student.className], exact: true }).check();
  await page.getByRole('radio', { name: bn.reference.gender[student.gender], exact: true }).check();
  await field(page, f.class_roll).fill(student.roll);
  await field(page, f.name_bangla).fill('পরীক্ষার্থী');
  // Typed in small letters; the form writes capitals as it goes.
  await field(page, f.name_english).pressSequentially(student.name.toLowerCase());
  await expect(field(page, f.name_english)).toHaveValue(student.name.toUpperCase());
  await field(page, f.father_name_english).fill('abdul karim');
  await field(page, f.mother_name_english).fill('rahima begum');
  await field(page, f.post_office).fill('সাভার');
  await field(page, f.contact_number).fill('01712345678');
  await page.getByRole('checkbox', { name: bn.registrations.declaration }).check();
}

async function saveStudent(page: Page): Promise<void> {
  await page.getByRole('button', { name: bn.actions.save }).click();
  await expect(toast(page, messages.bn.stored).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}$`));
}

async function expectStats(page: Page, expected: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(expected)) await expect(stat(page, key), key).toHaveText(value);
}

/** The gear menu of the row holding `text`, opened. */
async function openRowActions(page: Page, row: Locator): Promise<void> {
  await row.getByTestId('row-actions').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test('an institute registers three students and pays part of the fee; the admin approves it and the dashboards follow', async ({ page, request }) => {
  test.setTimeout(180_000);
  const institute = uniqueInstitute();
  await registerByApi(request, institute);
  const instituteToken = await apiToken(request, institute.email, institute.password);
  const students: Student[] = [
    { name: 'Rahim Uddin', className: '04', gender: 'm', roll: '১২' },
    { name: 'Karim Hasan', className: '04', gender: 'm', roll: '13' },
    { name: 'Ayesha Akter', className: '07', gender: 'f', roll: '5' },
  ];
  const transaction = `BK${uniqueSuffix().toUpperCase()}`;

  await test.step('the institute’s form has no admin-only field, has the fields the import template asks for, and names its own institute', async () => {
    await enterWithToken(page, instituteToken);
    await mainNavigation(page).getByRole('link', { name: bn.nav.registrations }).click();
    await expect(page.getByRole('heading', { level: 2, name: bn.resources.registrations.list })).toBeVisible();
    await moduleMenu(page).getByRole('link', { name: bn.resources.registrations.create }).click();
    await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}/create$`));
    await expect(page.getByTestId('own-institute')).toHaveText(institute.name);
    for (const label of [f.thana, f.sector, f.ward, f.holding_no]) {
      await expect(field(page, label), label).toHaveCount(0);
    }
    // What the import template asks an institute for, it can correct in the form.
    for (const label of [f.father_name_bangla, f.mother_name, f.birth_certificate_no, f.village]) {
      await expect(field(page, label), label).toHaveCount(1);
    }
    await expect(page.getByRole('textbox', { name: f.institute_id })).toHaveCount(0);
    // The address picker is everybody's.
    await expect(field(page, bn.register.fields.division_id)).toBeVisible();
  });

  await test.step('a bad class roll and an unticked declaration are refused in Bengali, under their fields', async () => {
    await fillStudent(page, students[0]!);
    await field(page, f.class_roll).fill('১২ক');
    await page.getByRole('checkbox', { name: bn.registrations.declaration }).uncheck();
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(await errorUnder(field(page, f.class_roll))).toHaveText(messages.bn.invalid_number);
    await expect(page.getByText(bn.registrations.declarationRequired)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}/create$`));
    await field(page, f.class_roll).fill(students[0]!.roll);
    await page.getByRole('checkbox', { name: bn.registrations.declaration }).check();
    await saveStudent(page);
  });

  await test.step('two more students, through the same form', async () => {
    for (const student of students.slice(1)) {
      await page.getByTestId('add-new').click();
      await fillStudent(page, student);
      await saveStudent(page);
    }
    await expect(rows(page)).toHaveCount(3);
    // Newest first, with SI counting from one and the class and gender in words.
    const first = rows(page).first();
    await expect(first.locator('td').first()).toHaveText('১');
    await expect(first).toContainText('AYESHA AKTER');
    await expect(first).toContainText(bn.reference.class['07']);
    await expect(first).toContainText(bn.reference.gender.f);
    await expect(first).toContainText('০১৭১২৩৪৫৬৭৮');
  });

  await test.step('the filtered lists show only their class or gender', async () => {
    await moduleMenu(page).getByRole('link', { name: bn.registrations.filters['class-07'] }).click();
    await expect(page).toHaveURL(new RegExp(`${REGISTRATIONS}/filter/class-07$`));
    await expect(page.getByRole('heading', { level: 2, name: bn.registrations.filterTitles['class-07'] })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('AYESHA AKTER');
    await moduleMenu(page).getByRole('link', { name: bn.registrations.filters['class-04'] }).click();
    await expect(rows(page)).toHaveCount(2);
    for (const row of await rows(page).all()) await expect(row).toContainText(bn.reference.class['04']);
    await moduleMenu(page).getByRole('link', { name: bn.registrations.filters.female }).click();
    await expect(rows(page)).toHaveCount(1);
  });

  await test.step('the dashboard counts 3 students, 2 boys and 1 girl, ৳৬০০ due and nothing paid', async () => {
    await mainNavigation(page).getByRole('link', { name: bn.nav.dashboard }).click();
    await expectStats(page, { total_registration: '৩', total_male: '২', total_female: '১', total_fee: '৳৬০০', total_paid: '৳০', total_due: '৳৬০০' });
    const classTable = page.getByTestId('class-table');
    await expect(classTable.getByTestId('class-row-04')).toHaveText(`${bn.reference.class['04']}২০২`);
    await expect(classTable.getByTestId('class-row-07')).toHaveText(`${bn.reference.class['07']}০১১`);
    // The institute's own registrations below, compact.
    await expect(page.getByRole('heading', { name: bn.analytics.studentsTitle })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
  });

  await test.step('the institute files a bKash payment of ৳৪০০; it waits for approval', async () => {
    await page.getByTestId('quick-links').getByRole('link', { name: bn.analytics.links.deposit }).click();
    await expect(page).toHaveURL(new RegExp(`${PAYMENTS}/create$`));
    // No bKash number or bank account has been set yet.
    await expect(page.getByTestId('deposit-bkash')).toHaveText(bn.payments.deposit.notSet);
    await expect(page.getByTestId('deposit-bank')).toHaveText(bn.payments.deposit.notSet);
    await expect(page.getByTestId('deposit-fee')).toHaveText('৳২০০');
    await expect(page.getByRole('radio', { name: bn.reference.paymentMethod.bkash })).toBeChecked();
    await expect(field(page, bn.payments.transactionLabel.bkash)).toBeVisible();
    await page.getByRole('radio', { name: bn.reference.paymentMethod.bank }).check();
    await expect(field(page, bn.payments.transactionLabel.bank)).toBeVisible();
    await expect(field(page, bn.payments.transactionLabel.bkash)).toHaveCount(0);
    await page.getByRole('radio', { name: bn.reference.paymentMethod.bkash }).check();
    await expect(page.getByRole('switch', { name: bn.payments.fields.is_approved })).toHaveCount(0);
    await expect(page.getByTestId('pending-note')).toBeVisible();
    await field(page, bn.payments.fields.amount).fill('৪০০');
    await field(page, bn.payments.transactionLabel.bkash).fill(transaction.toLowerCase());
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(toast(page, bn.payments.filed).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PAYMENTS}$`));
    await expect(page.getByTestId('add-new')).toHaveCount(0);
    const payment = rows(page).filter({ hasText: transaction });
    await expect(payment).toContainText('৳৪০০');
    await expect(payment.getByTestId('approval')).toHaveText(bn.payments.pending);
  });

  await test.step('the admin finds it pending in the payments list and approves it', async () => {
    await enterAs(page, await adminToken(request));
    await page.goto(PAYMENTS);
    const payment = rows(page).filter({ hasText: transaction });
    await expect(payment).toContainText(institute.name);
    // A number to dial is shown as a phone dials it (a tel: link), not in Bengali digits.
    await expect(payment.getByRole('link', { name: institute.phone })).toHaveAttribute('href', `tel:${institute.phone}`);
    await expect(payment.getByTestId('approval')).toHaveText(bn.payments.pending);
    await openRowActions(page, payment);
    await page.getByRole('menuitem', { name: bn.list.edit }).click();
    await expect(page).toHaveURL(new RegExp(`${PAYMENTS}/edit/\\d+$`));
    await expect(page.getByRole('textbox', { name: bn.payments.fields.institute_id })).toHaveValue(institute.name);
    await page.getByRole('switch', { name: bn.payments.fields.is_approved }).check({ force: true });
    await page.getByRole('button', { name: bn.actions.update }).click();
    await expect(toast(page, messages.bn.updated).first()).toBeVisible();
    await expect(page.getByTestId('details-table').getByTestId('approval')).toHaveText(bn.payments.approved);
  });

  await test.step('the admin dashboard lists the institute with its upazila', async () => {
    await mainNavigation(page).getByRole('link', { name: bn.nav.dashboard }).click();
    const table = page.getByTestId('institute-table');
    await table.getByRole('searchbox', { name: bn.analytics.institutes.searchLabel }).fill(institute.name);
    const found = table.getByTestId('institute-row');
    await expect(found).toHaveCount(2);
    await expect(found.filter({ hasText: bn.reference.class['04'] })).toContainText('সাভার');
    await expect(found.filter({ hasText: bn.reference.class['04'] })).toContainText(`${institute.name}${bn.reference.class['04']}২২০সাভার`);
    await expect(found.filter({ hasText: bn.reference.class['07'] })).toContainText(`${bn.reference.class['07']}১০১সাভার`);
    await expect(page.getByTestId('class-chart')).toBeVisible();
  });

  await test.step('the institute sees ৳৪০০ paid, ৳২০০ due, two students covered, and can no longer change the payment', async () => {
    await enterAs(page, instituteToken);
    await expectStats(page, { total_paid: '৳৪০০', total_due: '৳২০০', total_registration: '৩' });
    await mainNavigation(page).getByRole('link', { name: bn.nav.registrations }).click();
    await expect(moduleMenu(page).getByTestId('paid-badge').locator('[aria-hidden]')).toHaveText(bn.registrations.menu.paidBadge.replace('{{number}}', '২'));
    await mainNavigation(page).getByRole('link', { name: bn.nav.payments }).click();
    const payment = rows(page).filter({ hasText: transaction });
    await expect(payment.getByTestId('approval')).toHaveText(bn.payments.approved);
    await openRowActions(page, payment);
    await expect(page.getByRole('menuitem', { name: bn.list.details })).toBeVisible();
    for (const action of [bn.list.edit, bn.list.deactivate, bn.list.destroy]) await expect(page.getByRole('menuitem', { name: action })).toHaveCount(0);
    await page.getByRole('menuitem', { name: bn.list.details }).click();
    await expect(page.getByRole('link', { name: bn.actions.edit })).toHaveCount(0);
    // The edit screen, reached by its address, says why instead of offering the form.
    await page.goto(page.url().replace(/\/(\d+)$/, '/edit/$1'));
    await expect(page.getByTestId('record-locked')).toContainText(bn.payments.locked);
  });

  await test.step('the registration details print as a clean Bengali page', async () => {
    await page.goto(REGISTRATIONS);
    await rows(page).filter({ hasText: 'AYESHA AKTER' }).getByText('AYESHA AKTER').dblclick();
    const sheet = page.getByTestId('registration-sheet');
    await expect(sheet).toBeVisible();
    await expect(page.getByTestId('sheet-reg-no')).toHaveText(/^[০-৯]{13}$/);
    await expect(page.getByTestId('sheet-roll-no')).toHaveText(/^[০-৯]{10}$/);
    await expect(page.getByTestId('sheet-institute')).toHaveText(institute.name);
    await expect(sheet).toContainText(bn.reference.class['07']);
    await expect(sheet).toContainText(bn.reference.gender.f);
    await expect(sheet).toContainText('RAHIMA BEGUM');
    await expect(page.getByTestId('photo-placeholder')).toBeVisible();
    // What an institute may not see is not on its sheet either.
    await expect(sheet).not.toContainText(f.birth_certificate_no);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-button')).toBeHidden();
    await expect(mainNavigation(page)).toBeHidden();
    await expect(page.getByTestId('module-menu')).toBeHidden();
    await expect(sheet.getByText(bn.registrations.sheet.headSignature)).toBeVisible();
    const typeset = await page.evaluate(async () => {
      await document.fonts.ready;
      const name = document.querySelector('[data-testid="sheet-name"]') as HTMLElement;
      return { family: getComputedStyle(name).fontFamily, bengali: document.fonts.check('16px "Noto Sans Bengali"', name.textContent ?? '') };
    });
    expect(typeset.family).toMatch(/^'?"?Noto Sans Bengali/);
    expect(typeset.bengali).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/registration-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });
});

test('an admin registers a student for an institute chosen by name, with the admin-only fields', async ({ page, request }) => {
  const institute = uniqueInstitute();
  await registerByApi(request, institute);
  await enterWithToken(page, await adminToken(request));
  await page.goto(`${REGISTRATIONS}/create`);

  // The institute must be chosen: the form says so before anything is sent.
  await page.getByRole('button', { name: bn.actions.save }).click();
  const picker = page.getByRole('textbox', { name: f.institute_id });
  await expect(await errorUnder(picker)).toHaveText(messages.bn.required);

  await picker.click();
  await picker.pressSequentially(institute.name.split(' ').at(-1)!);
  await page.getByRole('option', { name: institute.name }).click();
  await expect(picker).toHaveValue(institute.name);
  await fillStudent(page, { name: 'Nusrat Jahan', className: '07', gender: 'f', roll: '21' });
  await field(page, f.father_name_bangla).fill('আব্দুল করিম');
  await field(page, f.mother_name).fill('রহিমা বেগম');
  await field(page, f.birth_certificate_no).fill('20152692812345678');
  await field(page, f.village).fill('চরপাড়া');
  await saveStudent(page);

  await rows(page).filter({ hasText: 'NUSRAT JAHAN' }).getByText('NUSRAT JAHAN').dblclick();
  const sheet = page.getByTestId('registration-sheet');
  await expect(page.getByTestId('sheet-institute')).toHaveText(institute.name);
  await expect(sheet).toContainText('রহিমা বেগম');
  await expect(sheet).toContainText('চরপাড়া');
  await expect(sheet).toContainText(f.birth_certificate_no);
});

test('the back office switches to English, and stays English after a reload', async ({ page, request }) => {
  await enterWithToken(page, await adminToken(request));
  await page.getByRole('button', { name: `${bn.language.label}: ${bn.language.en}` }).click();
  await expect(page.getByRole('heading', { name: en.analytics.cardsTitleAdmin })).toBeVisible();
  await expect(page.getByRole('navigation', { name: en.nav.label }).getByRole('link', { name: en.nav.registrations })).toBeVisible();
  await expect(page.getByTestId('stat-total_fee')).toContainText(en.analytics.cards.total_fee);

  // On a fresh load the back office's English text is fetched before the screen shows.
  await page.goto(`${REGISTRATIONS}/create`);
  await expect(page.getByRole('heading', { level: 2, name: en.resources.registrations.create })).toBeVisible();
  await expect(field(page, en.registrations.fields.class_roll)).toBeVisible();
  await expect(page.getByRole('radio', { name: en.reference.class['04'] })).toBeVisible();
  await expect(page.getByText(en.registrations.declaration)).toBeVisible();
});

test('the browser keeps a list and asks again with its ETag: an unchanged list comes back as a 304', async ({ page, request }) => {
  await enterWithToken(page, await adminToken(request));
  const isList = (url: string) => new URL(url).pathname === `/api/v1${REGISTRATIONS}`;
  const first = page.waitForResponse((response) => isList(response.url()));
  await page.goto(REGISTRATIONS);
  const etag = await (await first).headerValue('etag');
  expect(etag).toBeTruthy();
  const again = page.waitForResponse((response) => isList(response.url()));
  await page.reload();
  const revalidated = await again;
  // Chromium hands the page its kept copy (status 200); on the wire it asked with the tag and got no body back.
  expect(await revalidated.request().headerValue('if-none-match')).toBe(etag);
  expect((await revalidated.request().sizes()).responseBodySize).toBe(0);
});
