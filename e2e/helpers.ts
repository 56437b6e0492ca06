/** Steps and data the journeys share. Texts come from the app's own catalogs, not copies of them. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { messages } from '../src/common/messages.js';
import { TOKEN_KEY } from '../src/web/api/token.js';
import { bn as bnPublic } from '../src/web/i18n/bn.js';
import { en as enPublic } from '../src/web/i18n/en.js';
import { type FeatureCatalog, mergeTexts } from '../src/web/i18n/features.js';
import { bnOffice } from '../src/web/i18n/office/bn.js';
import { enOffice } from '../src/web/i18n/office/en.js';

/** Each feature's text in one language, read from its folder as the shell's glob gathers it. */
async function featureTexts(lang: 'bn' | 'en'): Promise<FeatureCatalog> {
  const features = path.resolve(import.meta.dirname, '../src/web/features');
  const parts: object[] = [];
  for (const feature of (await readdir(features)).sort()) {
    const file = path.join(features, feature, 'i18n', `${lang}.ts`);
    if (existsSync(file)) parts.push(((await import(pathToFileURL(file).href)) as Record<string, object>)[lang]!);
  }
  return mergeTexts(parts) as FeatureCatalog;
}

/** Every text of the interface: the public screens' catalog, the back office's shared part and the features' own. */
export const bn = mergeTexts([bnPublic, bnOffice, await featureTexts('bn')]) as typeof bnPublic & typeof bnOffice & FeatureCatalog;
export const en = mergeTexts([enPublic, enOffice, await featureTexts('en')]) as typeof bnPublic & typeof bnOffice & FeatureCatalog;

export { messages };

export const ADMIN = { email: 'admin@example.com', password: 'admin12345' };

const fields = bn.register.fields;

export type Institute = {
  name: string;
  nameEnglish: string;
  head: string;
  phone: string;
  email: string;
  password: string;
};

let sequence = 0;

/** A new institute with a unique mobile number and email address. */
export function newInstitute(): Institute {
  sequence += 1;
  const unique = `${Date.now() % 1_000_000}${sequence}`.padStart(8, '0').slice(-8);
  return {
    name: `পরীক্ষা উচ্চ বিদ্যালয় ${sequence}`,
    nameEnglish: `TEST HIGH SCHOOL ${sequence}`,
    head: 'মোঃ করিম উদ্দিন',
    phone: `017${unique}`,
    email: `school${unique}@example.com`,
    password: 'school-pass-1',
  };
}

/**
 * The address a school registers from (the e2e server trusts one proxy hop): each its own, as schools'
 * are, so the suite's many schools are not one address over the register limit. An anonymous upload for
 * the registration form must come from the same address.
 */
export function addressOf(institute: Institute): string {
  const digits = institute.phone.slice(-4);
  return `10.77.${Number(digits.slice(0, 2))}.${1 + Number(digits.slice(2))}`;
}

/** Registers through the API, for journeys that need an account but are not about registering. */
export async function registerByApi(request: APIRequestContext, institute: Institute, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': addressOf(institute) },
    data: {
      name: institute.name,
      institute_name_english: institute.nameEnglish,
      contact_person: institute.head,
      phone_number: institute.phone,
      email: institute.email,
      division_id: 6,
      zilla_id: 47,
      upozilla_id: 365,
      holding_no: 'বাড়ি ১২, সড়ক ৩',
      post_office: 'সাভার',
      password: institute.password,
      password_confirmation: institute.password,
      ...extra,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { user: { uid: string } } }).data.user.uid;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The input whose label reads exactly `label`, with or without the required mark (a select's
 * option list carries the same label, hence the `input` filter).
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)).and(page.locator('input'));
}

/** The message shown under a field: the element its aria-describedby names as the error. */
export async function errorUnder(input: Locator): Promise<Locator> {
  const id = await input.getAttribute('id');
  return input.page().locator(`[id="${id}-error"]`);
}

/** Opens a select and picks the option with that text. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills every required field of the registration form, address through the cascading picker. */
export async function fillRegistration(page: Page, institute: Institute): Promise<void> {
  await field(page, fields.name).fill(institute.name);
  await field(page, fields.institute_name_english).fill(institute.nameEnglish);
  await field(page, fields.contact_person).fill(institute.head);
  await field(page, fields.phone_number).fill(institute.phone);
  await field(page, fields.email).fill(institute.email);
  await choose(page, fields.division_id, 'ঢাকা');
  await choose(page, fields.zilla_id, 'ঢাকা');
  await choose(page, fields.upozilla_id, 'সাভার');
  await field(page, fields.holding_no).fill('বাড়ি ১২, সড়ক ৩');
  await field(page, fields.post_office).fill('সাভার');
  await field(page, fields.password).fill(institute.password);
  await field(page, fields.password_confirmation).fill(institute.password);
}

