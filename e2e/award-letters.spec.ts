/**
 * Scholarships awarded (docs/integrators/results.md, documents.md): with the amounts set and a result published
 * (through the API: results day's screens are results-day.spec.ts's subject), the admin's results screen at 1280 px
 * shows the amounts and the awards and downloads every institute's letters; a head teacher on a 360 px phone finds
 * the award letters on the dashboard and downloads them; the letter's QR page confirms the award on a phone. The
 * letters' PDF is rendered with pdftoppm into test-results/screenshots/ to be looked at.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiToken, bn, enterWithToken, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const text = bn.results.awards;

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await shoot(page, `${name}-360`);
}

type Call = { status(): number; text(): Promise<string>; json(): Promise<unknown> };
async function ok<T>(call: Promise<Call>, status = 200): Promise<T> {
  const res = await call;
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

async function waitJob(request: APIRequestContext, headers: Record<string, string>, jobId: number): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/jobs/${jobId}`, { headers })).json()) as { data: { state: string } }).data.state, {
      timeout: 120_000,
    })
    .toBe('done');
}

/** The letters' PDF is read back: its text for the verification link, page 2 (the first letter) as a picture. */
function readLetters(pdf: Buffer, name: string): string {
  const file = `${SHOTS}/${name}.pdf`;
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '2', '-l', '2', '-singlefile', file, `${SHOTS}/${name}-page2`]);
  return execFileSync('pdftotext', [file, '-']).toString();
}

