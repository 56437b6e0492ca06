/**
 * Exam day: the admin sets the exam (a time before its start refused under the field),
 * creates two centres (one with rooms for a named institute, one counted as one total), runs the seat
 * allocation and reads its report (a school in an upazila without a centre is reported by name),
 * moves a centre's students to the other, and publishes the admit cards. An institute on a phone
 * (360 px) downloads all its admit cards from its dashboard and one student's from the student's
 * details (an unpaid student's is refused with the reason); page 1 of the PDF is rendered with
 * pdftoppm to a PNG to look at, and the seat's verification page shows the student's name and roll.
 * Screenshots in Bengali at 360 and 1280 px go to test-results/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminToken, apiToken, bengaliDigits, bn, choose, enterWithToken, messages, newInstitute, registerByApi, storeByApi, uniqueSuffix } from './helpers.js';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const dataDir = () => process.env.E2E_DATA_DIR as string;
const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input labelled exactly `label` (with or without the required mark) inside `scope`. */
function input(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)).and(scope.locator('input, textarea'));
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The screen at both widths, phone last, then back to `size`. */
async function shootBoth(page: Page, name: string, size = DESKTOP): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await shoot(page, `${name}-360`);
  await page.setViewportSize(size);
}

async function enterAs(page: Page, token: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await enterWithToken(page, token);
}

const student = (roll: number, name: string, place: { division_id: number; zilla_id: number; upozilla_id: number }) => ({
  class: roll % 2 ? '04' : '07',
  class_roll: String(roll),
  gender: roll % 2 ? 'm' : 'f',
  name_bangla: 'পরীক্ষার্থী',
  name_english: name,
  father_name_english: 'ABDUL KARIM',
  mother_name_english: 'RAHIMA BEGUM',
  contact_number: '01712345678',
  post_office: 'ডাকঘর',
  ...place,
});

