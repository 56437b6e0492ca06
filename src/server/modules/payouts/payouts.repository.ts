/**
 * The SQL of payouts (docs/integrators/payouts.md). A winner is a row of scholarship_awards (written by the
 * scholarships module, read here); their state comes from their details and the line that holds them.
 */
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { PayoutDetails, PayoutState } from '../../../common/schemas/payouts.js';
import { lockingRows } from '../../db/handles.js';
import type { Database, PayoutBatchesTable, PayoutDetailsTable, PayoutLinesTable } from '../../db/types.js';

type Winners = ReturnType<typeof winnersFrom>;

/** Awards with their student, institute, details and holding line (pending or paid; a failed line holds nobody). */
function winnersFrom(db: Kysely<Database> | Transaction<Database>) {
  return (
    db
      .selectFrom('scholarship_awards as a')
      .innerJoin('scholarship_registrations as r', 'r.id', 'a.registration_id')
      .leftJoin('users as u', 'u.id', 'a.institute_id')
      .leftJoin('payout_details as d', 'd.registration_id', 'a.registration_id')
      .leftJoin('payout_lines as l', 'l.holding_registration_id', 'a.registration_id')
      // A withdrawn award still shows while a line holds it: its money was sent or is on its way.
      .where((eb) => eb.or([eb('a.withdrawn_at', 'is', null), eb('l.id', 'is not', null)]))
  );
}

type WinnerScope = ExpressionBuilder<
  Database & { a: Database['scholarship_awards']; d: Database['payout_details']; l: Database['payout_lines'] },
  'a' | 'd' | 'l'
>;

/** The winner's state, as PAYOUT_STATES name them; all literals, so the summary's GROUP BY is the same expression as its SELECT on PostgreSQL. */
const stateOf = (eb: WinnerScope) =>
  eb
    .case()
    .when('l.state', '=', sql.lit('paid'))
    .then(sql.lit('paid'))
    .when('l.state', '=', sql.lit('pending'))
    .then(sql.lit('in_batch'))
    .when('d.registration_id', 'is', null)
    .then(sql.lit('details_missing'))
    .when('d.failure_reason', 'is not', null)
    .then(sql.lit('failed'))
    .else(sql.lit('ready'))
    .end()
    .$castTo<PayoutState>();

const DETAIL_COLUMNS = [
  'method',
  'wallet_provider',
  'wallet_number',
  'account_name',
  'account_number',
  'bank_name',
  'branch_name',
  'routing_number',
  'guardian_name',
] as const;

export type WinnerRow = {
  registration_id: number;
  roll_no: string;
  class: string;
  name: string;
  institute_id: number;
  institute_name: string | null;
  amount: number;
  state: PayoutState;
  details: PayoutDetails | null;
  failure_reason: string | null;
};

function scoped(query: Winners, filter: { instituteId?: number; state?: PayoutState }) {
  let scopedQuery = query;
  if (filter.instituteId !== undefined) scopedQuery = scopedQuery.where('a.institute_id', '=', filter.instituteId);
  if (filter.state) scopedQuery = scopedQuery.where((eb) => eb(stateOf(eb), '=', filter.state!));
  return scopedQuery;
}

/** A page of winners, by class and roll. */
export async function winnersPage(
  db: Kysely<Database>,
  filter: { instituteId?: number; state?: PayoutState; registrationId?: number },
  offset: number,
  limit: number,
): Promise<{ rows: WinnerRow[]; total: number }> {
  let base = scoped(winnersFrom(db), filter);
  if (filter.registrationId !== undefined) base = base.where('a.registration_id', '=', filter.registrationId);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select((eb) => [
      'a.registration_id',
      'a.roll_no',
      'a.class',
      'r.full_name as name',
      'a.institute_id',
      'u.institute_name',
      eb.fn.coalesce('l.amount', 'a.amount').as('amount'),
      stateOf(eb).as('state'),
      'd.registration_id as details_of',
      'd.failure_reason',
      ...DETAIL_COLUMNS.map((column) => `d.${column}` as const),
    ])
    .orderBy('a.class')
    .orderBy('a.roll_no')
    .offset(offset)
    .limit(limit)
    .execute();
  return {
    total: Number(counted.n),
    rows: rows.map((row) => ({
      registration_id: row.registration_id,
      roll_no: row.roll_no,
      class: row.class,
      name: row.name,
      institute_id: row.institute_id,
      institute_name: row.institute_name,
      amount: Number(row.amount),
      state: row.state,
      failure_reason: row.failure_reason,
      details: row.details_of === null ? null : (Object.fromEntries(DETAIL_COLUMNS.map((column) => [column, row[column]])) as PayoutDetails),
    })),
  };
}

