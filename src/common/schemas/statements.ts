/**
 * Statement reconciliation (docs/integrators/statements.md): the upload's fields, the lists a
 * statement is read into and the answers the screens show.
 */
import { z } from 'zod';
import { optionalInt, optionalText, requiredChoice } from '../validation.js';

/** The most lines a statement may hold: a season's bKash merchant statement fits many times over. */
export const MAX_STATEMENT_LINES = 200_000;
/** 200,000 lines of a bKash merchant CSV are about 25 MB. */
export const MAX_STATEMENT_BYTES = 30_000_000;
export const STATEMENT_PAGE_SIZE = 20;

/**
 * What a statement is read into: lines whose id and amount agree with a pending payment, lines whose id
 * agrees but not the amount, lines no payment names, pending payments no line names, and lines whose
 * payment is approved already (on an earlier statement, by hand, or by "approve all").
 */
export const STATEMENT_LISTS = ['matched', 'amount_differs', 'not_filed', 'missing', 'approved'] as const;
export type StatementList = (typeof STATEMENT_LISTS)[number];

/** The upload's text fields: the format's name and its columns, sent when the header row is new (or to choose again). */
export const StatementUploadFields = z.object({
  format_name: optionalText(60),
  // A sheet's header may break its line ("Transaction\nID").
  transaction_column: optionalText(200, 'many'),
  amount_column: optionalText(200, 'many'),
  date_column: optionalText(200, 'many'),
});
export type StatementUploadFields = z.infer<typeof StatementUploadFields>;

export const StatementLinesQuery = z.object({
  list: requiredChoice(STATEMENT_LISTS),
  page: optionalInt(1, 1_000_000),
  paginate: optionalInt(1, 100),
});

export type StatementColumns = { transaction: string; amount: string; date: string | null };

/** A header row seen for the first time: the columns to choose from and the ones the headers suggest. */
export type StatementFormatNeeded = { format_needed: true; headers: string[]; guess: Partial<StatementColumns> };

export type ApprovalJob = {
  state: 'idle' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  approved: number;
  /** Matched lines whose payment changed before the approval reached it (approved or refused meanwhile, amount edited). */
  skipped: number;
};

export type StatementSummary = {
  format_needed?: false;
  id: number;
  file_name: string;
  format: { id: number; name: string; columns: StatementColumns };
  state: 'reading' | 'ready' | 'replaced';
  /** Lines read, and rows passed over (no transaction id, or no amount above zero: totals, debits, notes). */
  lines: number;
  skipped: number;
  counts: Record<StatementList, number>;
  approval: ApprovalJob;
  created_at: string;
};

export type StatementUploadAnswer = StatementFormatNeeded | StatementSummary;

export type StatementLine = {
  id: number;
  /** The statement's row number; null for a pending payment the statement does not hold. */
  row: number | null;
  transaction_id: string;
  amount: number | null;
  date: string | null;
  payment: {
    id: number;
    transaction_id: string;
    amount: number;
    date: string;
    state: 'pending' | 'approved' | 'refused';
    institute_id: number;
    institute_name: string | null;
  } | null;
};
