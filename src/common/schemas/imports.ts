/**
 * What a sheet import answers (docs/integrators/imports.md, results.md): the counts, and each row with
 * its status and its errors already in the request's language. One shape for every import, with each
 * import's own columns beside it; the server answers through it and the import screen reads it.
 */
import { z } from 'zod';
import { answerEnvelope } from './envelope.js';

/** Field → messages, in the request's language. */
export const ImportRowErrors = z.record(z.string(), z.array(z.string()));

const importReportOf = <Status extends readonly [string, ...string[]], Row extends z.ZodRawShape, Extra extends z.ZodRawShape>(
  statuses: Status,
  row: Row,
  extra: Extra,
) =>
  z.object({
    total: z.number(),
    valid: z.number(),
    invalid: z.number(),
    stored: z.number(),
    /** Each row by its number in the sheet. */
    rows: z.array(z.object({ row: z.number(), status: z.enum(statuses), errors: ImportRowErrors, ...row })),
    ...extra,
  });

export const REGISTRATION_IMPORT_STATUSES = ['valid', 'invalid', 'duplicate', 'stored'] as const;
export type RegistrationImportStatus = (typeof REGISTRATION_IMPORT_STATUSES)[number];

/** A registration sheet: each row's student by name, and the students already registered (duplicates). */
export const RegistrationImportReport = importReportOf(REGISTRATION_IMPORT_STATUSES, { name: z.string().nullable() }, { duplicates: z.number() });
export type RegistrationImportReport = z.infer<typeof RegistrationImportReport>;
export type RegistrationImportRow = RegistrationImportReport['rows'][number];
export const RegistrationImportAnswer = answerEnvelope(RegistrationImportReport);

const Mark = z.object({ marks: z.number().nullable(), absent: z.boolean() });
/** A mark already entered that the sheet would replace: the examiner confirms these before they are stored. */
export const MarkChange = z.object({ roll_no: z.string(), subject_id: z.number(), before: Mark, after: Mark });
export type MarkChange = z.infer<typeof MarkChange>;

/** A marks sheet: each row's student by roll number, and the marks it would replace. */
export const MarksImportReport = importReportOf(['valid', 'invalid', 'stored'], { roll_no: z.string().nullable() }, { changes: z.array(MarkChange) });
export type MarksImportReport = z.infer<typeof MarksImportReport>;
export type MarksImportRow = MarksImportReport['rows'][number];
export const MarksImportAnswer = answerEnvelope(MarksImportReport);

export const PAYOUT_RESULT_STATUSES = ['valid', 'invalid', 'stored', 'unchanged'] as const;
/**
 * A provider's payout result file (docs/integrators/payouts.md): each row's reference and outcome; `unchanged`
 * a line already settled the same way; `paid` and `failed` the lines the file settles (or would, in a dry run).
 */
export const PayoutResultReport = importReportOf(
  PAYOUT_RESULT_STATUSES,
  { reference: z.string().nullable(), outcome: z.enum(['paid', 'failed']).nullable() },
  { unchanged: z.number(), paid: z.number(), failed: z.number() },
);
export type PayoutResultReport = z.infer<typeof PayoutResultReport>;
export type PayoutResultRow = PayoutResultReport['rows'][number];
export const PayoutResultAnswer = answerEnvelope(PayoutResultReport);