/** Fills the admin's user form with what it requires; `contact` may name an email or mobile already in use. */
export async function fillUserForm(
  page: Page,
  institute: Institute,
  choice: { level: keyof typeof bn.institute.level; management: keyof typeof bn.institute.management },
  contact: { phone: string; email: string },
): Promise<void> {
  await field(page, fields.name).fill(institute.name);
  await field(page, fields.institute_name_english).fill(institute.nameEnglish);
  await choose(page, fields.institute_type, bn.institute.type.school);
  await choose(page, fields.institute_level, bn.institute.level[choice.level]);
  await choose(page, fields.institute_management_type, bn.institute.management[choice.management]);
  await field(page, fields.contact_person).fill(institute.head);
  await field(page, fields.phone_number).fill(contact.phone);
  await field(page, fields.email).fill(contact.email);
  await field(page, fields.holding_no).fill('গ্রাম: চরপাড়া');
  await field(page, fields.post_office).fill('সাভার');
  await field(page, fields.password).fill(institute.password);
  await field(page, fields.password_confirmation).fill(institute.password);
}

export async function login(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await field(page, bn.login.email).fill(identifier);
  await field(page, bn.login.password).fill(password);
  await page.getByRole('button', { name: bn.login.submit }).click();
}

/** Logs out from the navigation or the user menu, confirming the modal. */
export async function logout(page: Page, from: 'navigation' | 'user menu'): Promise<void> {
  if (from === 'navigation') {
    await page.getByRole('navigation').getByRole('button', { name: bn.nav.logout }).click();
  } else {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: bn.nav.logout }).click();
  }
  const dialog = page.getByRole('dialog', { name: bn.logout.title });
  await expect(dialog).toContainText(bn.logout.question);
  await dialog.getByRole('button', { name: bn.logout.confirm }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Bengali digits (as the Bengali interface shows numbers) to ASCII digits. */
export function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/** The body of a mail as the server's default transport stores it (DATA_DIR/mail/*.eml). */
function mailBody(eml: string): string {
  const [headers = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Waits for the temporary password mailed to `email` by the test server and returns it. */
export async function temporaryPasswordMailedTo(email: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR as string, 'mail');
  let password = '';
  await expect
    .poll(async () => {
      const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
      for (const file of files) {
        const eml = await readFile(path.join(folder, file), 'utf8');
        if (!eml.includes(email)) continue;
        password = /Your temporary password: (\S+)/.exec(mailBody(eml))?.[1] ?? '';
      }
      return password;
    })
    .not.toBe('');
  return password;
}

/** A bearer token for API calls that prepare a journey's data. */
export async function apiToken(request: APIRequestContext, identifier: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: identifier, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The upazila (Savar, Dhaka) the suite's schools and students live in. */
export const SAVAR = { division_id: 6, zilla_id: 47, upozilla_id: 365 } as const;

/**
 * A student's registration body (POST /api/v1/scholarship-registrations/store): the fields every role gives;
 * `overrides` set a spec's own (class, roll, name, place, an admin's `institute_id`).
 */
export function studentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    class: '04',
    class_roll: '1',
    gender: 'm',
    name_bangla: 'পরীক্ষার্থী',
    name_english: 'TEST STUDENT',
    father_name_english: 'ABDUL KARIM',
    mother_name_english: 'RAHIMA BEGUM',
    contact_number: '01712345678',
    post_office: 'সাভার',
    ...overrides,
  };
}

/** Stores a record of a resource through the API (POST /api/v1/{resource}/store) and returns its id. */
export async function storeByApi(request: APIRequestContext, token: string, resource: string, body: Record<string, unknown>): Promise<number> {
  const response = await request.post(`/api/v1/${resource}/store`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A short text no other run of the suite has used, for titles a search must find alone. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
}

/** Bengali digits for a number, as the Bengali interface shows ids and counts. */
export function bengaliDigits(text: string | number): string {
  return String(text).replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
}

let adminSession: string | undefined;

/**
 * One admin token for the whole run: each login costs an argon2 hash, and the journeys that are not
 * about logging in should not spend them.
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  adminSession ??= await apiToken(request, ADMIN.email, ADMIN.password);
  return adminSession;
}

/** Opens the app as the holder of `token` (what a login leaves in localStorage) and waits for the dashboard. */
export async function enterWithToken(page: Page, token: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/');
  await expect(page.getByTestId('profile-card')).toBeVisible();
}

/** The registration import's columns a head teacher fills, named by their fields (the importer matches them as it matches the template's headers). */
const SHEET_COLUMNS = [
  'class',
  'class_roll',
  'gender',
  'name_english',
  'name_bangla',
  'father_name_english',
  'mother_name_english',
  'contact_number',
  'post_office',
];

/** An import sheet (.xlsx) of these students, a row each; a column a student lacks is left empty. */
export async function studentSheet(students: readonly Record<string, string | number>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('students');
  sheet.addRow(SHEET_COLUMNS);
  for (const student of students) sheet.addRow(SHEET_COLUMNS.map((column) => student[column] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}