/** The institute files a payment for these students and the admin approves it: they are paid. */
async function payFor(request: APIRequestContext, token: string, ids: readonly number[], transaction: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  let amount = 0;
  for (const id of ids) {
    const answer = await request.get(`/api/v1/scholarship-registrations/${id}`, { headers });
    amount += ((await answer.json()) as { data: { fee: number } }).data.fee;
  }
  const today = new Date().toISOString().slice(0, 10);
  const payment = await storeByApi(request, token, 'scholarship-payments', {
    payment_method: 'bkash',
    amount,
    transaction_id: transaction,
    date: today,
    registration_ids: ids,
  });
  const approved = await request.post('/api/v1/scholarship-payments/approve', {
    data: { id: payment },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** A seat's token as the admit card's QR code carries it. */
function seatToken(registrationId: number): string {
  const db = new SQLite(path.join(dataDir(), 'app.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return (db.prepare('select token from exam_seats where registration_id = ?').get(registrationId) as { token: string }).token;
  } finally {
    db.close();
  }
}

test('the admin sets the exam, two centres and the seats, publishes; an institute on a phone downloads its admit cards', async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const suffix = uniqueSuffix().toUpperCase();
  const savar = { division_id: 6, zilla_id: 47, upozilla_id: 365 };
  const kalihati = { division_id: 6, zilla_id: 44, upozilla_id: 343 };

  // A school in Savar with three paid students and one unpaid; a school in Kalihati, where no centre is, with one paid.
  // Named uniquely: the admin finds it by name among every run's schools.
  const school = { ...newInstitute(), name: `পরীক্ষা বিদ্যালয় ${suffix}` };
  const schoolUid = await registerByApi(request, school);
  const token = await apiToken(request, school.email, school.password);
  const me = await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  const schoolId = ((await me.json()) as { data: { user: { id: number } } }).data.user.id;
  const names = ['SEAT ONE', 'SEAT TWO', 'SEAT THREE', 'SEAT UNPAID'].map((name) => `${name} ${suffix}`);
  const ids: number[] = [];
  for (const [i, name] of names.entries()) ids.push(await storeByApi(request, token, 'scholarship-registrations', student(i + 1, name, savar)));
  await payFor(request, token, ids.slice(0, 3), `EX${suffix}`);
  const far = newInstitute();
  await registerByApi(request, far, kalihati);
  const farToken = await apiToken(request, far.email, far.password);
  const farStudent = await storeByApi(request, farToken, 'scholarship-registrations', student(1, `FAR AWAY ${suffix}`, kalihati));
  await payFor(request, farToken, [farStudent], `KL${suffix}`);
  // Admit cards start unpublished, whatever an earlier run against the same server left.
  const unpublished = await request.post('/api/v1/exam/publish', { data: { published: 0 }, headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(unpublished.status()).toBe(200);
  const centreOne = `পরীক্ষা কেন্দ্র ক ${suffix}`;
  const centreTwo = `পরীক্ষা কেন্দ্র খ ${suffix}`;

  await test.step('the admin sets the exam; an end before the start is refused under the field', async () => {
    await enterWithToken(page, await adminToken(request));
    await page.getByRole('navigation', { name: bn.nav.label }).getByRole('link', { name: bn.nav.exam }).click();
    await expect(page.getByRole('heading', { name: bn.exam.form.title })).toBeVisible();
    await input(page, bn.exam.form.name_bn).fill('প্রাথমিক ও নিম্ন মাধ্যমিক বৃত্তি পরীক্ষা ২০২৬');
    await input(page, bn.exam.form.name_en).fill('Primary and Junior Scholarship Examination 2026');
    await input(page, bn.exam.form.instructions).fill('পরীক্ষা শুরুর ৩০ মিনিট আগে কেন্দ্রে উপস্থিত হতে হবে।\nপ্রবেশপত্র ছাড়া পরীক্ষার হলে প্রবেশ করা যাবে না।');
    await page.getByRole('radio', { name: bn.exam.form.seatings.apart }).check();
    for (const [klass, date] of [
      ['04', '2026-12-12'],
      ['07', '2026-12-13'],
    ] as const) {
      const sitting = page.getByTestId(`sitting-${klass}`);
      // An exam set by an earlier run loses its subjects first.
      while ((await sitting.getByTestId('subject-row').count()) > 0)
        await sitting
          .getByRole('button', { name: /^বিষয় .+ সরান$/ })
          .first()
          .click();
      // Typed day first in Bengali digits, as the date fields take it.
      const day = input(sitting, bn.exam.form.date);
      await day.fill(
        date
          .split('-')
          .reverse()
          .join('/')
          .replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!),
      );
      await day.blur();
      await input(sitting, bn.exam.form.reporting_time).fill('৯:৩০');
      await input(sitting, bn.exam.form.start_time).fill('১০:০০');
      await input(sitting, bn.exam.form.end_time).fill('১২:০০');
      await page.getByTestId(`add-subject-${klass}`).click();
      const subject = sitting.getByTestId('subject-row').last();
      await input(subject, bn.exam.form.subject_bn).fill('গণিত');
      await input(subject, bn.exam.form.subject_en).fill('Mathematics');
      await input(subject, bn.exam.form.full_marks).fill('১০০');
      await page.getByTestId(`add-subject-${klass}`).click();
      const second = sitting.getByTestId('subject-row').last();
      await input(second, bn.exam.form.subject_bn).fill('বাংলা');
      await input(second, bn.exam.form.subject_en).fill('Bangla');
      await input(second, bn.exam.form.full_marks).fill('১০০');
    }
    // The time typed as ৯:৩০ reads ০৯:৩০ once the field is left.
    await expect(input(page.getByTestId('sitting-04'), bn.exam.form.reporting_time)).toHaveValue('০৯:৩০');
    const end = input(page.getByTestId('sitting-04'), bn.exam.form.end_time);
    await end.fill('০৯:০০');
    await page.getByRole('button', { name: bn.exam.form.save }).click();
    await expect(page.locator(`[id="${await end.getAttribute('id')}-error"]`)).toHaveText(messages.bn.end_before_start);
    await end.fill('১২:০০');
    await page.getByRole('button', { name: bn.exam.form.save }).click();
    await expect(toast(page, messages.bn.exam_saved).first()).toBeVisible();
    await expect(page.getByTestId('subjects-07').getByTestId('subject-row')).toHaveCount(2);
    // The days typed in Bengali reach the server as the API's YYYY-MM-DD.
    const saved = await request.get('/api/v1/exam', { headers: { authorization: `Bearer ${await adminToken(request)}` } });
    expect(((await saved.json()) as { data: { sittings: { date: string }[] } }).data.sittings.map((sitting) => sitting.date)).toEqual([
      '2026-12-12',
      '2026-12-13',
    ]);
    await shootBoth(page, 'exam-form');
  });

  await test.step('the admin adds a centre with two rooms for the Savar school only', async () => {
    await page.goto('/exam/centres/create');
    await input(page, bn.centres.fields.name_bn).fill(centreOne);
    await input(page, bn.centres.fields.name_en).fill(`Exam Centre A ${suffix}`);
    await choose(page, bn.register.fields.division_id, 'ঢাকা');
    await choose(page, bn.register.fields.zilla_id, 'ঢাকা');
    await choose(page, bn.register.fields.upozilla_id, 'সাভার');
    await input(page, bn.centres.fields.address).fill('সাভার সরকারি উচ্চ বিদ্যালয়, থানা রোড');
    await input(page, bn.centres.fields.contact_name).fill('মোঃ রফিকুল ইসলাম');
    await input(page, bn.centres.fields.contact_mobile).fill('01812345678');
    const rooms = page.getByTestId('room-row');
    await input(rooms.nth(0), bn.centres.fields.room_name).fill('১০১');
    await input(rooms.nth(0), bn.centres.fields.room_capacity).fill('২');
    await page.getByTestId('add-room').click();
    await input(rooms.nth(1), bn.centres.fields.room_name).fill('১০২');
    await input(rooms.nth(1), bn.centres.fields.room_capacity).fill('২');
    await expect(page.getByTestId('rooms-total')).toHaveText(bn.centres.roomsTotal.replace('{{number}}', '৪'));
    // The centre's own upazila is served to begin with; this centre is for the named school alone.
    const served = input(page, bn.centres.fields.upazila_ids);
    await expect(page.getByTestId('served-upazilas')).toContainText('সাভার (ঢাকা)');
    await served.click();
    await served.press('Backspace');
    await served.press('Escape');
    await expect(page.getByTestId('served-upazilas')).not.toContainText('সাভার (ঢাকা)');
    await input(page, bn.centres.fields.institute_ids).fill(school.name);
    await page.getByRole('option', { name: `${school.name} (${bengaliDigits(schoolUid)})`, exact: true }).click();
    await expect(page.getByTestId('named-institutes')).toContainText(school.name);
    await shootBoth(page, 'centre-form');
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(toast(page, messages.bn.stored).first()).toBeVisible();
  });

  await test.step('a second centre in Dhamrai counted as one total', async () => {
    await page.goto('/exam/centres/create');
    await input(page, bn.centres.fields.name_bn).fill(centreTwo);
    await input(page, bn.centres.fields.name_en).fill(`Exam Centre B ${suffix}`);
    await choose(page, bn.register.fields.division_id, 'ঢাকা');
    await choose(page, bn.register.fields.zilla_id, 'ঢাকা');
    await choose(page, bn.register.fields.upozilla_id, 'ধামরাই');
    await input(page, bn.centres.fields.address).fill('ধামরাই পাইলট উচ্চ বিদ্যালয়');
    await input(page, bn.centres.fields.contact_name).fill('শাহানা পারভীন');
    await input(page, bn.centres.fields.contact_mobile).fill('01912345678');
    await page.getByTestId('room-mode').getByText(bn.centres.roomMode.one).click();
    await input(page, bn.centres.fields.capacity).fill('৫০');
    await expect(page.getByTestId('served-upazilas')).toContainText('ধামরাই (ঢাকা)');
    await page.getByRole('button', { name: bn.actions.save }).click();
    await expect(toast(page, messages.bn.stored).first()).toBeVisible();
    await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(suffix);
    await expect(page.getByTestId('list-row')).toHaveCount(2);
    await shootBoth(page, 'centre-list');
  });

  await test.step('the admin runs the allocation: the school is seated, Kalihati has no centre', async () => {
    await page.goto('/exam/seats');
    await expect(page.getByTestId('total-centres')).not.toContainText(bengaliDigits(0));
    await page.getByTestId('run-allocation').click();
    const report = page.getByTestId('allocation-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    // Earlier runs against the same server may have left Kalihati schools too.
    const [before, after] = bn.exam.allocation.reasons.no_centre.replace('{{place}}', 'কালিহাতী').split('{{students}}');
    await expect(page.getByTestId('unseated')).toContainText(new RegExp(`${before}[০-৯]+${after}`));
    await expect(page.getByTestId('total-seated').getByTestId('total-value')).not.toHaveText(bengaliDigits(0));
    await shootBoth(page, 'seats-report');
  });

  await test.step('the centre shows its three students; they are moved to the second centre, asked first', async () => {
    await page.goto('/exam/centres');
    await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(centreOne);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await page.getByTestId('list-row').first().locator('td').nth(1).dblclick();
    await expect(page.getByTestId('centre-seats')).toHaveText(bn.centres.seatsOf.replace('{{seated}}', '৩').replace('{{capacity}}', '৪'));
    await expect(page.getByTestId('served-institutes')).toHaveText(school.name);
    await shootBoth(page, 'centre-details');

    await page.goto('/exam/seats');
    const move = page.getByTestId('move-seats');
    await choose(page, bn.exam.move.from, bn.exam.move.option.replace('{{name}}', centreOne).replace('{{seated}}', '৩').replace('{{capacity}}', '৪'));
    await choose(page, bn.exam.move.to, bn.exam.move.option.replace('{{name}}', centreOne).replace('{{seated}}', '৩').replace('{{capacity}}', '৪'));
    await move.getByRole('button', { name: bn.exam.move.submit }).click();
    await expect(move).toContainText(messages.bn.same_centre);
    await choose(page, bn.exam.move.to, bn.exam.move.option.replace('{{name}}', centreTwo).replace('{{seated}}', '০').replace('{{capacity}}', '৫০'));
    await move.getByRole('button', { name: bn.exam.move.submit }).click();
    await expect(page.getByRole('dialog', { name: bn.exam.move.confirmTitle })).toContainText(centreTwo);
    await page.getByTestId('confirm-move').click();
    await expect(page.getByTestId('moved')).toHaveText(messages.bn.seats_moved.replace('{moved}', '৩'));
    await shootBoth(page, 'seats-moved');
  });

  await test.step('the admin reads the school’s seats on screen, found by the ID it logs in with', async () => {
    const list = page.getByTestId('seat-list');
    await list.getByText(bn.exam.seatList.byInstitute).click();
    await input(list, bn.exam.seatList.institute).fill(schoolUid);
    await input(list, bn.exam.seatList.institute).press('Enter');
    await expect(page.getByTestId('seat-list-table').locator('tbody tr')).toHaveCount(3);
    await expect(page.getByTestId('seat-list-table')).toContainText(centreTwo);
    await list.scrollIntoViewIfNeeded();
    await shootBoth(page, 'seat-list');
  });

  await test.step('before publication the admin downloads the school’s admit cards and the centre’s room sheets', async () => {
    await page.goto(`/user/${schoolId}`);
    const cards = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('institute-admit-cards').click();
    const cardsPdf = path.join(SHOTS, 'admit-cards-admin.pdf');
    await (await cards).saveAs(cardsPdf);
    expect(pdfText(cardsPdf)).toContain(names[0]);
    await expect(page.getByTestId('institute-admit-cards-saved')).toBeVisible();
    await shoot(page, 'user-admit-cards-1280');

    await page.goto('/exam/centres');
    await page.getByRole('searchbox', { name: bn.list.searchLabel }).fill(centreTwo);
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await page.getByTestId('list-row').first().locator('td').nth(1).dblclick();
    const sheets = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('centre-sheets').click();
    const sheetsPdf = path.join(SHOTS, 'room-sheets.pdf');
    await (await sheets).saveAs(sheetsPdf);
    for (const name of names.slice(0, 3)) expect(pdfText(sheetsPdf)).toContain(name);
  });

  await test.step('on a phone the school reads that its admit cards are not published yet', async () => {
    await page.setViewportSize(PHONE);
    await enterAs(page, token);
    await expect(page.getByTestId('admit-cards-unpublished')).toHaveText(bn.documents.admitCards.unpublished);
    await shoot(page, 'dashboard-unpublished-360');
    await page.setViewportSize(DESKTOP);
    await enterAs(page, await adminToken(request));
  });

  await test.step('the admin publishes the admit cards, asked first', async () => {
    await page.goto('/exam');
    await expect(page.getByTestId('publish-state')).toHaveText(bn.exam.publish.off);
    await page.getByRole('switch', { name: bn.exam.publish.label }).click();
    await page.getByTestId('confirm-publish').click();
    await expect(toast(page, messages.bn.admit_cards_published).first()).toBeVisible();
    await expect(page.getByTestId('publish-state')).toHaveText(bn.exam.publish.on);
  });

  await test.step('on a phone the school downloads all its admit cards; page 1 is rendered to look at', async () => {
    await page.setViewportSize(PHONE);
    await enterAs(page, token);
    const panel = page.getByTestId('admit-cards-panel');
    await expect(panel).toContainText(bn.documents.admitCards.published);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await panel.getByTestId('admit-cards-all').click();
    const file = await download;
    const pdf = path.join(SHOTS, 'admit-cards.pdf');
    await file.saveAs(pdf);
    await expect(panel.getByTestId('admit-cards-all-saved')).toBeVisible();
    await shoot(page, 'dashboard-admit-cards-360');
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const name of names.slice(0, 3)) expect(text).toContain(name);
    expect(text).not.toContain(names[3]);
    execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(SHOTS, 'admit-cards-page-1')]);
  });

  await test.step('one student’s card from the details; an unpaid student’s is refused with the reason', async () => {
    await page.goto(`/scholarship-registrations/${ids[0]}`);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('admit-card').click();
    await (await download).saveAs(path.join(SHOTS, 'admit-card-one.pdf'));
    await page.goto(`/scholarship-registrations/${ids[3]}`);
    await expect(page.getByTestId('admit-card')).toBeDisabled();
    await expect(page.getByTestId('admit-card-blocked')).toHaveText(bn.documents.admitCards.notPaid);
    await shoot(page, 'registration-admit-card-360');
  });

  await test.step('the QR code’s address shows the student’s name and roll', async () => {
    const answer = await request.get(`/api/v1/scholarship-registrations/${ids[0]}`, { headers: { Authorization: `Bearer ${token}` } });
    const { roll_no: roll } = ((await answer.json()) as { data: { roll_no: string } }).data;
    await page.goto(`/verify/${seatToken(ids[0]!)}`);
    await expect(page.locator('body')).toContainText(names[0]!);
    await expect(page.locator('body')).toContainText(new RegExp(`${roll}|${bengaliDigits(roll)}`));
    await expect(page.locator('body')).toContainText(centreTwo);
    await shoot(page, 'verify-360');
  });

  await test.step('on a 360 px phone the page with a photo keeps the name and the roll readable, each value wide', async () => {
    const photo = await request.post('/api/v1/media/upload', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        file: {
          name: 'student.png',
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 300, height: 400, channels: 3, background: '#6d4c8f' } })
            .png()
            .toBuffer(),
        },
        folder: 'students',
        width: '300',
        height: '400',
      },
    });
    expect(photo.status(), await photo.text()).toBe(200);
    const long = 'মোসাম্মৎ ফাতেমাতুজ জোহরা চৌধুরী';
    const db = new SQLite(path.join(dataDir(), 'app.sqlite'));
    db.prepare('update scholarship_registrations set photo = ?, name_bangla = ? where id = ?').run(
      ((await photo.json()) as { data: string }).data,
      long,
      ids[0],
    );
    db.close();
    await page.setViewportSize(PHONE);
    await page.goto(`/verify/${seatToken(ids[0]!)}`);
    await expect(page.locator('.verify-photo')).toBeVisible();
    const name = (await page.getByTestId('verify-name').boundingBox())!;
    const rollBox = (await page.getByTestId('verify-roll').boundingBox())!;
    const line = await page.getByTestId('verify-roll').evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(name.width).toBeGreaterThan(150);
    expect(rollBox.height).toBeLessThan(line * 1.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'verify-photo-360');
    expect((await request.get('/verify/not-a-real-token')).status()).toBe(404);
  });
});
