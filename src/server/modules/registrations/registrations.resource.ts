/**
 * Student registrations (spec §2, §3, §5): numbers from the server, the counters behind the
 * dashboards kept in the same transaction as every write, an institute limited to its own students.
 */
import type { Kysely, Transaction } from 'kysely';
import { REGISTRATION_PAGE_SIZE } from '../../../common/constants.js';
import { RESOURCES } from '../../../common/resources.js';
import { districtById, divisionById, upazilaById } from '../../../common/geo/index.js';
import { RegistrationBody, registrationFields } from '../../../common/schemas/registrations.js';
import { type Caller, columnsOf, defineResource, type StoredRow } from '../../lib/resource/definition.js';
import { withNulls } from '../../lib/objects.js';
import { now } from '../../lib/time.js';
import type { Database } from '../../db/types.js';
import { inSharedTransaction } from './group-commit.js';
import { activeRegistrations } from './analytics.js';
import { bumpCount, countKeyOf, indexNewRegistrations, nextNumbers } from './registrations.repository.js';
import { registrationSearch, SEARCH_COLUMNS } from './registrations.search.js';

const INFO_FIELDS = [
  'name_bangla',
  'name_english',
  'father_name_bangla',
  'father_name_english',
  'mother_name',
  'mother_name_english',
  'gender',
  'class',
  'class_roll',
  'department',
  'email',
  'birth_certificate_no',
  'division_id',
  'zilla_id',
  'upozilla_id',
  'division',
  'zilla',
  'upozilla',
  'thana',
  'sector',
  'ward',
  'village',
  'holding_no',
  'post_office',
  'contact_number',
  'institute_name',
  'institute_name_english',
] as const;

const COLUMNS = [
  'id',
  'institute_id',
  'reg_no',
  'roll_no',
  'full_name',
  'photo',
  'creator',
  'slug',
  'status',
  'created_at',
  'updated_at',
  ...INFO_FIELDS,
] as const;

/** Fields a form may leave empty; an update clears them, as a submitted form means. */
const OPTIONAL_FIELDS = Object.entries(registrationFields)
  .filter(([field, schema]) => field !== 'institute_id' && schema.safeParse(undefined).success)
  .map(([field]) => field);

/** The year of the season in Bangladesh time, which starts the registration and roll numbers. */
function seasonYear(): string {
  return String(new Date(Date.now() + 6 * 3600 * 1000).getUTCFullYear()).slice(2);
}

type Body = RegistrationBody & { institute_id: number };

/** The names of the registration's institute: an institute writing its own is the caller, already read. */
async function instituteNames(db: Kysely<Database>, caller: Caller, instituteId: number): Promise<{ name: string; institute_name_english: string | null }> {
  if (caller.user.id === instituteId) return caller.user;
  return db.selectFrom('users').select(['name', 'institute_name_english']).where('id', '=', instituteId).executeTakeFirstOrThrow();
}

