/**
 * The provider's result file, read by the one importer (architecture §9; docs/integrators/payouts.md): a
 * row a line, its reference, amount and status (paid or failed, with the reason). A row is applied only
 * when its reference is a line of this batch AND its amount is that line's: anything else is that row's
 * error. A paid line keeps its student (never paid again); a failed one lets them go and marks their
 * details to correct. A line settled earlier the same way is unchanged, so the same file can come twice;
 * the batch closes when every line is settled. A dry run answers the same report and writes nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { PayoutResultReport as Report } from '../../../common/schemas/imports.js';
import { toAsciiDigits, ungroupedDigits, requiredText, optionalText } from '../../../common/validation.js';
import type { Database } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError, notFound, ValidationError } from '../../lib/errors.js';
import { type CheckedRow, checkRows, type ImportDefinition, matchHeaders, type RowErrors } from '../../lib/import/importer.js';
import type { Cell, Sheet } from '../../lib/import/sheet.js';
import type { Caller } from '../../lib/resource/definition.js';
import { now } from '../../lib/time.js';
import { batchById, linesOf, lockedBatch, markDetailsFailed, settleLine, updateBatchCounts } from './payouts.repository.js';

/** The report with each row's errors as message keys: the route words them in the caller's language. */
export type PayoutResultReport = Omit<Report, 'rows'> & { rows: (Omit<Report['rows'][number], 'errors'> & { errors: RowErrors })[] };

type ResultRow = { reference: string; amount: number; status: 'paid' | 'failed'; reason?: string; transaction?: string };

/** Words providers and people write for each outcome, compared in lower case. */
const STATUS_WORDS: Record<string, 'paid' | 'failed'> = {
  paid: 'paid',
  success: 'paid',
  successful: 'paid',
  completed: 'paid',
  complete: 'paid',
  সফল: 'paid',
  পরিশোধিত: 'paid',
  failed: 'failed',
  fail: 'failed',
  failure: 'failed',
  unsuccessful: 'failed',
  rejected: 'failed',
  returned: 'failed',
  ব্যর্থ: 'failed',
};

const REASON_MAX = 500;

