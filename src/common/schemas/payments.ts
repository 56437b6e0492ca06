/** The payment form (spec §3, §5): method, amount, transaction id, date; admins also the institute and approval. */
import { z } from 'zod';
import { MAX_PAYMENT_STUDENTS, PAYMENT_METHODS, PAYMENT_STATES } from '../constants.js';
import { example } from '../examples.js';
import { optionalId, requiredChoice, requiredId, requiredText, toAsciiDigits, ungroupedDigits } from '../validation.js';
import { maybeId, maybeText, stamped, text } from './rows.js';

/** Larger than any season's fees for one institute, so a typo of extra zeros is caught. */
export const MAX_PAYMENT_AMOUNT = 10_000_000;
/** A deposit slip may be dated today in Bangladesh while the server's UTC date is still yesterday. */
const FUTURE_TOLERANCE_MS = 36 * 3600 * 1000;

/**
 * Whole taka written as digits (Bengali digits and grouping commas where they belong allowed: 1,000 or
 * 1,00,000): `0x10`, `1e3` or `2,00` is not an amount.
 */
function amountInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const digits = toAsciiDigits(value.trim());
  if (digits === '') return undefined;
  return ungroupedDigits(digits) ?? Number.NaN;
}

const amount = z.preprocess(
  amountInput,
  z.coerce
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_number') })
    .int('invalid_number')
    .min(1, 'too_small')
    .max(MAX_PAYMENT_AMOUNT, 'too_big'),
);

/**
 * A bank's deposit receipt number as printed on the slip ("SB-2026/0451"): letters and digits with the
 * punctuation banks use between them. A bKash transaction id is letters and digits only.
 */
const RECEIPT_NUMBER = /^[A-Z0-9][A-Z0-9 ./_-]{2,38}[A-Z0-9]$/;
const BKASH_TRANSACTION_ID = /^[A-Z0-9]{4,40}$/;

const transactionId = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
  z
    .string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_text') })
    .max(40, 'too_long')
    .regex(RECEIPT_NUMBER, 'invalid_transaction'),
);

const paymentDate = z.preprocess(
  (v) => (typeof v === 'string' ? toAsciiDigits(v.trim()).slice(0, 10) || undefined : v),
  z
    .string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_date') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'invalid_date')
    .refine((v) => v >= '2020-01-01', 'date_too_early')
    .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + FUTURE_TOLERANCE_MS, 'date_in_future'),
);

const approval = z.preprocess(
  (v) => (v === '1' || v === 1 || v === true || v === 'true' ? 1 : v === '0' || v === 0 || v === false || v === 'false' ? 0 : v === '' ? undefined : v),
  z.union([z.literal(0), z.literal(1)], { error: 'invalid_flag' }).optional(),
);

/**
 * The students a payment covers, by registration id. Absent: a new payment names nobody (its approval
 * covers the oldest unpaid) and an edit keeps those it holds.
 */
const registrationIds = z.array(requiredId(), { error: 'invalid_choice' }).max(MAX_PAYMENT_STUDENTS, 'too_many_students').optional();

/** The payment form's fields; PaymentBody adds the rules across fields. */
export const PaymentFields = z.object({
  institute_id: optionalId(),
  payment_method: example(requiredChoice(PAYMENT_METHODS), ['bkash']),
  amount: example(amount, [200]),
  transaction_id: example(transactionId, ['BK7Q2M5X19'], { unique: true }),
  date: example(paymentDate, ['2026-01-15']),
  is_approved: approval,
  registration_ids: registrationIds,
});

/** A bKash payment's id is stricter than a bank receipt's number. */
export function withPaymentRules<T extends z.ZodType<{ payment_method: string; transaction_id: string }>>(schema: T) {
  return schema.superRefine((body, ctx) => {
    if (body.payment_method === 'bkash' && !BKASH_TRANSACTION_ID.test(body.transaction_id))
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'invalid_bkash_transaction' });
  });
}

export const PaymentBody = withPaymentRules(PaymentFields);
export type PaymentBody = z.infer<typeof PaymentBody>;

/** Longer than any reason an admin writes, short enough for an SMS to carry most of it. */
export const MAX_REFUSAL_REASON = 300;

/** An admin's approval (spec §5), and a refusal, which says why. */
export const ApproveBody = z.object({ id: requiredId() });
export const RefuseBody = z.object({ id: requiredId(), reason: requiredText(MAX_REFUSAL_REASON, 'many') });

export const PaymentRow = z.object({
  id: z.number(),
  institute_id: z.number(),
  amount: z.number(),
  payment_method: text,
  transaction_id: text,
  date: text,
  is_approved: z.number(),
  approved_by: maybeId,
  approved_at: maybeText,
  state: z.enum(PAYMENT_STATES),
  /** Students the payment covers: those it names, or those its approval covered. */
  students: z.number(),
  refusal_reason: maybeText,
  refused_at: maybeText,
  institute_name: text,
  institute_phone: maybeText,
  ...stamped,
  institute: z.object({ id: z.number(), name: text, phone_number: maybeText }).nullable(),
});
