/**
 * The user guide's screenshots (docs/guide): a head teacher's season on a 360 px phone and an admin's at
 * 1280 px, in Bengali, through the screens the guide describes. `npm run guide` sets GUIDE_WRITE=1 and the
 * pictures replace docs/guide/images/; otherwise (npm test, CI) they go to test-results/guide/, so the
 * journey is checked on every run without touching the tree. Data the screens need but the guide does not
 * show (other schools' payments, most marks) is made through the API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { TOKEN_KEY } from '../src/web/api/token.js';
import {
  addressOf,
  adminToken,
  apiToken,
  asciiDigits,
  bengaliDigits,
  bn,
  field,
  fillRegistration,
  messages,
  newInstitute,
  registerByApi,
  storeByApi,
  studentSheet,
} from './helpers.js';
import { uploadStatement } from './statements.js';

const IMAGES = process.env.GUIDE_WRITE === '1' ? 'docs/guide/images' : 'test-results/guide';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const f = bn.registrations.fields;
const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

/**
 * The window (or one part of the screen) as a PNG of 16 colours: the screens are flat colours and
 * text, so the picture stays readable at a fraction of the size.
 */
async function shoot(page: Page, name: string, part?: Locator | 'whole page'): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const options = { animations: 'disabled' as const };
  const png =
    part === 'whole page' ? await page.screenshot({ ...options, fullPage: true }) : part ? await part.screenshot(options) : await page.screenshot(options);
  await sharp(png)
    .png({ palette: true, colours: 16, dither: 0, effort: 10, compressionLevel: 9 })
    .toFile(path.join(IMAGES, `${name}.png`));
}

async function browse(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'bn-BD', timezoneId: 'Asia/Dhaka' });
  return context.newPage();
}

async function enter(page: Page, token: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/');
  await expect(page.getByTestId('profile-card')).toBeVisible();
}

/** The account's dashboard: `/` would resume the last screen the account had open on this device. */
async function dashboard(page: Page): Promise<void> {
  await page.evaluate(() => Object.keys(localStorage).forEach((key) => key.startsWith('last_route') && localStorage.removeItem(key)));
  await page.goto('/');
  await expect(page.getByTestId('profile-card')).toBeVisible();
}

const authorized = async (request: APIRequestContext, token?: string) => ({ Authorization: `Bearer ${token ?? (await adminToken(request))}` });

async function ok(answer: Promise<import('@playwright/test').APIResponse>): Promise<unknown> {
  const response = await answer;
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: unknown }).data;
}

type SettingValue = { id: number; key: string; value: string | null };

/** The payment settings' sub group and its values, to show the deposit numbers and put them back afterwards. */
async function paymentAccounts(request: APIRequestContext): Promise<{ sub: number; values: SettingValue[] }> {
  const headers = await authorized(request);
  const groups = (await ok(request.get('/api/v1/settings/fields', { headers }))) as { id: number; sub_group: { id: number; title: string }[] }[];
  for (const group of groups)
    for (const sub of group.sub_group) {
      const values = (await ok(request.get(`/api/v1/settings/${group.id}/${sub.id}/values`, { headers }))) as SettingValue[];
      if (values.some((value) => value.key === 'bkash_number')) return { sub: sub.id, values };
    }
  throw new Error('no payment settings');
}

async function setValues(request: APIRequestContext, sub: number, values: Record<number, string>): Promise<void> {
  const fields = Object.fromEntries(Object.entries(values).map(([id, value]) => [id, { value }]));
  await ok(request.post('/api/v1/settings/update', { headers: await authorized(request), data: { id: sub, fields } }));
}

const SCHOOL_STUDENTS = [
  { class: '04', class_roll: 1, gender: 'f', name_english: 'FARHANA YASMIN', name_bangla: 'ফারহানা ইয়াসমিন' },
  { class: '04', class_roll: 2, gender: 'm', name_english: 'ARIF HOSSAIN', name_bangla: 'আরিফ হোসেন' },
  { class: '04', class_roll: 3, gender: 'f', name_english: 'MAHMUDA KHATUN', name_bangla: 'মাহমুদা খাতুন' },
  { class: '07', class_roll: 4, gender: 'm', name_english: 'MEHEDI HASAN', name_bangla: 'মেহেদী হাসান' },
  { class: '07', class_roll: 5, gender: 'f', name_english: '', name_bangla: '' },
];