/** What the counters of a registration depend on, read in the write's transaction before it changes. */
const countedState = (trx: Transaction<Database>, id: number) =>
  trx.selectFrom('scholarship_registrations').select(['institute_id', 'class', 'gender', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

/** One function for every create, so a group of creates is indexed with one statement. */
const indexCreated = (trx: Transaction<Database>, rows: StoredRow[]) =>
  indexNewRegistrations(
    trx,
    rows.map((row) => row.id),
  );

/** Column values of a form: address names from the ids, the full name, the institute's own names. */
async function rowValues(db: Kysely<Database>, caller: Caller, body: Body) {
  const institute = await instituteNames(db, caller, body.institute_id);
  const id = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return {
    ...withNulls(body, OPTIONAL_FIELDS),
    department: (body.department as string | undefined) ?? 'p',
    full_name: body.name_english,
    division: divisionById.get(id(body.division_id) ?? 0)?.name_bn ?? null,
    zilla: districtById.get(id(body.zilla_id) ?? 0)?.name_bn ?? null,
    upozilla: upazilaById.get(id(body.upozilla_id) ?? 0)?.name_bn ?? null,
    institute_name: institute.name,
    institute_name_english: institute.institute_name_english,
  };
}

export const registrationResource = defineResource({
  ...RESOURCES.registrations,
  exportAliases: ['Registration'],
  table: 'scholarship_registrations',
  columns: columnsOf('scholarship_registrations', COLUMNS),
  searchable: [...SEARCH_COLUMNS],
  searchIndex: registrationSearch,
  countedTotal: activeRegistrations,
  sortable: ['id', 'institute_id', 'contact_number', 'full_name', 'reg_no', 'roll_no', 'class', 'created_at'],
  filterable: [
    'id',
    'institute_id',
    'class',
    'gender',
    'department',
    'reg_no',
    'roll_no',
    'contact_number',
    'division_id',
    'zilla_id',
    'upozilla_id',
    'created_at',
  ],
  relations: { institute: { table: 'users', foreignKey: 'institute_id', columns: ['name', 'institute_name_english', 'phone_number'] } },
  storeSchema: RegistrationBody,
  updateSchema: RegistrationBody,
  owner: 'institute_id',
  defaultPageSize: REGISTRATION_PAGE_SIZE,
  exportColumns: [
    'id',
    'reg_no',
    'roll_no',
    'institute_id',
    'institute_name',
    'full_name',
    'name_bangla',
    'father_name_english',
    'mother_name_english',
    'class',
    'class_roll',
    'gender',
    'department',
    'contact_number',
    'division',
    'zilla',
    'upozilla',
    'post_office',
    'status',
    'created_at',
  ],

  // Group commit on purpose: concurrent creates share one transaction (group-commit.ts), so a season's
  // deadline rush pays one commit per group instead of one per student.
  async create(ctx, body) {
    const values = await rowValues(ctx.db, ctx, body);
    return inSharedTransaction(
      ctx.db,
      async (trx) => {
        const year = seasonYear();
        const reg = `reg:${year}`;
        const roll = `roll:${year}:${body.class}`;
        const numbers = await nextNumbers(trx, [reg, roll]);
        const regNo = `${year}${String(numbers[reg]).padStart(7, '0')}`;
        const rollNo = `${year}${body.class}${String(numbers[roll]).padStart(6, '0')}`;
        const at = now();
        // The stored row comes back from the insert itself: the response needs no second read.
        const row = await trx
          .insertInto('scholarship_registrations')
          .values({ ...values, reg_no: regNo, roll_no: rollNo, slug: regNo, creator: ctx.user.id, created_at: at, updated_at: at })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await bumpCount(trx, countKeyOf(body), 1);
        return row as StoredRow;
      },
      indexCreated,
    );
  },

  async update({ trx, ...caller }, id, body) {
    const values = await rowValues(trx, caller, body);
    const before = await countedState(trx, id);
    await trx
      .updateTable('scholarship_registrations')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
    if (before.status === 1) {
      await bumpCount(trx, countKeyOf(before), -1);
      await bumpCount(trx, countKeyOf(body), 1);
    }
  },

  async setStatus({ trx }, id, status) {
    const before = await countedState(trx, id);
    if (before.status === status) return;
    await trx.updateTable('scholarship_registrations').set({ status, updated_at: now() }).where('id', '=', id).execute();
    await bumpCount(trx, countKeyOf(before), status === 1 ? 1 : -1);
  },

  async destroy({ trx }, id) {
    const before = await countedState(trx, id);
    await trx.deleteFrom('scholarship_registrations').where('id', '=', id).execute();
    if (before.status === 1) await bumpCount(trx, countKeyOf(before), -1);
  },

  /** The spec's `info` object beside the flat columns the lists sort and filter on (a plain loop: it runs for every listed row). */
  present(row) {
    const info: Record<string, unknown> = {};
    for (const field of INFO_FIELDS) if (field in row) info[field] = row[field];
    return { ...row, info };
  },
});
