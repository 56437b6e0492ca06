/**
 * Registration import (docs/integrators/imports.md): the sheet's columns, how a cell becomes the form's
 * input (Bengali or ASCII digits, numbers stored as numbers, place names in either language), the
 * duplicate rule, and the template that goes with it.
 */
import { loadExcel } from '../../lib/late-modules.js';
import type { Kysely } from 'kysely';
import { CLASS_CODES, DEPARTMENTS, GENDERS } from '../../../common/constants.js';
import { districtById, districts, districtsOf, divisionById, divisions, upazilas, upazilasOf } from '../../../common/geo/index.js';
import type { MessageKey } from '../../../common/messages.js';
import { RegistrationBody } from '../../../common/schemas/registrations.js';
import { toAsciiDigits } from '../../../common/validation.js';
import type { Database } from '../../db/types.js';
import type { Cell } from '../../lib/import/sheet.js';
import type { ImportColumn, ImportDefinition, RowErrors, RowMessage } from '../../lib/import/importer.js';
import type { RegistrationInput } from './registrations.service.js';

type Column = ImportColumn & { bn: string; en: string; help: string };

/** Place columns hold names; the form takes their ids. */
const PLACE_IDS: Record<string, string> = { division: 'division_id', zilla: 'zilla_id', upozilla: 'upozilla_id' };

/**
 * How long a cell may be, for the columns shorter than a name (LIMITS.shortText): a place name (the
 * longest is 21 letters), a choice, a number. A longer cell is refused before it is compared to anything.
 */
const MAX_LENGTHS: Record<string, number> = {
  class: 30,
  class_roll: 20,
  gender: 30,
  department: 30,
  birth_certificate_no: 30,
  contact_number: 20,
  division: 40,
  zilla: 40,
  upozilla: 40,
  institute_id: 20,
};

/** Excel's bilingual header: 'শ্রেণি (Class)'; either language alone, or the field's name, matches too. */
const column = (field: string, bn: string, en: string, example: string, help: string, aliases: string[] = [], choices?: () => string[]): Column => ({
  field,
  ...(PLACE_IDS[field] ? { input: PLACE_IDS[field] } : {}),
  ...(MAX_LENGTHS[field] ? { maxLength: MAX_LENGTHS[field] } : {}),
  bn,
  en,
  headers: [`${bn} (${en})`, bn, en, field, ...aliases],
  example,
  help,
  choices,
});

const CLASS_NAMES: Record<string, string[]> = {
  '04': ['চতুর্থ', 'চতুর্থ শ্রেণি', 'four', 'class four', 'class 4', 'iv'],
  '07': ['সপ্তম', 'সপ্তম শ্রেণি', 'seven', 'class seven', 'class 7', 'vii'],
};
const GENDER_NAMES: Record<string, string[]> = { m: ['ছেলে', 'ছাত্র', 'male', 'boy', 'পুরুষ'], f: ['মেয়ে', 'ছাত্রী', 'female', 'girl', 'মহিলা'] };
const DEPARTMENT_NAMES: Record<string, string[]> = {
  p: ['প্রযোজ্য নয়', 'none', 'n/a'],
  a: ['সাধারণ', 'general', 'humanities', 'মানবিক'],
  c: ['ব্যবসায় শিক্ষা', 'commerce', 'business'],
  s: ['বিজ্ঞান', 'science'],
};

