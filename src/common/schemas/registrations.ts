/** The student registration form (spec §3, §5): its fields, the codes they take and the address rules. */
import { z } from 'zod';
import type { RegistrationWindow } from '../season.js';
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
export type ClassAnalytics = { class: string; male: number; female: number; total: number };
export type InstituteAnalyticsRow = {
  institute_id: number;
  institute_name: string;
  class: string;
  total: number;
  male: number;
  female: number;
  upozilla: string | null;
};
/** The season's calendar on the dashboards (dates YYYY-MM-DD in Bangladesh; days left are negative once past). */
export type SeasonView = {
  today: string;
  window: RegistrationWindow;
  registration_opens: string | null;
  registration_closes: string | null;
  late_fee_from: string | null;
  late_fee: number;
  payment_deadline: string | null;
  days_to_close: number | null;
  days_to_late_fee: number | null;
  days_to_payment_deadline: number | null;
};

export type Analytics = {
  /** The fee of a student registered today (the late fee included once it applies). */
  fee: number;
  total_registration: number;
  total_male: number;
  total_female: number;
  total_fee: number;
  total_paid: number;
  total_due: number;
  pending_amount: number;
  pending_payments: number;
  /** Active students by fee status: covered by an approved payment, in a pending one, in none. */
  paid_registrations: number;
  pending_registrations: number;
  unpaid_registrations: number;
  /** Fees of the unpaid students: what a new payment would cover. */
  unpaid_fee: number;
  season: SeasonView;
  analytics: ClassAnalytics[];
};

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
