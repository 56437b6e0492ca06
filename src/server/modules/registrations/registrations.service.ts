/**
 * The rules of a registration (spec §3, §5): numbers from the server, the institute's names and the
 * address names from the form's ids, and the counters behind the dashboards kept in the same
 * transaction as every write. One create at a time (the form) or many (an import) follow the same rules.
 */
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { districtById, divisionById, upazilaById } from '../../../common/geo/index.js';
import { type RegistrationBody, registrationFields } from '../../../common/schemas/registrations.js';
import { type BatchRun, type Outcome, settled } from '../../db/per-turn.js';
import type { Database } from '../../db/types.js';
import type { Caller, CreateContext, StoredRow, TransactionContext, WriteAction } from '../../lib/resource/definition.js';
import { withNulls } from '../../lib/objects.js';
import { now } from '../../lib/time.js';
import { forgetRegistrations as forgetSeats } from '../exam/index.js';
import { refuseForeignUploads } from '../media/index.js';
import { forgetRegistrations as forgetResults } from '../results/index.js';
import { groupCommit } from './group-commit.js';
import { dhakaToday, feeOn, registrationWindow } from '../../../common/season.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { seasonSettings } from '../settings/index.js';
import {
  bumpCount,
  bumpCounts,
  bumpFees,
  clashAmong,
  countKeyOf,
  duplicateOf,
  type FeeDelta,
  indexNewRegistrations,
  insertRegistrations,
  reserveNumbers,
  storedClashes,
} from './registrations.repository.js';