/** Students and taka per state. */
export async function stateTallies(db: Kysely<Database>): Promise<{ state: PayoutState; students: number; amount: number }[]> {
  const rows = await winnersFrom(db)
    .select((eb) => [stateOf(eb).as('state'), eb.fn.countAll<number>().as('students'), eb.fn.sum<number>(eb.fn.coalesce('l.amount', 'a.amount')).as('amount')])
    .groupBy((eb) => stateOf(eb))
    .execute();
  return rows.map((row) => ({ state: row.state, students: Number(row.students), amount: Number(row.amount ?? 0) }));
}

/** Students and taka ready for a batch, per method and provider. */
export async function readyTallies(db: Kysely<Database>) {
  const rows = await readyFor(db)
    .select((eb) => ['d.method', 'd.wallet_provider', eb.fn.countAll<number>().as('students'), eb.fn.sum<number>('a.amount').as('amount')])
    .groupBy(['d.method', 'd.wallet_provider'])
    .execute();
  return rows.map((row) => ({ method: row.method, provider: row.wallet_provider, students: Number(row.students), amount: Number(row.amount ?? 0) }));
}

/** Winners a new batch may take: awarded now, complete details not refused since, held by no line. */
function readyFor(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('payout_details as d')
    .innerJoin('scholarship_awards as a', 'a.registration_id', 'd.registration_id')
    .where('a.withdrawn_at', 'is', null)
    .where('d.failure_reason', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payout_lines as l').select('l.id').whereRef('l.holding_registration_id', '=', 'd.registration_id'))),
    );
}

/** The kind of details a layout pays. */
type Takes = { method: string; provider: string | null };
const taking = (query: ReturnType<typeof readyFor>, takes: Takes) => {
  const byMethod = query.where('d.method', '=', takes.method as PayoutDetailsTable['method']);
  return takes.provider === null ? byMethod : byMethod.where('d.wallet_provider', '=', takes.provider as 'bkash' | 'nagad');
};

/**
 * The details rows a batch of this kind could take, locked to the commit: a second admin's batch waits here
 * until the first commits, and then reads afresh (readyToBatch) what is still free.
 */
export async function lockCandidates(trx: Transaction<Database>, takes: Takes): Promise<void> {
  // One table with the same conditions as subqueries: FOR UPDATE then locks the details rows only, not the awards.
  let query = trx
    .selectFrom('payout_details')
    .select('registration_id')
    .where('failure_reason', 'is', null)
    .where('method', '=', takes.method as PayoutDetailsTable['method'])
    .where('registration_id', 'in', (eb) => eb.selectFrom('scholarship_awards').select('registration_id').where('withdrawn_at', 'is', null))
    .where('registration_id', 'not in', (eb) => eb.selectFrom('payout_lines').select('registration_id').where('holding_registration_id', 'is not', null));
  if (takes.provider !== null) query = query.where('wallet_provider', '=', takes.provider as 'bkash' | 'nagad');
  await lockingRows(trx, query).execute();
}

export type Candidate = PayoutDetails & { registration_id: number; amount: number; roll_no: string; class: string; student_name: string };