test('amounts set and a result published: the admin and a head teacher download the award letters, and the QR page confirms one', async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const suffix = uniqueSuffix().toUpperCase();

  // The result starts unpublished, whatever an earlier journey left; class four has one subject of 100.
  await ok(request.post('/api/v1/results/publish', { data: { published: 0 }, headers }));
  const exam = await ok<Record<string, unknown>>(request.get('/api/v1/exam', { headers }));
  const updated = await ok<{ subjects: { id: number; class: string }[] }>(
    request.post('/api/v1/exam/update', {
      headers,
      data: {
        ...exam,
        name_bn: exam.name_bn || 'প্রাথমিক বৃত্তি পরীক্ষা ২০২৬',
        name_en: exam.name_en || 'Primary Scholarship Examination 2026',
        subjects: [
          { class: '04', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
          { class: '07', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
        ],
      },
    }),
  );
  const subject = updated.subjects.find((s) => s.class === '04')!.id;

  // The amounts, through the settings: talent pool 5,000 taka, general 3,000.
  const groups = await ok<{ id: number; title: string; sub_group: { id: number }[] }[]>(request.get('/api/v1/settings/fields', { headers }));
  const group = groups.find((g) => g.title === 'বৃত্তি')!;
  const values = await ok<{ id: number; key: string }[]>(request.get(`/api/v1/settings/${group.id}/${group.sub_group[0]!.id}/values`, { headers }));
  const idOf = (key: string) => values.find((v) => v.key === key)!.id;
  await ok(
    request.post('/api/v1/settings/update', {
      headers,
      data: {
        id: group.sub_group[0]!.id,
        fields: { [idOf('scholarship_amount_talent_pool')]: { value: '৫০০০' }, [idOf('scholarship_amount_general')]: { value: '3000' } },
      },
    }),
  );

  // A school with three paid class-four students: 95 (talent pool), 85 (general), 40 (no scholarship).
  const school = newInstitute();
  await registerByApi(request, school);
  const token = await apiToken(request, school.email, school.password);
  const own = { Authorization: `Bearer ${token}` };
  const students: { id: number; roll: string; fee: number }[] = [];
  for (const [i, name] of ['শ্রাবন্তী ত্যাগী', 'মোছাঃ স্ত্রীমতী আক্তার', 'কৃষ্ণা রানী দাস'].entries()) {
    const id = await storeByApi(request, token, 'scholarship-registrations', {
      class: '04',
      class_roll: String(i + 1),
      gender: 'f',
      name_bangla: name,
      name_english: `AWARD ${['ONE', 'TWO', 'THREE'][i]} ${suffix}`,
      father_name_bangla: 'মোঃ সর্বোচ্চ ইসলাম',
      father_name_english: 'MD. SARBOCCHO ISLAM',
      mother_name_english: 'RAHIMA BEGUM',
      contact_number: '01712345678',
      post_office: 'সাভার',
    });
    const row = await ok<{ roll_no: string; fee: number }>(request.get(`/api/v1/scholarship-registrations/${id}`, { headers: own }));
    students.push({ id, roll: row.roll_no, fee: row.fee });
  }
  const payment = await storeByApi(request, token, 'scholarship-payments', {
    payment_method: 'bkash',
    amount: students.reduce((sum, s) => sum + s.fee, 0),
    transaction_id: `AW${suffix}`,
    date: new Date().toISOString().slice(0, 10),
    registration_ids: students.map((s) => s.id),
  });
  await ok(request.post('/api/v1/scholarship-payments/approve', { data: { id: payment }, headers }));
  for (const [i, marks] of [95, 85, 40].entries())
    await ok(request.post('/api/v1/marks', { headers, data: { roll_no: students[i]!.roll, subject_id: subject, marks } }));
  await ok(
    request.post('/api/v1/results/rules', {
      headers,
      data: {
        rules: [
          { class: '04', pass_marks: 33, kind: 'cutoff', scope: 'class', talent_pool: 90, general: 80 },
          { class: '07', pass_marks: 33, kind: 'cutoff', scope: 'class', talent_pool: 90, general: 80 },
        ],
      },
    }),
  );
  await waitJob(request, headers, (await ok<{ job_id: number }>(request.post('/api/v1/results/process', { headers }), 202)).job_id);
  // Students an earlier journey left without marks are withheld: this journey's subject is the awards.
  const published = request.post('/api/v1/results/publish', { headers, data: { published: 1, withhold_reason: 'উত্তরপত্র আসেনি' } });
  await waitJob(request, headers, (await ok<{ job_id: number }>(published, 202)).job_id);

  let verifyUrl = '';
  await test.step('the admin sees the amounts and the awards, and downloads every institute’s letters', async () => {
    await page.setViewportSize(DESKTOP);
    await enterWithToken(page, headers.Authorization.slice('Bearer '.length));
    await page.getByRole('navigation', { name: bn.nav.label }).getByRole('link', { name: bn.nav.results }).click();
    const panel = page.getByTestId('results-awards');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('award-amount-talent_pool')).toHaveText('৫,০০০ টাকা');
    await expect(panel.getByTestId('award-amount-general')).toHaveText('৩,০০০ টাকা');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${SHOTS}/results-awards-panel-1280.png` });
    await shootBoth(page, 'results-awards');
    await page.setViewportSize(DESKTOP);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await panel.getByTestId('results-award-letters').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('award-letters.pdf');
    const letters = readLetters(Buffer.from(await (await import('node:fs/promises')).readFile((await file.path())!)), 'award-letters-all');
    expect(letters).toContain('Scholarship Award Letter');
  });

  await test.step('a head teacher on a phone downloads the school’s letters and one student’s', async () => {
    await page.setViewportSize(PHONE);
    await enterWithToken(page, token);
    const block = page.getByTestId('institute-awards');
    await expect(block).toContainText(text.lettersIntro.replace('{{number}}', '২').split(' জন')[0]!);
    await expect(page.getByTestId('institute-award-letter')).toHaveCount(2);
    await block.scrollIntoViewIfNeeded();
    await shootBoth(page, 'institute-awards');
    await page.setViewportSize(PHONE);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('institute-award-letters').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^award-letters-.+\.pdf$/);
    const letters = readLetters(Buffer.from(await (await import('node:fs/promises')).readFile((await file.path())!)), 'award-letters-institute');
    expect(letters).toContain('Taka Five Thousand Only');
    verifyUrl = /https?:\/\/\S+\/verify\/award\/[0-9A-Z]{16}/.exec(letters)![0];
    const one = page.waitForEvent('download');
    await page.getByTestId('institute-award-letter').first().click();
    expect((await one).suggestedFilename()).toMatch(/^award-letter-.+\.pdf$/);
  });

  await test.step('the QR page confirms the award on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(new URL(verifyUrl).pathname);
    await expect(page.getByTestId('award-state')).toContainText('বৈধ');
    await expect(page.getByTestId('award-amount')).toHaveText('৫,০০০ টাকা');
    await shoot(page, 'award-verify-360');
  });
});
