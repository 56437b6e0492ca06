/** The student registration form (spec §3, §5): its fields, the codes they take and the address rules. */
import { z } from 'zod';
import { REGISTRATION_WINDOWS } from '../season.js';
import { example } from '../examples.js';
import { CLASS_CODES, DEPARTMENTS, FEE_STATUSES, GENDERS } from '../constants.js';
import {
  optionalChoice,
  optionalEmail,
  optionalFilePath,
  optionalId,
  optionalText,
  requiredChoice,
  requiredMobile,
  requiredText,
  toAsciiDigits,
  upperText,
} from '../validation.js';
import { ALWAYS, checkAddress } from './institute.js';
import { answerEnvelope } from './envelope.js';
import { paginatedOf } from './list.js';
import { maybeId, maybeText, stamped, text } from './rows.js';

function digitsOf(min: number, max: number) {
  return z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_number') }).regex(new RegExp(`^\\d{${min},${max}}$`), 'invalid_number');
}

// A JSON client may send a roll as a number (1, not "1"); a number too big to be exact is refused.
const digitsInput = (v: unknown) =>
  typeof v === 'string' ? toAsciiDigits(v.trim()) || undefined : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v;

const requiredDigits = (min: number, max: number) => z.preprocess(digitsInput, digitsOf(min, max));
const optionalDigits = (min: number, max: number) => z.preprocess(digitsInput, digitsOf(min, max).optional());

export const registrationFields = {
  /** Chosen by an admin; an institute's own id is used for an institute. */
  institute_id: optionalId(),
  class: example(requiredChoice(CLASS_CODES), ['04']),
  class_roll: example(requiredDigits(1, 6), ['12'], { unique: true }),
  gender: example(requiredChoice(GENDERS), ['f']),
  department: example(optionalChoice(DEPARTMENTS), ['p']),
  name_bangla: example(optionalText(), ['সুমাইয়া আক্তার']),
  name_english: example(upperText(), ['SUMAIYA AKTER']),
  father_name_bangla: optionalText(),
  father_name_english: example(upperText(), ['ABDUL KARIM']),
  mother_name: optionalText(),
  mother_name_english: example(upperText(), ['ROKEYA BEGUM']),
  email: optionalEmail(),
  /** The birth registration number: 17 digits (older ones 10 to 16). */
  birth_certificate_no: optionalDigits(10, 17),
  // Chattogram, Cumilla, Debidwar: a division, one of its districts and one of that district's upazilas.
  division_id: example(optionalId(), [1]),
  zilla_id: example(optionalId(), [1]),
  upozilla_id: example(optionalId(), [1]),
  thana: optionalText(),
  sector: optionalText(),
  ward: optionalText(),
  village: optionalText(),
  holding_no: optionalText(),
  post_office: example(requiredText(), ['Debidwar']),
  contact_number: example(requiredMobile(), ['01911-000000']),
  photo: optionalFilePath(),
};

export const RegistrationBody = z.object(registrationFields).superRefine(checkAddress, ALWAYS);
export type RegistrationBody = z.infer<typeof RegistrationBody>;

/** Analytics of GET /api/v1/scholarship-registrations/analytics (spec §3 Analytics). */
export const ClassAnalytics = z.object({ class: z.string(), male: z.number(), female: z.number(), total: z.number() });
export type ClassAnalytics = z.infer<typeof ClassAnalytics>;
export const InstituteAnalyticsRow = z.object({
  institute_id: z.number(),
  institute_name: z.string(),
  class: z.string(),
  total: z.number(),
  male: z.number(),
  female: z.number(),
  upozilla: z.string().nullable(),
});
export type InstituteAnalyticsRow = z.infer<typeof InstituteAnalyticsRow>;

/** The season's calendar on the dashboards (dates YYYY-MM-DD in Bangladesh; days left are negative once past). */
export const SeasonView = z.object({
  today: z.string(),
  window: z.enum(REGISTRATION_WINDOWS),
  registration_opens: z.string().nullable(),
  registration_closes: z.string().nullable(),
  late_fee_from: z.string().nullable(),
  late_fee: z.number(),
  payment_deadline: z.string().nullable(),
  days_to_close: z.number().nullable(),
  days_to_late_fee: z.number().nullable(),
  days_to_payment_deadline: z.number().nullable(),
});
export type SeasonView = z.infer<typeof SeasonView>;

export const Analytics = z.object({
  /** The fee of a student registered today (the late fee included once it applies). */
  fee: z.number(),
  total_registration: z.number(),
  total_male: z.number(),
  total_female: z.number(),
  total_fee: z.number(),
  total_paid: z.number(),
  total_due: z.number(),
  pending_amount: z.number(),
  pending_payments: z.number(),
  /** Active students by fee status: covered by an approved payment, in a pending one, in none. */
  paid_registrations: z.number(),
  pending_registrations: z.number(),
  unpaid_registrations: z.number(),
  /** Fees of the unpaid students: what a new payment would cover. */
  unpaid_fee: z.number(),
  season: SeasonView,
  analytics: z.array(ClassAnalytics),
});
export type Analytics = z.infer<typeof Analytics>;

/** An admin's analytics also page through the institutes. */
export const AnalyticsAnswer = answerEnvelope(Analytics.extend({ institutes: paginatedOf(InstituteAnalyticsRow).optional() }));
export type AnalyticsData = z.infer<typeof AnalyticsAnswer>['data'];

/** GET /api/v1/scholarship-payments/deposit-info: where to pay and how much a student costs. */
export const DepositInfo = z.object({ fee: z.number(), bkash_number: z.string().nullable(), bank_account: z.string().nullable() });
export type DepositInfo = z.infer<typeof DepositInfo>;
export const DepositInfoAnswer = answerEnvelope(DepositInfo);

const registrationInfo = {
  name_bangla: maybeText,
  name_english: text,
  father_name_bangla: maybeText,
  father_name_english: text,
  mother_name: maybeText,
  mother_name_english: text,
  gender: text,
  class: text,
  class_roll: text,
  department: maybeText,
  email: maybeText,
  birth_certificate_no: maybeText,
  division_id: maybeId,
  zilla_id: maybeId,
  upozilla_id: maybeId,
  division: maybeText,
  zilla: maybeText,
  upozilla: maybeText,
  thana: maybeText,
  sector: maybeText,
  ward: maybeText,
  village: maybeText,
  holding_no: maybeText,
  post_office: text,
  contact_number: text,
  institute_name: maybeText,
  institute_name_english: maybeText,
};

export const RegistrationRow = z.object({
  id: z.number(),
  institute_id: z.number(),
  reg_no: text,
  roll_no: text,
  full_name: text,
  photo: maybeText,
  /** The fee that applies to this student, its status, and the payment covering it (pending or approved). */
  fee: z.number(),
  fee_status: z.enum(FEE_STATUSES),
  payment_id: maybeId,
  ...registrationInfo,
  ...stamped,
  /** Spec §3: the form's fields again, grouped as the original API nested them; on a row answered alone, not on a list's rows. */
  info: z.object(registrationInfo).partial(),
  institute: z.object({ id: z.number(), name: text, institute_name_english: maybeText, phone_number: maybeText }).nullable(),
});
