/**
 * Statement reconciliation (docs/integrators/statements.md): the upload's fields, the lists a
 * statement is read into and the answers the screens show.
 */
import { z } from 'zod';
import { PAYMENT_STATES } from '../constants.js';
import { optionalInt, optionalText, requiredChoice } from '../validation.js';
import { answerEnvelope } from './envelope.js';
import { paginatedOf } from './list.js';

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
export type StatementLinesQuery = z.infer<typeof StatementLinesQuery>;

export const StatementColumns = z.object({ transaction: z.string(), amount: z.string(), date: z.string().nullable() });
export type StatementColumns = z.infer<typeof StatementColumns>;

/** A header row seen for the first time: the columns to choose from and the ones the headers suggest. */
export const StatementFormatNeeded = z.object({ format_needed: z.literal(true), headers: z.array(z.string()), guess: StatementColumns.partial() });
export type StatementFormatNeeded = z.infer<typeof StatementFormatNeeded>;

/** What "approve all matched" did, as its job's result. */
export const ApprovalResult = z.object({
  approved: z.number(),
  /** Matched lines whose payment changed before the approval reached it (approved or refused meanwhile, amount edited). */
  skipped: z.number(),
});
export type ApprovalResult = z.infer<typeof ApprovalResult>;

/** The statement's "approve all matched" (`idle` before it is started): its job, watched through /api/v1/jobs/{job_id}. */
export const ApprovalJob = ApprovalResult.extend({
  job_id: z.number().nullable(),
  state: z.enum(['idle', 'running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
});
export type ApprovalJob = z.infer<typeof ApprovalJob>;

export const StatementSummary = z.object({
  format_needed: z.literal(false).optional(),
  id: z.number(),
  file_name: z.string(),
  format: z.object({ id: z.number(), name: z.string(), columns: StatementColumns }),
  state: z.enum(['reading', 'ready', 'replaced']),
  /** Lines read, and rows passed over (no transaction id, or no amount above zero: totals, debits, notes). */
  lines: z.number(),
  skipped: z.number(),
  counts: z.object({ matched: z.number(), amount_differs: z.number(), not_filed: z.number(), missing: z.number(), approved: z.number() }),
  approval: ApprovalJob,
  created_at: z.string(),
});
export type StatementSummary = z.infer<typeof StatementSummary>;

export const StatementUploadAnswer = z.union([StatementFormatNeeded, StatementSummary]);
export type StatementUploadAnswer = z.infer<typeof StatementUploadAnswer>;

export const StatementLine = z.object({
  id: z.number(),
  /** The statement's row number; null for a pending payment the statement does not hold. */
  row: z.number().nullable(),
  transaction_id: z.string(),
  amount: z.number().nullable(),
  date: z.string().nullable(),
  payment: z
    .object({
      id: z.number(),
      transaction_id: z.string(),
      amount: z.number(),
      date: z.string(),
      state: z.enum(PAYMENT_STATES),
      institute_id: z.number(),
      institute_name: z.string().nullable(),
    })
    .nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const StatementUploadEnvelope = answerEnvelope(StatementUploadAnswer);
export const StatementEnvelope = answerEnvelope(StatementSummary);
export const StatementLinesEnvelope = answerEnvelope(paginatedOf(StatementLine));