const ResultRowSchema = z.object({
  reference: requiredText(100),
  amount: z.number({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_number') }),
  status: z.enum(['paid', 'failed'], { error: (iss) => (iss.input === undefined ? 'required' : 'payout_status_unknown') }),
  reason: optionalText(REASON_MAX),
  transaction: optionalText(100),
});

/** Taka as the provider wrote it: a number cell, or text with grouping commas, decimals or Bengali digits. */
function takaOf(cell: Cell): number | string | undefined {
  if (cell === null || cell === undefined || cell === '') return undefined;
  if (typeof cell === 'number') return cell;
  const text = toAsciiDigits(String(cell).trim());
  const match = /^(\d[\d,]*)(\.\d+)?$/.exec(text);
  const whole = match ? ungroupedDigits(match[1]!) : undefined;
  return whole === undefined ? text : Number(`${whole}${match![2] ?? ''}`);
}

const textOf = (cell: Cell) => (cell === null || cell === undefined ? undefined : cell instanceof Date ? cell.toISOString() : String(cell));

export const payoutResultImport: ImportDefinition<ResultRow> = {
  columns: [
    { field: 'reference', headers: ['Reference', 'রেফারেন্স', 'Ref', 'Reference No', 'Payment Reference'], example: 'PO-20261127-K7QX-0001' },
    { field: 'amount', headers: ['Amount', 'টাকার পরিমাণ', 'পরিমাণ', 'Amount (BDT)'], example: '1500' },
    { field: 'status', headers: ['Status', 'অবস্থা', 'Result', 'ফলাফল'], example: 'paid' },
    { field: 'reason', headers: ['Reason', 'কারণ', 'Failure Reason', 'Remarks'], example: '', maxLength: REASON_MAX },
    { field: 'transaction', headers: ['Transaction ID', 'TrxID', 'ট্রানজেকশন আইডি', 'Transaction Id'], example: '' },
  ],
  read(cells) {
    const status = textOf(cells.status ?? null)?.trim();
    const values = {
      reference: textOf(cells.reference ?? null)?.trim(),
      amount: takaOf(cells.amount ?? null),
      status: status ? (STATUS_WORDS[status.toLocaleLowerCase('en-US')] ?? status) : undefined,
      reason: textOf(cells.reason ?? null),
      transaction: textOf(cells.transaction ?? null),
    };
    const errors: RowErrors = {};
    if (values.status === 'failed' && !values.reason?.trim()) errors.reason = [{ key: 'payout_reason_required' }];
    return { values, errors };
  },
  schema: ResultRowSchema,
};

type Line = Awaited<ReturnType<typeof linesOf>>[number];
type Outcome = { row: CheckedRow<ResultRow>; line: Line | null; change: boolean };

/** Each row against the batch's lines: its errors added, and whether it changes its line. */
function matchRows(checked: CheckedRow<ResultRow>[], lines: readonly Line[]): Outcome[] {
  const byReference = new Map(lines.map((line) => [line.reference.toUpperCase(), line]));
  const seen = new Map<string, number>();
  for (const row of checked) if (row.input) seen.set(row.input.reference.toUpperCase(), (seen.get(row.input.reference.toUpperCase()) ?? 0) + 1);
  return checked.map((row) => {
    if (!row.input) return { row, line: null, change: false };
    const key = row.input.reference.toUpperCase();
    const line = byReference.get(key);
    if (!line) row.errors.reference = [{ key: 'payout_reference_unknown' }];
    else if ((seen.get(key) ?? 0) > 1) row.errors.reference = [{ key: 'payout_reference_twice' }];
    else if (row.input.amount !== line.amount) row.errors.amount = [{ key: 'payout_amount_differs' }];
    else if (line.state !== 'pending' && line.state !== row.input.status) row.errors.status = [{ key: 'payout_line_settled' }];
    if (Object.keys(row.errors).length > 0) {
      row.input = undefined;
      return { row, line: null, change: false };
    }
    return { row, line: line!, change: line!.state === 'pending' };
  });
}

function reportOf(outcomes: readonly Outcome[], stored: boolean): PayoutResultReport {
  const rows = outcomes.map(({ row, change }) => ({
    row: row.row,
    status: !row.input ? ('invalid' as const) : !change ? ('unchanged' as const) : stored ? ('stored' as const) : ('valid' as const),
    reference: row.input?.reference ?? (typeof row.values.reference === 'string' ? row.values.reference : null),
    outcome: row.input?.status ?? null,
    errors: row.errors,
  }));
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const changing = outcomes.filter((o) => o.change);
  return {
    total: rows.length,
    valid: count('valid') + count('stored'),
    invalid: count('invalid'),
    stored: count('stored'),
    unchanged: count('unchanged'),
    paid: changing.filter((o) => o.row.input!.status === 'paid').length,
    failed: changing.filter((o) => o.row.input!.status === 'failed').length,
    rows,
  };
}

async function apply(trx: Transaction<Database>, outcomes: readonly Outcome[], batchId: number): Promise<void> {
  const at = now();
  for (const { row, line, change } of outcomes) {
    if (!change) continue;
    const input = row.input!;
    const reason = input.status === 'failed' ? input.reason!.trim() : null;
    await settleLine(trx, line!.id, { state: input.status, reason, transaction: input.transaction?.trim() || null, at });
    if (reason !== null) await markDetailsFailed(trx, line!.registration_id, reason, at);
  }
  await updateBatchCounts(trx, batchId, at);
}

/** Reads the result file of batch `batchId`; unless `dryRun`, settles the lines it pays or fails. */
export async function importResult(
  db: Kysely<Database>,
  caller: Caller,
  batchId: number,
  sheet: Sheet,
  dryRun: boolean,
): Promise<{ report: PayoutResultReport; refused: CheckedRow<unknown>[] }> {
  if (!(await batchById(db, batchId))) throw notFound();
  const found = matchHeaders(payoutResultImport as ImportDefinition<unknown>, sheet.headers);
  if (!found.has('reference') || !found.has('amount') || !found.has('status')) throw new ValidationError({ file: ['payout_result_columns'] });
  const checked = await checkRows(payoutResultImport, sheet);
  const refusedOf = (outcomes: readonly Outcome[]) => outcomes.filter((o) => !o.row.input).map((o) => o.row as CheckedRow<unknown>);
  if (dryRun) {
    const outcomes = matchRows(checked, await linesOf(db, batchId));
    return { report: reportOf(outcomes, false), refused: refusedOf(outcomes) };
  }
  return db.transaction().execute(async (trx) => {
    // The batch's row first: a second import of this batch waits, then matches against what the first settled.
    if (!(await lockedBatch(trx, batchId))) throw new HttpError(404, 'not_found');
    const outcomes = matchRows(checked, await linesOf(trx, batchId));
    await apply(trx, outcomes, batchId);
    const report = reportOf(outcomes, true);
    await recordAudit(trx, {
      actor: caller.user,
      client: caller.client,
      action: 'payout.result',
      entity: 'payout-batches',
      entityId: batchId,
      after: { paid: report.paid, failed: report.failed, unchanged: report.unchanged, invalid: report.invalid },
    });
    return { report, refused: refusedOf(outcomes) };
  });
}
