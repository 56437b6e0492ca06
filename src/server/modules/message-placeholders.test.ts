/**
 * Every message template with placeholders (`{min}`, `{reg_no}`, …) is walked: each has a way to provoke it
 * here, through every path that turns a schema's or a service's refusal into words (route schemas, the
 * statement screens' own parsing, the sheet importer, services), and the answer must show it filled. A new
 * template with a placeholder and no entry below fails by name.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districtsOf, divisions, upazilasOf } from '../../common/geo/index.js';
import { messages } from '../../common/messages.js';
import { jobOutcome, markSubjects, studentsOf } from '../test/season.js';
import { adminToken, client, examinerSession, instituteSession, startTestApp, type TestApp, validStudent } from '../test/test-app.js';
import { bearer, multipart } from './media/media-test-helpers.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let adminBearer: string;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  adminBearer = await adminToken(t);
  admin = client(t, adminBearer);
});
afterAll(async () => t.close());

const PLACEHOLDER = /\{(\w+)\}/g;
const placeholders = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

/** Every string anywhere in an answer. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

type Answer = { status: number; body: unknown };
const post = (api: ReturnType<typeof client>, url: string, body: unknown): Promise<Answer> => api.post(url, body);

async function importRows(token: string, rows: unknown[][]): Promise<Answer> {
  const template = await t.app.inject({ method: 'GET', url: '/api/v1/scholarship-registrations/import/template', headers: bearer(token) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  for (const row of rows) workbook.worksheets[0]!.addRow(row);
  const { payload, headers } = await multipart([
    { name: 'file', file: Buffer.from(await workbook.xlsx.writeBuffer()), filename: 'students.xlsx' },
    { name: 'dry_run', value: '1' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/scholarship-registrations/import',
    payload,
    headers: { ...headers, ...bearer(token), 'accept-language': 'en' },
  });
  return { status: res.statusCode, body: res.json() };
}

/** A student row of the import template with the upazila cell (and the name) as given. */
const division = divisions.find((d) => d.name_en === 'Dhaka')!;
const district = districtsOf(division.id)[0]!;
const upazila = upazilasOf(district.id)[0]!.name_en;

function importRow(n: number, upazila: string, name = `placeholder student ${n}`): unknown[] {
  return [
    'চতুর্থ',
    n,
    'ছেলে',
    'প্রযোজ্য নয়',
    name,
    null,
    'ABDUL RAHIM',
    null,
    'RAHIMA BEGUM',
    null,
    null,
    1712345678,
    division.name_en,
    district.name_bn,
    upazila,
    null,
    'Savar',
  ];
}

