/** The SQL of statement reconciliation; what is written when is decided in statements.service.ts and statement-approval.ts. */
import { type Insertable, type Kysely, PostgresAdapter, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { ApprovalJob, StatementColumns, StatementLine, StatementList, StatementSummary } from '../../../common/schemas/statements.js';
import { type Db, lockingRows } from '../../db/handles.js';
import type { Database, PaymentStatementsTable, StatementFormatsTable, StatementLinesTable } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { type PaymentFact, transactionKey } from './statement-lines.js';

export type FormatRow = Selectable<StatementFormatsTable>;
export type StatementRow = Selectable<PaymentStatementsTable>;

/** Rows per multi-row insert on SQLite: 7 columns × 500 stays well under its limit on bound values. */
const INSERT_BATCH = 500;
const UNNEST_BATCH = 5000;
/**
 * Payments read per query while the Map is built: SQLite runs the query on the event loop, so its chunks
 * are small; PostgreSQL runs it in its own process and only the rows' decoding is ours.
 */
const PAYMENT_CHUNK = { sqlite: 2000, postgres: 10_000 };

export const columnsOfFormat = (format: FormatRow): StatementColumns => ({
  transaction: format.transaction_column,
  amount: format.amount_column,
  date: format.date_column,
});

export function formatByKey(db: Db, headerKey: string): Promise<FormatRow | undefined> {
  return db.selectFrom('statement_formats').selectAll().where('header_key', '=', headerKey).executeTakeFirst();
}

/** Records (or changes) the columns of the format with this header row. */
export async function saveFormat(db: Db, values: Omit<Insertable<StatementFormatsTable>, 'created_at' | 'updated_at'>, at: string): Promise<FormatRow> {
  const { header_key: _key, created_by: _by, headers: _headers, ...changes } = values;
  await db
    .insertInto('statement_formats')
    .values({ ...values, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('header_key').doUpdateSet({ ...changes, updated_at: at }))
    .execute();
  return (await formatByKey(db, values.header_key))!;
}

/**
 * Every active payment that is pending or approved, keyed by its transaction id as compared, read in
 * keyset chunks with a pause between them. Where two payments compare equal, the pending one is kept.
 */
export async function paymentFacts(db: Kysely<Database>): Promise<Map<string, PaymentFact>> {
  const chunk = PAYMENT_CHUNK[db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'];
  const facts = new Map<string, PaymentFact>();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('scholarship_payments')
      .select(['id', 'transaction_id', 'amount', 'state'])
      .where('status', '=', 1)
      // A refused payment is as good as none: a line naming it is "not filed" (its institute files a corrected one).
      .where('state', '!=', 'refused')
      .where('id', '>', after)
      .orderBy('id')
      .limit(chunk)
      .execute();
    for (const row of rows) {
      const key = transactionKey(row.transaction_id);
      const fact = { id: row.id, transactionId: row.transaction_id, amount: row.amount, pending: row.state === 'pending' };
      const existing = facts.get(key);
      if (!existing || (!existing.pending && fact.pending)) facts.set(key, fact);
    }
    if (rows.length < chunk) return facts;
    after = rows.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function insertStatement(db: Db, values: Insertable<PaymentStatementsTable>): Promise<number> {
  return (await db.insertInto('payment_statements').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Lines in multi-row inserts, taken from `lines` a batch at a time, pausing between batches so other requests are answered meanwhile. */
export async function insertLines(db: Kysely<Database>, lines: Iterable<Insertable<StatementLinesTable>>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const size = postgres ? UNNEST_BATCH : INSERT_BATCH;
  const write = (rows: Insertable<StatementLinesTable>[]) => (postgres ? insertUnnested(db, rows) : db.insertInto('statement_lines').values(rows).execute());
  let batch: Insertable<StatementLinesTable>[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length < size) continue;
    await write(batch);
    batch = [];
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (batch.length > 0) await write(batch);
}

/** PostgreSQL takes a batch as one array per column: 5,000 rows cost one statement of 7 values, not 35,000 bound values. */
async function insertUnnested(db: Kysely<Database>, rows: readonly Insertable<StatementLinesTable>[]): Promise<void> {
  const column = <K extends keyof Insertable<StatementLinesTable>>(name: K) => rows.map((row) => row[name] ?? null);
  await sql`insert into statement_lines (statement_id, kind, row, transaction_id, amount, date, payment_id)
    select * from unnest(${column('statement_id')}::integer[], ${column('kind')}::text[], ${column('row')}::integer[], ${column('transaction_id')}::text[],
      ${column('amount')}::double precision[], ${column('date')}::text[], ${column('payment_id')}::integer[])`.execute(db);
}

/** Deletes a replaced statement's lines a batch at a time (a single delete of 100,000 rows would hold SQLite). */
export async function deleteLines(db: Kysely<Database>, statementId: number): Promise<void> {
  for (;;) {
    const ids = db.selectFrom('statement_lines').select('id').where('statement_id', '=', statementId).limit(5000);
    const deleted = await db.deleteFrom('statement_lines').where('id', 'in', ids).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function statementById(db: Db, id: number): Promise<StatementRow | undefined> {
  return db.selectFrom('payment_statements').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A statement still `reading` after this long was left by a server that stopped mid-upload. */
const ABANDONED_MS = 10 * 60_000;

/** Other uploads of the same file, which the newest one replaces (one still being read by another request is left to finish). */
function earlierUploads(db: Db, contentHash: string, exceptId: number) {
  const abandoned = new Date(Date.now() - ABANDONED_MS).toISOString();
  return db
    .selectFrom('payment_statements')
    .select('id')
    .where('content_hash', '=', contentHash)
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('state', '=', 'ready'), eb.and([eb('state', '=', 'reading'), eb('created_at', '<', abandoned)])]))
    .execute();
}

/**
 * Makes a fully written statement `ready` with its counts and retires the earlier uploads of the same
 * file, in one transaction: nobody sees a half-written statement. Answers the retired ones, whose lines go next.
 */
export function markReady(
  db: Kysely<Database>,
  id: number,
  contentHash: string,
  counts: Pick<Updateable<PaymentStatementsTable>, 'lines' | 'skipped' | 'matched' | 'amount_differs' | 'not_filed' | 'approved' | 'missing'>,
) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payment_statements')
      .set({ state: 'ready', ...counts, updated_at: now() })
      .where('id', '=', id)
      .execute();
    const earlier = await earlierUploads(trx, contentHash, id);
    if (earlier.length > 0)
      await trx
        .updateTable('payment_statements')
        .set({ state: 'replaced', updated_at: now() })
        .where(
          'id',
          'in',
          earlier.map((row) => row.id),
        )
        .execute();
    return earlier;
  });
}

/** The statement as its screen shows it, with its approval as `approvalOf` (statement-approval.ts) tells it. */
export async function summaryOf(db: Db, statement: StatementRow, approval: ApprovalJob): Promise<StatementSummary> {
  const format = await db.selectFrom('statement_formats').selectAll().where('id', '=', statement.format_id).executeTakeFirstOrThrow();
  return {
    id: statement.id,
    file_name: statement.file_name,
    format: { id: format.id, name: format.name, columns: columnsOfFormat(format) },
    state: statement.state,
    lines: statement.lines,
    skipped: statement.skipped,
    counts: {
      matched: statement.matched,
      amount_differs: statement.amount_differs,
      not_filed: statement.not_filed,
      missing: statement.missing,
      approved: statement.approved,
    },
    approval,
    created_at: statement.created_at,
  };
}

/** One page of a list, each line with its payment and the payment's institute (one indexed read by statement, list and id). */
export async function linesPage(db: Db, statementId: number, list: StatementList, offset: number, limit: number): Promise<StatementLine[]> {
  const rows = await db
    .selectFrom('statement_lines')
    .leftJoin('scholarship_payments', 'scholarship_payments.id', 'statement_lines.payment_id')
    .leftJoin('users', 'users.id', 'scholarship_payments.institute_id')
    .select([
      'statement_lines.id',
      'statement_lines.row',
      'statement_lines.transaction_id',
      'statement_lines.amount',
      'statement_lines.date',
      'scholarship_payments.id as payment_id',
      'scholarship_payments.transaction_id as payment_transaction_id',
      'scholarship_payments.amount as payment_amount',
      'scholarship_payments.date as payment_date',
      'scholarship_payments.state as payment_state',
      'scholarship_payments.institute_id',
      'users.name as institute_name',
    ])
    .where('statement_lines.statement_id', '=', statementId)
    .where('statement_lines.kind', '=', list)
    .orderBy('statement_lines.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    row: row.row,
    transaction_id: row.transaction_id,
    amount: row.amount === null ? null : Number(row.amount),
    date: row.date,
    payment:
      row.payment_id === null
        ? null
        : {
            id: row.payment_id,
            transaction_id: row.payment_transaction_id!,
            amount: row.payment_amount!,
            date: row.payment_date!,
            state: row.payment_state!,
            institute_id: row.institute_id!,
            institute_name: row.institute_name,
          },
  }));
}

/**
 * Makes `jobId` the statement's approval when it has none yet, or its last one failed or stopped beating
 * before `staleBefore`; answers whether it did. Two servers claiming at once: the second's update waits
 * for the first's row and then no longer matches.
 */
export async function claimApproval(trx: Transaction<Database>, statementId: number, jobId: number, staleBefore: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('payment_statements')
    .set({ approval_job_id: jobId, updated_at: now() })
    .where('id', '=', statementId)
    .where((eb) =>
      eb.or([
        eb('approval_job_id', 'is', null),
        eb(
          'approval_job_id',
          'in',
          eb
            .selectFrom('jobs')
            .select('id')
            .where((job) => job.or([job('state', '=', 'failed'), job.and([job('state', '=', 'running'), job('heartbeat', '<', staleBefore)])])),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** The job of the statement's approval, once started. */
export function approvalJobOf(db: Db, statementId: number) {
  return db
    .selectFrom('payment_statements')
    .innerJoin('jobs', 'jobs.id', 'payment_statements.approval_job_id')
    .selectAll('jobs')
    .where('payment_statements.id', '=', statementId)
    .executeTakeFirst();
}

/** Up to `limit` matched lines after the line `after`, in line order. */
export function matchedLines(db: Db, statementId: number, after: number, limit: number) {
  return db
    .selectFrom('statement_lines')
    .select(['id', 'transaction_id', 'amount', 'payment_id'])
    .where('statement_id', '=', statementId)
    .where('kind', '=', 'matched')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Moves the lines whose payments were approved from the matched list to the approved one. */
export async function recordApprovals(trx: Transaction<Database>, statementId: number, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await trx.updateTable('statement_lines').set({ kind: 'approved' }).where('id', 'in', lineIds).execute();
  await trx
    .updateTable('payment_statements')
    .set((eb) => ({ matched: eb('matched', '-', lineIds.length), approved: eb('approved', '+', lineIds.length), updated_at: now() }))
    .where('id', '=', statementId)
    .execute();
}

/** A payment's id and amount, locked for the approval's transaction (PostgreSQL; SQLite's writer holds the database). */
export function lockedPaymentFacts(trx: Transaction<Database>, id: number) {
  const query = trx.selectFrom('scholarship_payments').select(['transaction_id', 'amount']).where('id', '=', id);
  return lockingRows(trx, query).executeTakeFirst();
}