export const REGISTRATION_COLUMNS_IN_SHEET: readonly Column[] = [
  column('class', 'শ্রেণি', 'Class', 'চতুর্থ', 'চতুর্থ বা সপ্তম (4 or 7)', [], () => CLASS_CODES.map((code) => CLASS_NAMES[code]![0]!)),
  column('class_roll', 'শ্রেণি রোল', 'Class Roll', '12', 'শ্রেণির রোল নম্বর, ১–৬ অঙ্ক (the roll in the class, 1–6 digits)', ['roll']),
  column('gender', 'লিঙ্গ', 'Gender', 'ছেলে', 'ছেলে বা মেয়ে (boy or girl)', [], () => GENDERS.map((code) => GENDER_NAMES[code]![0]!)),
  column('department', 'শাখা', 'Department', 'প্রযোজ্য নয়', 'ঐচ্ছিক (optional)', ['group'], () => DEPARTMENTS.map((code) => DEPARTMENT_NAMES[code]![0]!)),
  column('name_english', 'শিক্ষার্থীর নাম (ইংরেজি)', 'Student Name (English)', 'MD KARIM', 'বড় হাতের অক্ষরে (in capitals)', ['name', 'student name']),
  column('name_bangla', 'শিক্ষার্থীর নাম (বাংলা)', 'Student Name (Bangla)', 'মোঃ করিম', 'ঐচ্ছিক (optional)', ['student name (bengali)']),
  column('father_name_english', 'পিতার নাম (ইংরেজি)', "Father's Name (English)", 'ABDUL RAHIM', '', ['father name', 'father name english']),
  column('father_name_bangla', 'পিতার নাম (বাংলা)', "Father's Name (Bangla)", 'আবদুর রহিম', 'ঐচ্ছিক (optional)', ['father name bangla']),
  column('mother_name_english', 'মাতার নাম (ইংরেজি)', "Mother's Name (English)", 'RAHIMA BEGUM', '', ['mother name', 'mother name english']),
  column('mother_name', 'মাতার নাম (বাংলা)', "Mother's Name (Bangla)", 'রহিমা বেগম', 'ঐচ্ছিক (optional)', ['mother name bangla']),
  column(
    'birth_certificate_no',
    'জন্ম নিবন্ধন নম্বর',
    'Birth Registration Number',
    '20151234567890123',
    'ঐচ্ছিক; ১০–১৭ অঙ্ক, ঘরটি টেক্সট হিসেবে রাখুন (optional; 10–17 digits, keep the cell as text)',
    ['birth certificate no', 'birth registration no'],
  ),
  column('contact_number', 'মোবাইল নম্বর', 'Mobile Number', '01712345678', '০১ দিয়ে শুরু ১১ অঙ্ক (11 digits starting 01)', ['mobile', 'contact number', 'phone']),
  column('division', 'বিভাগ', 'Division', 'ঢাকা', 'ঐচ্ছিক; বাংলা বা ইংরেজি নাম (optional; Bengali or English name)', [], () => divisions.map((d) => d.name_bn)),
  column('zilla', 'জেলা', 'District', 'ঢাকা', 'ঐচ্ছিক (optional)', ['zilla'], () => districts.map((d) => d.name_bn)),
  column('upozilla', 'উপজেলা', 'Upazila', 'সাভার', 'ঐচ্ছিক (optional)', ['upozilla', 'upazilla'], () => upazilas.map((u) => u.name_bn)),
  column('village', 'গ্রাম', 'Village', 'জিরাবো', 'ঐচ্ছিক (optional)'),
  column('post_office', 'ডাকঘর', 'Post Office', 'সাভার', ''),
];

/** An admin's sheet names the institute of each row (its id), unless the import names one for all. */
export const INSTITUTE_COLUMN = column('institute_id', 'প্রতিষ্ঠান আইডি', 'Institute ID', '1234', 'প্রতিষ্ঠানের আইডি (the institute account id)', ['institute']);

/** Text as typed: trimmed, inner spaces single; a number as its digits; an empty cell is no value. */
function text(cell: Cell): string | undefined {
  if (cell === null) return undefined;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const value = String(cell).replace(/\s+/g, ' ').trim();
  return value === '' ? undefined : value;
}

const lower = (value: string) => toAsciiDigits(value).toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();

/** A code from its code, its Bengali or English name, or a number ('4' → '04'). */
function code(cell: Cell, names: Record<string, string[]>): string | undefined {
  const value = text(cell);
  if (value === undefined) return undefined;
  const key = lower(value);
  for (const [codeValue, aliases] of Object.entries(names)) {
    if (key === codeValue || aliases.some((alias) => lower(alias) === key) || (/^\d+$/.test(key) && Number(key) === Number(codeValue))) return codeValue;
  }
  return value;
}

/** Digits from a cell Excel may hold as a number: exact integers only, since 17 digits do not fit a number. */
function digitString(cell: Cell, field: string, errors: RowErrors): string | undefined {
  if (typeof cell === 'number') {
    if (Number.isSafeInteger(cell)) return String(cell);
    errors[field] = [{ key: 'import_number_as_text' }];
    return undefined;
  }
  const value = text(cell);
  if (value === undefined) return undefined;
  const ascii = toAsciiDigits(value).replace(/[\s-]/g, '');
  // '1.2345E+16' is what a CSV holds for a number Excel rounded.
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(ascii)) {
    errors[field] = [{ key: 'import_number_as_text' }];
    return undefined;
  }
  return ascii;
}

/** A mobile stored as a number lost its leading 0 (1712345678). */
function mobile(cell: Cell, errors: RowErrors): string | undefined {
  const digits = digitString(cell, 'contact_number', errors);
  return digits && /^1\d{9}$/.test(digits) ? `0${digits}` : digits;
}

/** Edit distance, or `limit + 1` as soon as it must be more than `limit`: a name far from the cell costs little. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(previous[j]! + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
      best = Math.min(best, previous[j]!);
    }
    if (best > limit) return limit + 1;
  }
  return previous[b.length]!;
}

type Place = { id: number; name_en: string; name_bn: string };

/** Where a name was looked for: the places of the row's district (or division), or all of them. */
type Area = { candidates: readonly Place[]; all: readonly Place[]; within?: { name_bn: string }; outside: MessageKey };

