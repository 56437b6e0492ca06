/**
 * Scholarships paid (docs/integrators/payouts.md): where a winner's money goes, the payout batches and
 * what the admin's and the institute's screens read. The details' rules are here once, for the server's
 * check and the form's.
 */
import { z } from 'zod';
import { type MessageKey } from '../messages.js';
import { BD_MOBILE, hasNul, normalizeMobile, toAsciiDigits } from '../validation.js';
import { LIMITS } from '../constants.js';
import { answerEnvelope } from './envelope.js';
import { paginatedOf } from './list.js';

export const PAYOUT_METHODS = ['wallet', 'bank'] as const;
export const WALLET_PROVIDERS = ['bkash', 'nagad'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

/**
 * Bangladeshi account numbers run from 6 digits (old branch ledgers) to 17 (BEFTN's account field is 17
 * characters); a branch's routing number is 9 digits (Bangladesh Bank's routing directory).
 */
export const ACCOUNT_NUMBER = /^\d{6,17}$/;
export const ROUTING_NUMBER = /^\d{9}$/;
/** Lines a provider's result file may hold: a season's winners in one batch, more than a registration import's rows. */
export const MAX_PAYOUT_RESULT_LINES = 200_000;
export const MAX_PAYOUT_RESULT_BYTES = 30_000_000;

/** A winner's payout state: no details yet, ready for a batch, in a live batch, paid, or refused by the provider (to correct). */
export const PAYOUT_STATES = ['details_missing', 'ready', 'in_batch', 'paid', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

const field = z
  .string()
  .max(LIMITS.shortText * 2)
  .optional()
  .nullable();

/** The details as sent: every field a string (or absent); which are required depends on the method (checkPayoutDetails). */
export const PayoutDetailsBody = z.object({
  method: field,
  wallet_provider: field,
  wallet_number: field,
  account_name: field,
  account_number: field,
  bank_name: field,
  branch_name: field,
  routing_number: field,
  guardian_name: field,
});
export type PayoutDetailsBody = z.infer<typeof PayoutDetailsBody>;

export const PayoutDetails = z.object({
  method: z.enum(PAYOUT_METHODS),
  wallet_provider: z.enum(WALLET_PROVIDERS).nullable(),
  wallet_number: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  branch_name: z.string().nullable(),
  routing_number: z.string().nullable(),
  guardian_name: z.string(),
});
export type PayoutDetails = z.infer<typeof PayoutDetails>;

export type DetailsCheck = { details: PayoutDetails } | { errors: Record<string, MessageKey[]> };

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Digits as typed, Bengali ones read as ASCII, with the spaces and hyphens people group them with taken out. */
const digitsOf = (value: string) => toAsciiDigits(value).replace(/[\s-]/g, '');

/** Checks the details, every field at once: each wrong or missing one is its field's message; a method's other fields are dropped. */
export function checkPayoutDetails(body: PayoutDetailsBody): DetailsCheck {
  const errors: Record<string, MessageKey[]> = {};
  const text = (name: keyof PayoutDetailsBody, max: number = LIMITS.shortText): string | null => {
    const value = body[name]?.trim() ?? '';
    if (value === '') return ((errors[name] = ['required']), null);
    if (value.length > max) return ((errors[name] = ['too_long']), null);
    if (CONTROL.test(value) || hasNul(value)) return ((errors[name] = ['invalid_text']), null);
    return value;
  };
  const choice = <T extends string>(name: keyof PayoutDetailsBody, values: readonly T[]): T | null => {
    const value = body[name]?.trim() ?? '';
    if (value === '') return ((errors[name] = ['required']), null);
    if (!values.includes(value as T)) return ((errors[name] = ['invalid_choice']), null);
    return value as T;
  };
  const digits = (name: keyof PayoutDetailsBody, rule: RegExp, message: MessageKey): string | null => {
    const raw = text(name);
    if (raw === null) return null;
    const value = digitsOf(raw);
    if (!rule.test(value)) return ((errors[name] = [message]), null);
    return value;
  };
  const method = choice('method', PAYOUT_METHODS);
  const guardian = text('guardian_name');
  const none = {
    wallet_provider: null,
    wallet_number: null,
    account_name: null,
    account_number: null,
    bank_name: null,
    branch_name: null,
    routing_number: null,
  };
  let details: PayoutDetails | null = null;
  if (method === 'wallet') {
    const provider = choice('wallet_provider', WALLET_PROVIDERS);
    const raw = text('wallet_number');
    const number = raw === null ? null : normalizeMobile(raw);
    if (number !== null && !BD_MOBILE.test(number)) errors.wallet_number = ['invalid_mobile'];
    details = { ...none, method, wallet_provider: provider, wallet_number: number, guardian_name: guardian ?? '' };
  } else if (method === 'bank') {
    details = {
      ...none,
      method,
      account_name: text('account_name'),
      account_number: digits('account_number', ACCOUNT_NUMBER, 'payout_account_number'),
      bank_name: text('bank_name'),
      branch_name: text('branch_name'),
      routing_number: digits('routing_number', ROUTING_NUMBER, 'payout_routing_number'),
      guardian_name: guardian ?? '',
    };
  }
  return Object.keys(errors).length > 0 || !details ? { errors } : { details };
}

/** A winner as the payout screens list them. */
export const PayoutWinner = z.object({
  registration_id: z.number(),
  roll_no: z.string(),
  class: z.string(),
  name: z.string(),
  institute_id: z.number(),
  institute_name: z.string().nullable(),
  amount: z.number(),
  state: z.enum(PAYOUT_STATES),
  details: PayoutDetails.nullable(),
  /** The provider's reason, while the details wait to be corrected. */
  failure_reason: z.string().nullable(),
  /** In a live batch: the details cannot change until the provider's result is in. */
  locked: z.boolean(),
});
export type PayoutWinner = z.infer<typeof PayoutWinner>;

export const PayoutWindow = z.object({ opens: z.string().nullable(), closes: z.string().nullable(), open: z.boolean() });
export type PayoutWindow = z.infer<typeof PayoutWindow>;

export const PayoutWinnersQuery = z.object({
  state: z.enum(PAYOUT_STATES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type PayoutWinnersQuery = z.infer<typeof PayoutWinnersQuery>;
export const PAYOUT_PAGE_SIZE = 50;

export const PayoutWinnersAnswer = answerEnvelope(z.object({ window: PayoutWindow, winners: paginatedOf(PayoutWinner) }));

const Tally = z.object({ students: z.number(), amount: z.number() });
export const PayoutLayoutInfo = z.object({ key: z.string(), method: z.enum(PAYOUT_METHODS), provider: z.enum(WALLET_PROVIDERS).nullable(), ready: Tally });
export const PayoutSummary = z.object({
  awarded: Tally,
  states: z.object(Object.fromEntries(PAYOUT_STATES.map((state) => [state, Tally])) as Record<PayoutState, typeof Tally>),
  layouts: z.array(PayoutLayoutInfo),
  window: PayoutWindow,
});
export type PayoutSummary = z.infer<typeof PayoutSummary>;
export const PayoutSummaryAnswer = answerEnvelope(PayoutSummary);

export const PayoutBatch = z.object({
  id: z.number(),
  reference: z.string(),
  layout: z.string(),
  state: z.enum(['open', 'closed']),
  lines: z.number(),
  amount: z.number(),
  paid: z.number(),
  failed: z.number(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof PayoutBatch>;
export const PayoutBatchAnswer = answerEnvelope(PayoutBatch);
export const PayoutBatchesAnswer = answerEnvelope(z.array(PayoutBatch));
export const PayoutBatchBody = z.object({ layout: z.string({ error: 'required' }).min(1, 'required').max(40, 'invalid_choice') });

export const PayoutFileQuery = z.object({ format: z.enum(['xlsx', 'csv'], { error: 'invalid_choice' }).optional() });

/** Where `today` (a Bangladesh date) falls in the details window; an unset day sets no limit (docs/integrators/settings.md). */
export function payoutWindowOf(opens: string | null, closes: string | null, today: string): PayoutWindow & { refusal: MessageKey | null } {
  const refusal = opens && today < opens ? 'payout_window_not_open' : closes && today > closes ? 'payout_window_closed' : null;
  return { opens, closes, open: refusal === null, refusal };
}