export async function readyToBatch(trx: Transaction<Database>, takes: Takes): Promise<Candidate[]> {
  const rows = await taking(readyFor(trx), takes)
    .innerJoin('scholarship_registrations as r', 'r.id', 'd.registration_id')
    .select(['d.registration_id', 'a.amount', 'a.roll_no', 'a.class', 'r.full_name as student_name', ...DETAIL_COLUMNS.map((column) => `d.${column}` as const)])
    .orderBy('a.class')
    .orderBy('a.roll_no')
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

export async function insertBatch(trx: Transaction<Database>, values: Insertable<PayoutBatchesTable>): Promise<number> {
  const row = await trx.insertInto('payout_batches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Lines a statement of the insert holds: SQLite allows 32,766 parameters, a line is 8. */
const LINES_PER_INSERT = 500;

export async function insertLines(trx: Transaction<Database>, lines: readonly Insertable<PayoutLinesTable>[]): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT)
    await trx
      .insertInto('payout_lines')
      .values(lines.slice(start, start + LINES_PER_INSERT))
      .execute();
}

const BATCH_COLUMNS = ['id', 'reference', 'layout', 'state', 'lines', 'amount', 'paid', 'failed', 'created_at', 'closed_at'] as const;

export const batchesList = (db: Kysely<Database>) => db.selectFrom('payout_batches').select(BATCH_COLUMNS).orderBy('id', 'desc').execute();

export const batchById = (db: Kysely<Database> | Transaction<Database>, id: number) =>
  db.selectFrom('payout_batches').select(BATCH_COLUMNS).where('id', '=', id).executeTakeFirst();

/** The batch's row, locked to the commit: two imports of one batch's result run one after the other. */
export const lockedBatch = (trx: Transaction<Database>, id: number) =>
  lockingRows(trx, trx.selectFrom('payout_batches').select(BATCH_COLUMNS).where('id', '=', id)).executeTakeFirst();

export const linesOf = (db: Kysely<Database> | Transaction<Database>, batchId: number) =>
  db
    .selectFrom('payout_lines')
    .select(['id', 'registration_id', 'reference', 'amount', 'state', 'details', 'reason', 'provider_transaction'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();

export async function settleLine(
  trx: Transaction<Database>,
  id: number,
  outcome: { state: 'paid' | 'failed'; reason: string | null; transaction: string | null; at: string },
): Promise<void> {
  await trx
    .updateTable('payout_lines')
    .set({
      state: outcome.state,
      reason: outcome.reason,
      provider_transaction: outcome.transaction,
      settled_at: outcome.at,
      // A failed line lets its student go, for the next batch once the details are corrected.
      ...(outcome.state === 'failed' ? { holding_registration_id: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function markDetailsFailed(trx: Transaction<Database>, registrationId: number, reason: string, at: string): Promise<void> {
  await trx.updateTable('payout_details').set({ failure_reason: reason, updated_at: at }).where('registration_id', '=', registrationId).execute();
}

export async function updateBatchCounts(trx: Transaction<Database>, id: number, at: string): Promise<void> {
  const counts = await trx
    .selectFrom('payout_lines')
    .select((eb) => [
      eb.fn.countAll<number>().as('lines'),
      eb.fn.sum<number>(eb.case().when('state', '=', 'paid').then(1).else(0).end()).as('paid'),
      eb.fn.sum<number>(eb.case().when('state', '=', 'failed').then(1).else(0).end()).as('failed'),
    ])
    .where('batch_id', '=', id)
    .executeTakeFirstOrThrow();
  const paid = Number(counts.paid ?? 0);
  const failed = Number(counts.failed ?? 0);
  const closed = paid + failed === Number(counts.lines);
  await trx
    .updateTable('payout_batches')
    .set({ paid, failed, state: closed ? 'closed' : 'open', closed_at: closed ? at : null })
    .where('id', '=', id)
    .execute();
}

/** An award by its student, with what the details screen checks. */
export const awardOf = (db: Kysely<Database> | Transaction<Database>, registrationId: number) =>
  db
    .selectFrom('scholarship_awards')
    .select(['registration_id', 'institute_id', 'withdrawn_at'])
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();

/** The student's details, locked to the commit: a batch being made waits, or this waits for it. */
export const lockedDetails = (trx: Transaction<Database>, registrationId: number) =>
  lockingRows(trx, trx.selectFrom('payout_details').selectAll().where('registration_id', '=', registrationId)).executeTakeFirst();

/** The line holding the student (pending or paid), if any. */
export const holdingLine = (trx: Transaction<Database>, registrationId: number) =>
  trx.selectFrom('payout_lines').select(['id', 'state']).where('holding_registration_id', '=', registrationId).executeTakeFirst();

/** Writes the details (a correction clears the provider's refusal); an upsert, so two first saves at once cannot clash. */
export async function saveDetails(trx: Transaction<Database>, registrationId: number, details: PayoutDetails, userId: number, at: string) {
  const values = { ...details, failure_reason: null, updated_by: userId, updated_at: at };
  await trx
    .insertInto('payout_details')
    .values({ ...values, registration_id: registrationId, created_at: at })
    .onConflict((oc) => oc.column('registration_id').doUpdateSet(values))
    .execute();
}