/**
 * The place named (Bengali or English, any case); a place of another district (or division) is
 * said to be outside it; otherwise an error naming the closest one. The cell is already no longer
 * than a place name can be, so the comparisons are short.
 */
function place(cell: Cell, area: Area, field: string, errors: RowErrors): number | undefined {
  const value = text(cell);
  if (value === undefined) return undefined;
  const key = lower(value);
  const named = (candidate: Place) => lower(candidate.name_en) === key || lower(candidate.name_bn) === key;
  const found = area.candidates.find(named);
  if (found) return found.id;
  const elsewhere = area.within && area.all.find(named);
  if (elsewhere) {
    errors[field] = [{ key: area.outside, params: { value, area: area.within!.name_bn } }];
    return undefined;
  }
  const limit = Math.max(2, Math.floor(key.length / 3));
  let best: { place: Place; score: number } | undefined;
  for (const candidate of area.candidates) {
    const score = Math.min(distance(key, lower(candidate.name_en), limit), distance(key, lower(candidate.name_bn), limit));
    if (!best || score < best.score) best = { place: candidate, score };
  }
  const near = best && best.score <= limit;
  errors[field] = [
    near ? { key: 'import_unknown_place_near', params: { value, suggestion: best!.place.name_bn } } : { key: 'import_unknown_place', params: { value } },
  ];
  return undefined;
}

function readRow(cells: Record<string, Cell>): { values: Record<string, unknown>; errors: RowErrors } {
  const errors: RowErrors = {};
  const division = place(cells.division ?? null, { candidates: divisions, all: divisions, outside: 'import_unknown_place' }, 'division_id', errors);
  const district = place(
    cells.zilla ?? null,
    {
      candidates: division ? districtsOf(division) : districts,
      all: districts,
      within: division ? divisionById.get(division) : undefined,
      outside: 'import_district_outside',
    },
    'zilla_id',
    errors,
  );
  const upazila = place(
    cells.upozilla ?? null,
    {
      candidates: district ? upazilasOf(district) : upazilas,
      all: upazilas,
      within: district ? districtById.get(district) : undefined,
      outside: 'import_upazila_outside',
    },
    'upozilla_id',
    errors,
  );
  const values: Record<string, unknown> = {
    class: code(cells.class ?? null, CLASS_NAMES),
    class_roll: digitString(cells.class_roll ?? null, 'class_roll', errors),
    gender: code(cells.gender ?? null, GENDER_NAMES),
    department: code(cells.department ?? null, DEPARTMENT_NAMES),
    name_english: text(cells.name_english ?? null),
    name_bangla: text(cells.name_bangla ?? null),
    father_name_english: text(cells.father_name_english ?? null),
    father_name_bangla: text(cells.father_name_bangla ?? null),
    mother_name_english: text(cells.mother_name_english ?? null),
    mother_name: text(cells.mother_name ?? null),
    birth_certificate_no: digitString(cells.birth_certificate_no ?? null, 'birth_certificate_no', errors),
    contact_number: mobile(cells.contact_number ?? null, errors),
    division_id: division,
    zilla_id: district,
    upozilla_id: upazila,
    village: text(cells.village ?? null),
    post_office: text(cells.post_office ?? null),
  };
  if ('institute_id' in cells) values.institute_id = digitString(cells.institute_id ?? null, 'institute_id', errors);
  return { values, errors };
}

export const registrationImport = (withInstitute: boolean): ImportDefinition<RegistrationBody> => ({
  columns: withInstitute ? [INSTITUTE_COLUMN, ...REGISTRATION_COLUMNS_IN_SHEET] : REGISTRATION_COLUMNS_IN_SHEET,
  read: readRow,
  schema: RegistrationBody,
});

/** Who holds a class roll or a birth registration number already: a row of the sheet, or a stored registration. */
type Holder = { name: string; row?: number; reg_no?: string };

/** What the check of a row against the others and the stored ones found. */
export type Clash = { duplicate: 'class_roll' | 'birth_certificate_no' } | { errors: RowErrors };

/** Names compare as the form stores them: capitals, single spaces. */
const sameName = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toUpperCase() === b.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * Rows that are a student already registered, or already earlier in the sheet (docs/integrators/imports.md):
 * the same student is the same English name with the same institute, class and class
 * roll, or with the same birth registration number. A class roll or birth number held by another
 * student is that row's error, naming the other student and its row (or registration number).
 * Answers by index of `rows`; rows absent are fresh.
 */