/** The form's fields as the spec's `info` object groups them, and the columns a registration answers. */
export const INFO_FIELDS = [
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

export const REGISTRATION_COLUMNS = [
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
  'fee',
  'fee_status',
  'payment_id',
  ...INFO_FIELDS,
] as const;

/** Fields a form may leave empty; an update clears them, as a submitted form means. */
const OPTIONAL_FIELDS = Object.entries(registrationFields)
  .filter(([field, schema]) => field !== 'institute_id' && schema.safeParse(undefined).success)
  .map(([field]) => field);

/** A parsed form whose institute is settled (the caller's own, or an admin's checked choice). */
export type RegistrationInput = RegistrationBody & { institute_id: number };

type InstituteNames = { name: string; institute_name_english: string | null };

/** The year of the season in Bangladesh time, which starts the registration and roll numbers. */
function seasonYear(): string {
  return String(new Date(Date.now() + 6 * 3600 * 1000).getUTCFullYear()).slice(2);
}

const regSequence = (year: string) => `reg:${year}`;
const rollSequence = (year: string, classCode: string) => `roll:${year}:${classCode}`;
/**
 * `YYNNNNNNNRRRR`: the year, the counter and four random digits. The counter keeps numbers unique; the random
 * part keeps a registration number from being worked out from a roll number (both are given in order), since
 * the pair opens the student's result.
 */
const regNumber = (year: string, n: number) => `${year}${String(n).padStart(7, '0')}${String(randomInt(10_000)).padStart(4, '0')}`;
const rollNumber = (year: string, classCode: string, n: number) => `${year}${classCode}${String(n).padStart(6, '0')}`;

/** The names of the registration's institute: an institute writing its own is the caller, already read. */
async function instituteNames(db: Kysely<Database>, caller: Caller, instituteId: number): Promise<InstituteNames> {
  if (caller.user.id === instituteId) return caller.user;
  return db.selectFrom('users').select(['name', 'institute_name_english']).where('id', '=', instituteId).executeTakeFirstOrThrow();
}

/** Column values of a form: address names from the ids, the full name, the institute's own names. */
function rowValues(body: RegistrationInput, institute: InstituteNames) {
  return {
    ...withNulls(body, OPTIONAL_FIELDS),
    department: body.department ?? 'p',
    full_name: body.name_english,
    division: divisionById.get(body.division_id ?? 0)?.name_bn ?? null,
    zilla: districtById.get(body.zilla_id ?? 0)?.name_bn ?? null,
    upozilla: upazilaById.get(body.upozilla_id ?? 0)?.name_bn ?? null,
    institute_name: institute.name,
    institute_name_english: institute.institute_name_english,
  };
}

/** What the counters of a registration depend on, read in the write's transaction before it changes. */
const countedState = (trx: Transaction<Database>, id: number) =>
  trx
    .selectFrom('scholarship_registrations')
    .select(['institute_id', 'class', 'gender', 'status', 'fee', 'fee_status', 'photo'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

type FeeState = { institute_id: number; fee_status: FeeDelta['fee_status']; fee: number };
/** One registration entering (+1) or leaving (-1) its institute's fee counters. */
const feeDelta = (row: FeeState, sign: 1 | -1): FeeDelta => ({
  institute_id: row.institute_id,
  fee_status: row.fee_status,
  students: sign,
  fees: sign * row.fee,
});

/**
 * An institute registers students only while the season's window is open (architecture §9); an
 * admin may always, to put right what the window left out. Answers the fee that applies today.
 */
export async function feeForNewRegistrations(db: Kysely<Database>, caller: Caller): Promise<number> {
  const season = await seasonSettings(db);
  const today = dhakaToday();
  const window = registrationWindow(season, today);
  if (caller.user.role !== 'admin' && window !== 'open') throw new HttpError(403, window === 'closed' ? 'registration_closed' : 'registration_not_open');
  return feeOn(season, today);
}

/** A student in a payment cannot leave it by being deleted, or moved by an institute's deactivation (an admin refuses the payment first). */
export function guardRegistration(caller: Caller, row: Record<string, unknown>, action: WriteAction): void {
  if (row.fee_status === 'unpaid') return;
  if (action === 'destroy' || (action === 'soft-delete' && caller.user.role !== 'admin')) throw new HttpError(409, 'registration_in_payment');
}

/** The form refuses a student already registered, on the field that clashes, naming the registration it clashes with. */
async function refuseDuplicate(trx: Transaction<Database>, body: RegistrationInput, exceptId?: number): Promise<void> {
  const clash = await duplicateOf(trx, body, exceptId);
  if (clash)
    throw new ValidationError({ [clash.field]: [clash.field === 'class_roll' ? 'duplicate_roll' : 'duplicate_birth_certificate'] }, { reg_no: clash.reg_no });
}

/** One function for every create, so a group of creates is indexed with one statement. */
const indexCreated = (trx: Transaction<Database>, rows: StoredRow[]) =>
  indexNewRegistrations(
    trx,
    rows.map((row) => row.id),
  );

/** A form ready to store: its institute's names, the fee that applies to it and who files it. */
type NewRegistration = { body: RegistrationInput; institute: InstituteNames; fee: number; creator: number };
type Numbers = { reg_no: string; roll_no: string };

/**
 * Numbers for `bodies`, in their order, with one statement in the caller's transaction: a block per
 * sequence. The sequences' rows stay locked until the transaction ends.
 */
async function reserveFor(trx: Transaction<Database>, bodies: readonly RegistrationInput[]): Promise<Numbers[]> {
  const year = seasonYear();
  const wanted: Record<string, number> = { [regSequence(year)]: bodies.length };
  for (const body of bodies) wanted[rollSequence(year, body.class)] = (wanted[rollSequence(year, body.class)] ?? 0) + 1;
  // The first number of each block: a block is the `count` numbers up to the sequence's new value.
  const next = Object.fromEntries(Object.entries(await reserveNumbers(trx, wanted)).map(([name, last]) => [name, last - wanted[name]! + 1]));
  return bodies.map((body) => ({
    reg_no: regNumber(year, next[regSequence(year)]!++),
    roll_no: rollNumber(year, body.class, next[rollSequence(year, body.class)]!++),
  }));
}

/**
 * Stores numbered forms in the caller's transaction: the rows inserted in chunks, each counter moved
 * once by its total. Answers the stored rows (every column, from the insert itself) in the order of `forms`.
 */
async function insertNumbered(trx: Transaction<Database>, forms: readonly NewRegistration[], numbers: readonly Numbers[]): Promise<StoredRow[]> {
  const at = now();
  const values = forms.map(({ body, institute, fee, creator }, i) => {
    const { reg_no, roll_no } = numbers[i]!;
    return { ...rowValues(body, institute), reg_no, roll_no, slug: reg_no, fee, creator, created_at: at, updated_at: at };
  });
  const rows = await insertRegistrations(trx, values);
  await bumpFees(
    trx,
    forms.map(({ body, fee }) => feeDelta({ institute_id: body.institute_id, fee_status: 'unpaid', fee }, 1)),
  );
  await bumpCounts(
    trx,
    forms.map(({ body }) => ({ key: countKeyOf(body), delta: 1 })),
  );
  return rows as StoredRow[];
}

/** Numbers and stores `forms` in the caller's transaction (insertNumbered). */
async function insertMany(trx: Transaction<Database>, forms: readonly NewRegistration[]): Promise<StoredRow[]> {
  return insertNumbered(
    trx,
    forms,
    await reserveFor(
      trx,
      forms.map((form) => form.body),
    ),
  );
}

async function namesOf(db: Kysely<Database>, caller: Caller, bodies: readonly RegistrationInput[]): Promise<Map<number, InstituteNames>> {
  const ids = [...new Set(bodies.map((body) => body.institute_id))];
  return new Map(await Promise.all(ids.map(async (id) => [id, await instituteNames(db, caller, id)] as const)));
}

/** Members of a group that duplicate a stored registration or an earlier member: the group is written without them. */
class Clashing extends Error {
  constructor(readonly members: readonly NewRegistration[]) {
    super('duplicates in a group of creates');
  }
}

/**
 * A group of creates (group-commit.ts), on either database: one transaction and one statement a step
 * for the whole group (numbers, duplicate check, insert, fee and count counters, the name search), one
 * commit. The numbers come first: their rows' locks (SQLite's one writer) make the creates of every
 * server take turns from there to the commit, so
 * the duplicate check sees every registration committed before it and none can slip in before this
 * commit. A member that clashes (with a stored registration or an earlier member) is taken out and
 * the group written again without it, nothing having been written (no number is lost). It is then
 * created alone, after the group has committed, and answered as the form is; if the group fails for
 * any other reason, each of its members is created alone, so one bad form fails alone.
 */
const createGroup: BatchRun<NewRegistration, StoredRow> = async (db, forms) => {
  const stored = new Map<NewRegistration, StoredRow>();
  const alone = new Set<NewRegistration>();
  let group = forms;
  while (group.length > 0) {
    const members = group;
    try {
      const rows = await db.transaction().execute(async (trx) => {
        const bodies = members.map((form) => form.body);
        const numbers = await reserveFor(trx, bodies);
        const clashes = await storedClashes(trx, bodies);
        const clashing = members.filter((_, i) => clashes[i] || clashAmong(bodies[i]!, bodies.slice(0, i)));
        if (clashing.length > 0) throw new Clashing(clashing);
        const inserted = await insertNumbered(trx, members, numbers);
        await indexCreated(trx, inserted);
        return inserted;
      });
      rows.forEach((row, i) => stored.set(members[i]!, row));
      group = [];
    } catch (error) {
      const out = new Set(error instanceof Clashing ? error.members : members);
      for (const form of out) alone.add(form);
      group = members.filter((form) => !out.has(form));
    }
  }
  const outcomes: Outcome<StoredRow>[] = [];
  for (const form of forms) {
    const row = stored.get(form);
    outcomes.push(row ? { ok: true, value: row } : await settled(createAlone(db, form)));
  }
  return outcomes;
};

const createInGroup = groupCommit(createGroup);

/** A create in a transaction of its own, with the numbers taken before the duplicate check as in a group. */
async function createAlone(db: Kysely<Database>, form: NewRegistration): Promise<StoredRow> {
  return db.transaction().execute(async (trx) => {
    const numbers = await reserveFor(trx, [form.body]);
    await refuseDuplicate(trx, form.body);
    const [row] = await insertNumbered(trx, [form], numbers);
    await indexCreated(trx, [row!]);
    return row!;
  });
}

/**
 * One registration from the form. Group commit on purpose (group-commit.ts): concurrent creates share
 * one transaction, so a season's deadline rush pays one commit per group instead of one per student.
 */
export async function createRegistration(ctx: CreateContext, body: RegistrationInput): Promise<StoredRow> {
  const fee = await feeForNewRegistrations(ctx.db, ctx);
  // The student's photo: an upload of the caller's, or (for an admin) of the student's institute.
  await refuseForeignUploads(ctx.db, { photo: body.photo }, { accounts: [ctx.user.id, body.institute_id] });
  const form = { body, institute: (await namesOf(ctx.db, ctx, [body])).get(body.institute_id)!, fee, creator: ctx.user.id };
  return createInGroup(ctx.db, form);
}

/** Rows a transaction of an import stores: short enough that other users' requests wait little between them. */
export const STORE_BATCH = 250;

/**
 * Many registrations at once (an import): the same rules as the form, `STORE_BATCH` rows a
 * transaction, yielding to other requests between transactions. Each batch commits whole or not at
 * all; `progress` hears how many are stored so far.
 */
export async function storeRegistrations(
  ctx: CreateContext,
  bodies: readonly RegistrationInput[],
  progress: (stored: number) => void = () => {},
): Promise<StoredRow[]> {
  const fee = await feeForNewRegistrations(ctx.db, ctx);
  const institutes = await namesOf(ctx.db, ctx, bodies);
  const forms = bodies.map((body) => ({ body, institute: institutes.get(body.institute_id)!, fee, creator: ctx.user.id }));
  const stored: StoredRow[] = [];
  for (let start = 0; start < bodies.length; start += STORE_BATCH) {
    const batch = forms.slice(start, start + STORE_BATCH);
    const rows = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertMany(trx, batch);
      await indexCreated(trx, inserted);
      return inserted;
    });
    stored.push(...rows);
    progress(stored.length);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return stored;
}

/** An edit: new address and institute names, and the counters moved if the class, gender or institute changed. */
export async function changeRegistration({ trx, ...caller }: TransactionContext, id: number, body: RegistrationInput): Promise<void> {
  const values = rowValues(body, await instituteNames(trx, caller, body.institute_id));
  await refuseDuplicate(trx, body, id);
  const before = await countedState(trx, id);
  const moved = before.institute_id !== body.institute_id;
  // A payment covers students of its own institute only.
  if (moved && before.fee_status !== 'unpaid') throw new ValidationError({ institute_id: ['registration_in_payment'] });
  await refuseForeignUploads(trx, { photo: body.photo }, { accounts: [caller.user.id, body.institute_id] }, before);
  await trx
    .updateTable('scholarship_registrations')
    .set({ ...values, updated_at: now() })
    .where('id', '=', id)
    .execute();
  if (before.status === 1) {
    await bumpCount(trx, countKeyOf(before), -1);
    await bumpCount(trx, countKeyOf(body), 1);
    if (moved) await bumpFees(trx, [feeDelta(before, -1), feeDelta({ ...before, institute_id: body.institute_id }, 1)]);
  }
}

/** Deactivating or restoring: a deactivated registration leaves every count. */
export async function setRegistrationStatus({ trx }: TransactionContext, id: number, status: 0 | 1): Promise<void> {
  const before = await countedState(trx, id);
  if (before.status === status) return;
  await trx.updateTable('scholarship_registrations').set({ status, updated_at: now() }).where('id', '=', id).execute();
  await bumpCount(trx, countKeyOf(before), status === 1 ? 1 : -1);
  await bumpFees(trx, [feeDelta(before, status === 1 ? 1 : -1)]);
}

export async function destroyRegistration({ trx }: TransactionContext, id: number): Promise<void> {
  const before = await countedState(trx, id);
  // Seats, marks and results have no foreign key: their modules let go of the student.
  await forgetSeats(trx, [id]);
  await forgetResults(trx, [id]);
  await trx.deleteFrom('scholarship_registrations').where('id', '=', id).execute();
  if (before.status === 1) {
    await bumpCount(trx, countKeyOf(before), -1);
    await bumpFees(trx, [feeDelta(before, -1)]);
  }
}
