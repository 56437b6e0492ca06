/**
 * The registration list's CSV as a head teacher gets it on a phone: one clean file name, headers and
 * codes in Bengali, the mobile kept as text for Excel and LibreOffice, and a message once it is saved.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, bn, enterWithToken, newInstitute, registerByApi, SAVAR, storeByApi, studentBody } from './helpers.js';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Today in Bangladesh, as the file's name carries it. */
const dhakaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

async function exportCsv(page: Page) {
  await page.getByTestId('export-button').click();
  const dialog = page.getByRole('dialog', { name: bn.exportData.title });
  await dialog.getByLabel(bn.exportData.inputLabel).fill('export all');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: bn.exportData.confirm }).click();
  return download;
}

test('a head teacher’s CSV on a phone: one clean name, Bengali headers and labels, the mobile kept, a message when saved', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const token = await apiToken(request, institute.email, institute.password);
  await storeByApi(
    request,
    token,
    'scholarship-registrations',
    studentBody({
      class: '07',
      gender: 'f',
      class_roll: '3',
      department: 'p',
      name_english: 'SADIA ISLAM',
      name_bangla: 'সাদিয়া ইসলাম',
      father_name_english: 'MD. ABDUL KARIM',
      mother_name_english: 'MST. RAHIMA BEGUM',
      contact_number: '01711000111',
      ...SAVAR,
    }),
  );
  await page.setViewportSize(PHONE);
  await enterWithToken(page, token);
  await page.goto('/scholarship-registrations');
  await expect(page.getByTestId('list-row')).toHaveCount(1);

  const file = await exportCsv(page);
  const name = `registration-list-${dhakaToday()}.csv`;
  expect(file.suggestedFilename()).toBe(name);
  const text = (await readFile(await file.path())).toString('utf8');
  const [header, row] = text.replace(/^\uFEFF/, '').split('\n');
  expect(header).toBe(
    'আইডি,নিবন্ধন নম্বর,রোল নম্বর,প্রতিষ্ঠানের আইডি,প্রতিষ্ঠান,শিক্ষার্থীর নাম (ইংরেজিতে),শিক্ষার্থীর নাম (বাংলায়),পিতার নাম (ইংরেজিতে),মাতার নাম (ইংরেজিতে),শ্রেণি,শ্রেণি রোল,লিঙ্গ,গ্রুপ,অভিভাবকের মোবাইল নম্বর,বিভাগ,জেলা,উপজেলা,ডাকঘর,ফি (টাকা),ফির অবস্থা,অবস্থা,তৈরির সময়',
  );
  expect(row).toContain(',সাদিয়া ইসলাম,');
  expect(row).toContain(',সপ্তম শ্রেণি,3,মেয়ে,প্রযোজ্য নয়,"\t01711000111",');
  expect(row).toContain(',অপরিশোধিত,সক্রিয়,');

  const done = page.locator('.mantine-Notification-root').filter({ hasText: bn.exportData.done.replace('{{name}}', name) });
  await expect(done).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/export-done-360.png` });
  await page.setViewportSize(DESKTOP);
  await expect(done).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/export-done-1280.png` });
});