export async function duplicatesOf(db: Kysely<Database>, rows: readonly { row: number; input: RegistrationInput }[]): Promise<Map<number, Clash>> {
  const rollKey = (institute: number, classCode: string, roll: string) => `${institute}:${classCode}:${Number(roll)}`;
  const rolls = new Map<string, Holder>();
  const births = new Map<string, Holder>();
  for (const institute of new Set(rows.map(({ input }) => input.institute_id))) {
    const stored = await db
      .selectFrom('scholarship_registrations')
      .select(['class', 'class_roll', 'full_name', 'reg_no'])
      .where('institute_id', '=', institute)
      .execute();
    for (const row of stored) rolls.set(rollKey(institute, row.class, row.class_roll), { name: row.full_name, reg_no: row.reg_no });
  }
  const numbers = [...new Set(rows.flatMap(({ input }) => (input.birth_certificate_no ? [input.birth_certificate_no] : [])))];
  for (let start = 0; start < numbers.length; start += 500) {
    const stored = await db
      .selectFrom('scholarship_registrations')
      .select(['birth_certificate_no', 'full_name', 'reg_no'])
      .where('birth_certificate_no', 'in', numbers.slice(start, start + 500))
      .execute();
    for (const row of stored) if (row.birth_certificate_no) births.set(row.birth_certificate_no, { name: row.full_name, reg_no: row.reg_no });
  }
  const clashes = new Map<number, Clash>();
  const heldBy = (holder: Holder, inSheet: MessageKey, stored: MessageKey): RowMessage =>
    holder.row !== undefined
      ? { key: inSheet, params: { name: holder.name, row: holder.row } }
      : { key: stored, params: { name: holder.name, reg_no: holder.reg_no } };
  rows.forEach(({ row, input }, index) => {
    const name = input.name_english;
    const roll = rollKey(input.institute_id, input.class, input.class_roll);
    const birth = input.birth_certificate_no;
    const rollHolder = rolls.get(roll);
    const birthHolder = birth ? births.get(birth) : undefined;
    if (rollHolder && sameName(rollHolder.name, name)) clashes.set(index, { duplicate: 'class_roll' });
    else if (birthHolder && sameName(birthHolder.name, name)) clashes.set(index, { duplicate: 'birth_certificate_no' });
    else if (rollHolder || birthHolder) {
      const errors: RowErrors = {};
      if (rollHolder) errors.class_roll = [heldBy(rollHolder, 'import_roll_in_sheet', 'import_roll_stored')];
      if (birthHolder) errors.birth_certificate_no = [heldBy(birthHolder, 'import_birth_in_sheet', 'import_birth_stored')];
      clashes.set(index, { errors });
      return;
    }
    // A row refused or already there holds nothing new; a fresh row holds its roll and number for the rows after it.
    if (clashes.has(index)) return;
    rolls.set(roll, { name, row });
    if (birth) births.set(birth, { name, row });
  });
  return clashes;
}

/** The template (docs/integrators/imports.md): the header row, choice lists in the cells, and a sheet explaining each column. */
export async function registrationTemplate(withInstitute: boolean): Promise<Buffer> {
  const columns = withInstitute ? [INSTITUTE_COLUMN, ...REGISTRATION_COLUMNS_IN_SHEET] : REGISTRATION_COLUMNS_IN_SHEET;
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const students = workbook.addWorksheet('শিক্ষার্থী (Students)', { views: [{ state: 'frozen', ySplit: 1 }] });
  const guide = workbook.addWorksheet('নির্দেশনা (Guide)');
  const lists = workbook.addWorksheet('Lists', { state: 'veryHidden' });
  students.columns = columns.map((c) => ({ header: `${c.bn} (${c.en})`, key: c.field, width: Math.max(14, c.bn.length + c.en.length + 4) }));
  students.getRow(1).font = { bold: true };
  const dataRows = 1000;
  let listColumn = 0;
  columns.forEach((c, index) => {
    const letter = students.getColumn(index + 1).letter;
    // Digits as text, so Excel keeps a mobile's leading 0 and a birth number's 17 digits.
    students.getColumn(index + 1).numFmt = '@';
    if (!c.choices) return;
    const values = c.choices();
    listColumn++;
    const listLetter = lists.getColumn(listColumn).letter;
    values.forEach((value, i) => (lists.getCell(`${listLetter}${i + 1}`).value = value));
    for (let row = 2; row <= dataRows + 1; row++) {
      students.getCell(`${letter}${row}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`Lists!$${listLetter}$1:$${listLetter}$${values.length}`],
        showErrorMessage: false,
      };
    }
  });
  guide.columns = [
    { header: 'কলাম (Column)', key: 'column', width: 36 },
    { header: 'কী লিখবেন (What to write)', key: 'help', width: 70 },
    { header: 'উদাহরণ (Example)', key: 'example', width: 24 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of columns) guide.addRow({ column: `${c.bn} (${c.en})`, help: c.help, example: c.example });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