/** The import sheet a head teacher fills: four good rows and one without a name. */
const schoolSheet = () =>
  studentSheet(
    SCHOOL_STUDENTS.map((student) => ({
      ...student,
      father_name_english: 'MD. ABDUL KARIM',
      mother_name_english: 'MST. RAHIMA BEGUM',
      contact_number: '01711000001',
      post_office: 'সাভার',
    })),
  );

test('the guide: a head teacher’s season on a phone and an admin’s at a desk, in Bengali', async ({ browser, request }) => {
  test.setTimeout(240_000);
  mkdirSync(IMAGES, { recursive: true });
  const admin = await adminToken(request);
  const school = { ...newInstitute(), name: 'শাপলা উচ্চ বিদ্যালয়', nameEnglish: 'SHAPLA HIGH SCHOOL', head: 'মোছাঃ শাহনাজ পারভীন' };
  const teacher = await browse(browser, PHONE);
  const desk = await browse(browser, DESKTOP);
  // The school registers from its own address, as schools do (the register limit counts per address).
  await teacher.setExtraHTTPHeaders({ 'x-forwarded-for': addressOf(school) });

  // The season as the admin left it before: the exam set, the result and the admit cards not out yet,
  // and the fee's bKash number and bank account on the payment screen.
  await ok(request.post('/api/v1/results/publish', { headers: await authorized(request), data: { published: 0 } }));
  await ok(request.post('/api/v1/exam/publish', { headers: await authorized(request), data: { published: 0 } }));
  const exam = (await ok(request.get('/api/v1/exam', { headers: await authorized(request) }))) as Record<string, unknown> & {
    subjects: { id: number; class: string; name_en: string }[];
  };
  const keep = (klass: string, name: string) => exam.subjects.find((subject) => subject.class === klass && subject.name_en === name)?.id;
  await ok(
    request.post('/api/v1/exam/update', {
      headers: await authorized(request),
      data: {
        name_bn: 'প্রাথমিক ও নিম্ন মাধ্যমিক বৃত্তি পরীক্ষা ২০২৬',
        name_en: 'Primary and Junior Scholarship Examination 2026',
        instructions: 'পরীক্ষা শুরুর ৩০ মিনিট আগে কেন্দ্রে উপস্থিত হতে হবে।\nপ্রবেশপত্র ছাড়া পরীক্ষার হলে প্রবেশ করা যাবে না।',
        seating: 'apart',
        sittings: [
          { class: '04', date: '2026-12-12', reporting_time: '09:30', start_time: '10:00', end_time: '12:00' },
          { class: '07', date: '2026-12-13', reporting_time: '09:30', start_time: '10:00', end_time: '12:00' },
        ],
        subjects: ['04', '07'].flatMap((klass) => [
          { id: keep(klass, 'Bangla'), class: klass, name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
          { id: keep(klass, 'Mathematics'), class: klass, name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100 },
        ]),
      },
    }),
  );
  const accounts = await paymentAccounts(request);
  const valueId = (key: string) => accounts.values.find((value) => value.key === key)!.id;
  await setValues(request, accounts.sub, {
    [valueId('bkash_number')]: '01711223344',
    [valueId('bank_account')]: 'সোনালী ব্যাংক, সাভার শাখা\nহিসাব নম্বর ১২৩৪৫৬৭৮৯০',
  });

  try {
    let uid = '';
    let token = '';
    await test.step('the head teacher registers the school and logs in', async () => {
      await teacher.goto('/register');
      await fillRegistration(teacher, school);
      await teacher.evaluate(() => window.scrollTo(0, 0));
      await shoot(teacher, 'teacher-01-register');
      await teacher.getByRole('button', { name: bn.register.submit }).click();
      await expect(teacher.getByTestId('registered-banner')).toBeVisible();
      uid = asciiDigits((await teacher.getByTestId('registered-uid').textContent()) ?? '');
      await shoot(teacher, 'teacher-02-registered');
      await field(teacher, bn.login.email).fill(bengaliDigits(uid));
      await field(teacher, bn.login.password).fill(school.password);
      await teacher.getByRole('button', { name: bn.login.submit }).click();
      await expect(teacher.getByTestId('profile-card')).toBeVisible();
      await shoot(teacher, 'teacher-03-dashboard');
      token = await apiToken(request, school.email, school.password);
    });

    await test.step('the head teacher registers a student through the form', async () => {
      await teacher.goto('/scholarship-registrations/create');
      await teacher.getByRole('radio', { name: bn.reference.class['04'], exact: true }).check();
      await teacher.getByRole('radio', { name: bn.reference.gender.f, exact: true }).check();
      await field(teacher, f.class_roll).fill('৬');
      await field(teacher, f.name_bangla).fill('তাসনিম আক্তার');
      await field(teacher, f.name_english).fill('TASNIM AKTER');
      await field(teacher, f.father_name_english).fill('MD. NURUL ISLAM');
      await field(teacher, f.mother_name_english).fill('MST. SHIRIN AKTER');
      await field(teacher, f.post_office).fill('সাভার');
      await field(teacher, f.contact_number).fill('01712345678');
      await teacher.evaluate(() => window.scrollTo(0, 0));
      await shoot(teacher, 'teacher-04-student-form');
      await teacher.getByRole('checkbox', { name: bn.registrations.declaration }).check();
      await teacher.getByRole('button', { name: bn.actions.save }).click();
      await expect(toast(teacher, messages.bn.stored).first()).toBeVisible();
    });

    await test.step('the head teacher imports the rest from a sheet: the dry run names the bad row', async () => {
      await teacher.goto('/scholarship-registrations/import');
      await teacher.getByTestId('import-file').setInputFiles({ name: 'students.xlsx', mimeType: XLSX, buffer: await schoolSheet() });
      await expect(teacher.getByTestId('import-count-invalid')).toContainText(bengaliDigits(1));
      await teacher.evaluate(() => window.scrollTo(0, 0));
      await shoot(teacher, 'teacher-05-import-check', 'whole page');
      await teacher.getByTestId('import-submit').click();
      await expect(teacher.getByTestId('import-done')).toBeVisible();
      await shoot(teacher, 'teacher-06-import-done');
    });

    await test.step('the head teacher pays the five students’ fees by bKash', async () => {
      await teacher.goto('/scholarship-payments/create');
      await expect(teacher.getByTestId('deposit-bkash')).toContainText('01711223344');
      await teacher.getByTestId('select-all-unpaid').click();
      await teacher.getByRole('textbox', { name: bn.payments.transactionLabel.bkash }).fill('BK7Q2M9X4A');
      await shoot(teacher, 'teacher-07-payment');
      await teacher.getByRole('button', { name: bn.actions.save }).click();
      await expect(toast(teacher, bn.payments.filed).first()).toBeVisible();
      await expect(teacher.getByTestId('list-row').first().getByTestId('approval')).toHaveText(bn.payments.pending);
      await shoot(teacher, 'teacher-08-payment-pending');
    });

    await test.step('the admin approves the payment', async () => {
      await enter(desk, admin);
      await shoot(desk, 'admin-01-dashboard');
      await desk.goto('/scholarship-payments');
      const row = desk.getByTestId('list-row').filter({ hasText: 'BK7Q2M9X4A' });
      await expect(row.getByTestId('approval')).toHaveText(bn.payments.pending);
      await shoot(desk, 'admin-02-payments');
      await row.getByText('BK7Q2M9X4A').dblclick();
      await expect(desk.getByTestId('approve-payment')).toBeVisible();
      await shoot(desk, 'admin-03-payment-decision', 'whole page');
      await desk.getByTestId('approve-payment').click();
      await expect(desk.getByTestId('payment-decision')).not.toContainText(bn.payments.decision.approve);
    });

    // Another school paid by bKash too: its payments are checked against the merchant statement.
    const other = { ...newInstitute(), name: 'চরপাড়া সরকারি প্রাথমিক বিদ্যালয়', nameEnglish: 'CHARPARA GOVT PRIMARY SCHOOL' };
    await registerByApi(request, other);
    const otherToken = await apiToken(request, other.email, other.password);
    const otherIds: number[] = [];
    for (const [i, [name, bangla]] of [
      ['RAFIQ AHMED', 'রফিক আহমেদ'],
      ['JANNATUL FERDOUS', 'জান্নাতুল ফেরদৌস'],
      ['SHAKIL KHAN', 'শাকিল খান'],
    ].entries())
      otherIds.push(
        await storeByApi(request, otherToken, 'scholarship-registrations', {
          class: i === 2 ? '07' : '04',
          class_roll: String(i + 1),
          gender: i === 1 ? 'f' : 'm',
          name_bangla: bangla,
          name_english: name,
          father_name_english: 'MD. ABDUL KARIM',
          mother_name_english: 'MST. RAHIMA BEGUM',
          contact_number: '01712345678',
          post_office: 'সাভার',
        }),
      );
    const today = new Date().toISOString().slice(0, 10);
    const fee = (
      (await ok(request.get(`/api/v1/scholarship-registrations/${otherIds[0]}`, { headers: await authorized(request, otherToken) }))) as { fee: number }
    ).fee;
    for (const [i, id] of otherIds.entries())
      await storeByApi(request, otherToken, 'scholarship-payments', {
        payment_method: 'bkash',
        amount: String(fee),
        transaction_id: `CP${i + 1}K8W3R${i}`,
        date: today,
        registration_ids: [id],
      });

    await test.step('the admin reconciles the bKash statement and approves what matched', async () => {
      await uploadStatement(
        desk,
        [0, 1, 2].map((i) => ({ transactionId: `CP${i + 1}K8W3R${i}`, amount: fee })),
        (name) => shoot(desk, name === 'reconcile-columns' ? 'admin-04-statement-columns' : 'admin-04-statement-upload'),
      );
      await expect(desk.getByTestId('statement-count-matched')).toContainText(bengaliDigits(3));
      await shoot(desk, 'admin-05-statement');
      await desk.getByTestId('statement-approve').click();
      await desk.getByTestId('confirm-statement-approve').click();
      await expect(desk.getByTestId('statement-approval-done')).toBeVisible();
    });

    await test.step('the admin reads the exam’s settings, adds a centre and seats every paid student', async () => {
      await desk.goto('/exam');
      await expect(desk.getByRole('heading', { name: bn.exam.form.title })).toBeVisible();
      await shoot(desk, 'admin-06-exam');
      await storeByApi(request, admin, 'exam-centres', {
        name_bn: 'সাভার সরকারি উচ্চ বিদ্যালয়',
        name_en: 'Savar Government High School',
        division_id: 6,
        zilla_id: 47,
        upozilla_id: 365,
        address: 'থানা রোড, সাভার',
        contact_name: 'মোঃ রফিকুল ইসলাম',
        contact_mobile: '01812345678',
        rooms: [
          { name: '১০১', capacity: 40 },
          { name: '১০২', capacity: 40 },
        ],
        upazila_ids: [365],
      });
      await desk.goto('/exam/centres');
      await expect(desk.getByTestId('list-row').first()).toBeVisible();
      await shoot(desk, 'admin-07-centres');
      await desk.goto('/exam/seats');
      await desk.getByTestId('run-allocation').click();
      await expect(desk.getByTestId('allocation-report')).toBeVisible({ timeout: 30_000 });
      await shoot(desk, 'admin-08-seats');
      await desk.goto('/exam');
      await desk.getByRole('switch', { name: bn.exam.publish.label }).click();
      await desk.getByTestId('confirm-publish').click();
      await expect(desk.getByTestId('publish-state')).toHaveText(bn.exam.publish.on);
    });

    await test.step('the head teacher finds the admit cards on the dashboard', async () => {
      await dashboard(teacher);
      const panel = teacher.getByTestId('admit-cards-panel');
      await expect(panel).toContainText(bn.documents.admitCards.published);
      await panel.scrollIntoViewIfNeeded();
      await shoot(teacher, 'teacher-09-admit-cards');
    });

    // Every candidate of the two schools, with the roll numbers marks are entered by.
    const candidates: { roll: string; reg: string; klass: string }[] = [];
    for (const [owner, ownerToken] of [
      [school, token],
      [other, otherToken],
    ] as const) {
      const list = (await ok(request.get('/api/v1/scholarship-registrations?paginate=50', { headers: await authorized(request, ownerToken) }))) as {
        data: { roll_no: string; reg_no: string; class: string }[];
      };
      expect(list.data.length, owner.name).toBeGreaterThan(0);
      for (const row of list.data) candidates.push({ roll: row.roll_no, reg: row.reg_no, klass: row.class });
    }
    const subjects = (
      (await ok(request.get('/api/v1/marks/subjects', { headers: await authorized(request) }))) as {
        classes: { class: string; subjects: { id: number; name_bn: string }[] }[];
      }
    ).classes;
    const subjectsOf = (klass: string) => subjects.find((entry) => entry.class === klass)?.subjects ?? [];

    await test.step('the admin enters marks on the keyboard grid', async () => {
      await desk.goto('/marks');
      await desk.getByTestId('marks-class').click();
      await desk.getByRole('option', { name: bn.reference.class['04'] }).click();
      await desk.getByTestId('marks-subject').click();
      await desk.getByRole('option', { name: /^বাংলা/ }).click();
      const first = candidates.filter((candidate) => candidate.klass === '04').slice(0, 3);
      for (const [i, candidate] of first.entries()) {
        await desk.getByTestId('mark-roll').fill(candidate.roll);
        await desk.getByTestId('mark-roll').press('Enter');
        await expect(desk.getByTestId('mark-marks')).toBeFocused();
        await desk.getByTestId('mark-marks').fill(String([86, 74.5, 91][i]));
        await desk.getByTestId('mark-marks').press('Enter');
        await expect(desk.getByTestId('mark-roll')).toBeFocused();
      }
      await shoot(desk, 'admin-09-marks');
    });

    // The other marks, as examiners would enter them or a sheet would bring them.
    let seed = 7;
    for (const candidate of candidates)
      for (const subject of subjectsOf(candidate.klass)) {
        seed = (seed * 37 + 11) % 61;
        await ok(
          request.post('/api/v1/marks', { headers: await authorized(request), data: { roll_no: candidate.roll, subject_id: subject.id, marks: 40 + seed } }),
        );
      }

    await test.step('the admin sets the rules, processes and publishes the result', async () => {
      await ok(
        request.post('/api/v1/results/rules', {
          headers: await authorized(request),
          data: {
            rules: ['04', '07'].map((klass) => ({ class: klass, pass_marks: 80, kind: 'quota', scope: 'class', talent_pool: 1, general: 2 })),
          },
        }),
      );
      await desk.goto('/results');
      await desk.getByTestId('results-process').click();
      await expect(desk.getByTestId('results-preview')).toBeVisible({ timeout: 60_000 });
      await shoot(desk, 'admin-10-results-processed');
      await desk.getByTestId('results-publish-button').click();
      // Candidates of other journeys on the same server may lack marks: their results are withheld.
      const withhold = desk.getByTestId('results-withhold-reason');
      const confirm = desk.getByTestId('confirm-results-publish').or(desk.getByTestId('confirm-results-withhold'));
      await expect(confirm).toBeVisible();
      if (await withhold.isVisible()) await withhold.fill('উত্তরপত্র কেন্দ্র থেকে আসেনি');
      await confirm.click();
      await expect(desk.getByTestId('results-unpublish')).toBeVisible({ timeout: 60_000 });
      await shoot(desk, 'admin-11-results-published');
    });

    await test.step('the head teacher reads the results on the dashboard; a parent looks one up on the website', async () => {
      await dashboard(teacher);
      const results = teacher.getByTestId('institute-results');
      await expect(results.getByTestId('institute-result').first()).toBeVisible();
      await results.scrollIntoViewIfNeeded();
      await shoot(teacher, 'teacher-10-results');
      const child = candidates[0]!;
      await teacher.goto('/result');
      await teacher.locator('#roll').fill(bengaliDigits(child.roll));
      await teacher.locator('#reg').fill(child.reg);
      await teacher.locator('form.result-form button[type=submit]').click();
      await expect(teacher.locator('.result')).toBeVisible();
      await shoot(teacher, 'teacher-11-result-lookup');
    });
  } finally {
    await setValues(
      request,
      accounts.sub,
      Object.fromEntries(accounts.values.filter((value) => /bkash_number|bank_account/.test(value.key)).map((value) => [value.id, value.value ?? ''])),
    );
    await request.post('/api/v1/results/publish', { headers: await authorized(request), data: { published: 0 } });
    await teacher.context().close();
    await desk.context().close();
  }
});