/** An allocated exam: one institute's `paid` students seated in one centre; the centre's id and its address. */
async function seatedCentre(n: number, paid: number) {
  const school = await studentsOf(
    t,
    admin,
    n,
    Array.from({ length: paid }, () => '04'),
    paid,
  );
  const { upozilla_id } = await t.app.db
    .selectFrom('scholarship_registrations')
    .select('upozilla_id')
    .where('id', '=', school.students[0]!.id)
    .executeTakeFirstOrThrow();
  const address = (await t.app.db
    .selectFrom('users')
    .select(['division_id', 'zilla_id', 'upozilla_id'])
    .where(
      'id',
      '=',
      (await t.app.db.selectFrom('scholarship_registrations').select('institute_id').where('id', '=', school.students[0]!.id).executeTakeFirstOrThrow())
        .institute_id,
    )
    .executeTakeFirstOrThrow()) as Record<string, number>;
  const centre = (rooms: { name: string; capacity: number }[]) => ({
    name_bn: 'কেন্দ্র',
    name_en: 'Centre',
    ...address,
    address: 'স্কুল রোড',
    contact_name: 'রহিম',
    contact_mobile: '01711000222',
    rooms,
    upazila_ids: [...new Set([address.upozilla_id, upozilla_id])],
  });
  const seated = await admin.post('/api/v1/exam-centres/store', centre([{ name: '101', capacity: paid + 2 }]));
  expect(seated.status, JSON.stringify(seated.body)).toBe(200);
  const started = await admin.post('/api/v1/exam/allocate', {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect((await jobOutcome(admin, (started.body.data as { job_id: number }).job_id, 10_000)).state).toBe('done');
  return { id: (seated.body.data as { id: number }).id, centre };
}

/** How each template with placeholders is provoked; one answer per path that can give it. */
const producers: Record<string, () => Promise<Answer[]>> = {
  too_small: async () => [
    await admin.get('/api/v1/payment-statements/1/lines?list=matched&page=0'),
    await post(admin, '/api/v1/scholarship-payments/store', { amount: 0 }),
  ],
  too_big: async () => [await admin.get('/api/v1/payment-statements/1/lines?list=matched&paginate=1000')],
  too_long: async () => [await post(admin, '/api/v1/scholarship-payments/store', { transaction_id: 'X'.repeat(60) })],
  import_cell_too_long: async () => [await importRows((await instituteSession(t, 9101)).token, [importRow(1, upazila, 'x'.repeat(300))])],
  too_short: async () => [await post(admin, '/api/v1/users/store', { password: 'short' })],
  too_many_rows: async () => [
    await post(admin, '/api/v1/page-build/layout', { id: 1, layout: { rows: Array.from({ length: 60 }, () => ({ layout: '12', cells: [''] })) } }),
  ],
  duplicate_roll: async () => {
    const api = client(t, (await instituteSession(t, 9102)).token);
    await api.post('/api/v1/scholarship-registrations/store', validStudent(91020));
    return [await api.post('/api/v1/scholarship-registrations/store', validStudent(91020, { name_english: 'another child' }))];
  },
  duplicate_birth_certificate: async () => {
    const api = client(t, (await instituteSession(t, 9103)).token);
    await api.post('/api/v1/scholarship-registrations/store', validStudent(91030, { birth_certificate_no: '20261234567891030' }));
    return [await api.post('/api/v1/scholarship-registrations/store', validStudent(91031, { birth_certificate_no: '20261234567891030' }))];
  },
  import_unknown_place: async () => [await importRows((await instituteSession(t, 9104)).token, [importRow(1, 'Qwzxqwzx')])],
  import_unknown_place_near: async () => [await importRows((await instituteSession(t, 9105)).token, [importRow(1, `${upazila}x`)])],
  room_has_seats: async () => {
    const { id, centre } = await seatedCentre(9106, 3);
    return [await post(admin, '/api/v1/exam-centres/update', { id, ...centre([{ name: '101', capacity: 1 }]) })];
  },
  centre_too_small: async () => {
    const { centre } = await seatedCentre(9107, 3);
    // Earlier allocations may have seated some of these elsewhere: move from the fullest centre.
    const { id } = await t.app.db.selectFrom('exam_centres').select('id').orderBy('seated', 'desc').executeTakeFirstOrThrow();
    const tiny = await admin.post('/api/v1/exam-centres/store', centre([{ name: 'T', capacity: 1 }]));
    return [await post(admin, '/api/v1/exam/move-seats', { from_centre_id: id, to_centre_id: (tiny.body.data as { id: number }).id })];
  },
  seats_moved: async () => {
    const { id, centre } = await seatedCentre(9108, 2);
    const big = await admin.post('/api/v1/exam-centres/store', centre([{ name: 'B', capacity: 50 }]));
    return [await post(admin, '/api/v1/exam/move-seats', { from_centre_id: id, to_centre_id: (big.body.data as { id: number }).id })];
  },
  marks_above_full: async () => {
    const subjects = await markSubjects(admin);
    const school = await studentsOf(t, admin, 9109, ['04'], 1);
    const examiner = client(t, (await examinerSession(t, 9110)).token);
    return [await post(examiner, '/api/v1/marks', { roll_no: school.students[0]!.roll_no, subject_id: subjects.maths, marks: 51 })];
  },
};

/**
 * Messages provoked, with their filled text checked, by their own suites: the sheet import's row messages
 * (registrations.import*.test.ts) and the results' (marks.test.ts, marks.import.test.ts, results.test.ts).
 */
const OWN_SUITES = [
  'import_roll_in_sheet',
  'import_roll_stored',
  'import_birth_in_sheet',
  'import_birth_stored',
  'import_choice',
  'import_district_outside',
  'import_upazila_outside',
  'roll_in_other_class',
  'marks_import_changes',
  'results_marks_missing',
  'results_missing_class',
];

const withPlaceholders = Object.entries(messages.en)
  .filter(([key, template]) => placeholders(template).length > 0 && !OWN_SUITES.includes(key))
  .map(([key]) => key);

describe('message templates', () => {
  it('name the same placeholders in Bengali and English (a name in each language its own: `class_bn`, `class_en`)', () => {
    const neutral = (template: string) => placeholders(template).map((name) => name!.replace(/_(bn|en)$/, '_lang'));
    for (const [key, template] of Object.entries(messages.en)) expect(neutral(messages.bn[key as keyof typeof messages.bn]), key).toEqual(neutral(template));
  });

  it.each(withPlaceholders)('%s is shown with every placeholder filled', async (key) => {
    const produce = producers[key];
    expect(produce, `no way to provoke ${key} in this test`).toBeDefined();
    // The template in English with each placeholder as "something that is not a brace".
    const escaped = messages.en[key as keyof typeof messages.en].replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const filled = new RegExp(escaped.replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^{}]+'));
    for (const answer of await produce!()) {
      const shown = texts(answer.body);
      expect(
        shown.filter((text) => filled.test(text)),
        `${key}: ${JSON.stringify(answer.body)}`,
      ).not.toEqual([]);
      expect(
        shown.filter((text) => /\{\w+\}/.test(text)),
        JSON.stringify(answer.body),
      ).toEqual([]);
    }
  });
});
