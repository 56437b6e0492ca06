/** The student registration form (spec §3, §5): its fields, the codes they take and the address rules. */
import { z } from 'zod';
import type { RegistrationWindow } from '../season.js';
import { CLASS_CODES, DEPARTMENTS, GENDERS } from '../constants.js';
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
  class: requiredChoice(CLASS_CODES),
  class_roll: requiredDigits(1, 6),
  gender: requiredChoice(GENDERS),
  department: optionalChoice(DEPARTMENTS),
  name_bangla: optionalText(),
  name_english: upperText(),
  father_name_bangla: optionalText(),
  father_name_english: upperText(),
  mother_name: optionalText(),
  mother_name_english: upperText(),
  email: optionalEmail(),
  /** The birth registration number: 17 digits (older ones 10 to 16). */
  birth_certificate_no: optionalDigits(10, 17),
  division_id: optionalId(),
  zilla_id: optionalId(),
  upozilla_id: optionalId(),
  thana: optionalText(),
  sector: optionalText(),
  ward: optionalText(),
  village: optionalText(),
  holding_no: optionalText(),
  post_office: requiredText(),
  contact_number: requiredMobile(),
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
