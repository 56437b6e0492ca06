/**
 * Reading an uploaded statement (docs/integrators/statements.md): its header row names its format,
 * whose columns were chosen once and are remembered; its lines are matched against the payments and
 * stored with their list. The lines are written in batches under a statement that stays `reading`
 * until one transaction makes it `ready` and retires earlier uploads of the same file: nobody sees a
 * half-written statement, and uploading a file again reads it afresh against today's payments
 * (approved payments show as approved, nothing is approved twice).
 */
import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Paginated } from '../../../common/schemas/list.js';
import {
  MAX_STATEMENT_LINES,
  STATEMENT_PAGE_SIZE,
  type StatementColumns,
  type StatementLine,
  type StatementLinesQuery,
  type StatementSummary,
  type StatementUploadAnswer,
  type StatementUploadFields,
} from '../../../common/schemas/statements.js';
import type { Database, StatementLinesTable } from '../../db/types.js';
import type { SessionUser } from '../../lib/authenticate.js';
import { HttpError, notFound, ValidationError } from '../../lib/errors.js';
import { paginate } from '../../lib/resource/paginator.js';
import { readSheet, type Sheet, type SheetLimits } from '../../lib/import/sheet.js';
import { now } from '../../lib/time.js';
import { approvalOf } from './statement-approval.js';
import { formatKeyOf, guessColumns, type MatchedLine, matchLines, type PaymentFact, readLines } from './statement-lines.js';
import {
  columnsOfFormat,
  deleteLines,
  type FormatRow,
  formatByKey,
  insertLines,
  insertStatement,
  linesPage,
  markReady,
  paymentFacts,
  saveFormat,
  statementById,
  type StatementRow,
  summaryOf,
} from './statements.repository.js';

const LIMITS: SheetLimits = { rows: MAX_STATEMENT_LINES, tooManyRows: 'statement_too_many_rows', tooBig: 'statement_too_big' };

type Upload = { file: Buffer; fileName: string; fields: StatementUploadFields };

/** The columns the admin chose, checked against the header row. */
function chosenColumns(sheet: Sheet, fields: StatementUploadFields): StatementColumns {
  const errors: Record<string, ['required' | 'statement_column_missing' | 'statement_columns_same']> = {};
  const known = (name: 'transaction_column' | 'amount_column' | 'date_column', required: boolean) => {
    const value = fields[name];
    if (value === undefined) {
      if (required) errors[name] = ['required'];
      return null;
    }
    if (!sheet.headers.includes(value)) errors[name] = ['statement_column_missing'];
    return value;
  };
  const transaction = known('transaction_column', true);
  const amount = known('amount_column', true);
  const date = known('date_column', false);
  if (transaction !== null && transaction === amount) errors.amount_column = ['statement_columns_same'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { transaction: transaction!, amount: amount!, date };
}

const columnChosen = (fields: StatementUploadFields) =>
  fields.transaction_column !== undefined || fields.amount_column !== undefined || fields.date_column !== undefined;

/** The rows a statement stores, made one at a time as they are written: its lines, then the pending payments it does not hold. */
function* lineRows(statementId: number, classified: readonly MatchedLine[], missing: readonly PaymentFact[]): Generator<Insertable<StatementLinesTable>> {
  for (const line of classified)
    yield {
      statement_id: statementId,
      kind: line.kind,
      row: line.row,
      transaction_id: line.transactionId,
      amount: line.amount,
      date: line.date,
      payment_id: line.paymentId,
    };
  for (const payment of missing)
    yield { statement_id: statementId, kind: 'missing', row: null, transaction_id: payment.transactionId, amount: null, date: null, payment_id: payment.id };
}

/** Reads, matches and stores a statement; a header row never seen asks for its columns instead. */
export async function receiveStatement(db: Kysely<Database>, user: SessionUser, { file, fileName, fields }: Upload): Promise<StatementUploadAnswer> {
  const sheet = await readSheet(file, LIMITS);
  if (sheet.rows.length === 0) throw new ValidationError({ file: ['statement_no_lines'] });
  const headerKey = formatKeyOf(sheet.headers);
  const known = await formatByKey(db, headerKey);
  if (!known && !columnChosen(fields))
    return { format_needed: true, headers: sheet.headers.filter((header) => header !== ''), guess: guessColumns(sheet.headers) };
  const columns = columnChosen(fields) ? chosenColumns(sheet, fields) : columnsOfFormat(known!);
  if (!known && fields.format_name === undefined) throw new ValidationError({ format_name: ['required'] });

  const { lines, skipped } = await readLines(sheet, {
    transaction: sheet.headers.indexOf(columns.transaction),
    amount: sheet.headers.indexOf(columns.amount),
    date: columns.date === null ? null : sheet.headers.indexOf(columns.date),
  });
  if (lines.length === 0) throw new ValidationError({ file: ['statement_no_readable_lines'] });

  const at = now();
  let format: FormatRow = known!;
  if (!known || columnChosen(fields)) {
    format = await saveFormat(
      db,
      {
        name: fields.format_name ?? known!.name,
        header_key: headerKey,
        headers: JSON.stringify(sheet.headers),
        transaction_column: columns.transaction,
        amount_column: columns.amount,
        date_column: columns.date,
        created_by: user.id,
      },
      at,
    );
  }

  const { classified, missing } = await matchLines(lines, await paymentFacts(db));
  const contentHash = createHash('sha256').update(file).digest('hex');
  const id = await insertStatement(db, {
    content_hash: contentHash,
    format_id: format.id,
    file_name: fileName.slice(0, 200),
    state: 'reading',
    created_by: user.id,
    created_at: at,
    updated_at: at,
  });
  await insertLines(db, lineRows(id, classified, missing));

  const counts = { matched: 0, amount_differs: 0, not_filed: 0, approved: 0 };
  for (const line of classified) counts[line.kind]++;
  const retired = await markReady(db, id, contentHash, { lines: lines.length, skipped, ...counts, missing: missing.length });
  for (const { id: earlierId } of retired) await deleteLines(db, earlierId);
  return summaryOf(db, (await statementById(db, id))!, await approvalOf(db, id));
}

/** A statement by its id; 404 when there is none. */
export async function statementFor(db: Kysely<Database>, id: number): Promise<StatementRow> {
  const statement = await statementById(db, id);
  if (!statement) throw notFound();
  return statement;
}

export async function statementSummary(db: Kysely<Database>, id: number): Promise<StatementSummary> {
  return summaryOf(db, await statementFor(db, id), await approvalOf(db, id));
}

/** A page of one of the statement's lists; a replaced statement's lines are gone (409). */
export async function statementLines(
  db: Kysely<Database>,
  id: number,
  query: StatementLinesQuery,
  pageUrl: (page: number) => string,
): Promise<Paginated<StatementLine>> {
  const statement = await statementFor(db, id);
  if (statement.state === 'replaced') throw new HttpError(409, 'statement_replaced');
  const perPage = query.paginate ?? STATEMENT_PAGE_SIZE;
  const total = statement[query.list];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page ?? 1, lastPage);
  const rows = await linesPage(db, statement.id, query.list, (page - 1) * perPage, perPage);
  return paginate(rows, total, page, perPage, pageUrl);
}
