/** The institute account's fields (spec §3) and the rules of spec §5, shared by every form that edits them. */
import { z } from 'zod';
import { INSTITUTE_LEVELS, INSTITUTE_TYPES, LIMITS, MANAGEMENT_TYPES, ROLES } from '../constants.js';
import { example } from '../examples.js';
import { divisionById, isDistrictInDivision, isUpazilaInDistrict } from '../geo/index.js';
import {
  optionalChoice,
  optionalEmail,
  optionalFilePath,
  optionalId,
  optionalInt,
  optionalMobile,
  optionalPhone,
  optionalText,
  optionalUrl,
  password,
  requiredChoice,
  requiredId,
  requiredMobile,
  requiredText,
} from '../validation.js';

/** Every institute field with its format; which ones are required depends on the form. */
export const instituteFields = {
  name: optionalText(),
  institute_name_english: optionalText(),
  email: example(optionalEmail(), ['head1@school.example.org'], { unique: true }),
  phone_number: optionalMobile(),
  photo: optionalFilePath(),
  website: optionalUrl(),
  facebook: optionalUrl(),
  institute_type: optionalChoice(INSTITUTE_TYPES),
  institute_level: optionalChoice(INSTITUTE_LEVELS),
  institute_management_type: optionalChoice(MANAGEMENT_TYPES),
  institute_total_student: optionalInt(0, LIMITS.totalStudents),
  contact_person: optionalText(),
  contact_person_name_english: optionalText(),
  whatsapp_number: optionalMobile(),
  permanent_phone_number: optionalPhone(),
  file: optionalFilePath(),
  // Chattogram, Cumilla, Debidwar: a division, one of its districts and one of that district's upazilas.
  division_id: example(optionalId(), [1]),
  zilla_id: example(optionalId(), [1]),
  upozilla_id: example(optionalId(), [1]),
  thana: optionalText(),
  sector: optionalText(),
  union: optionalText(),
  holding_no: optionalText(),
  post_office: optionalText(),
};

type AddressInput = { division_id?: unknown; zilla_id?: unknown; upozilla_id?: unknown };
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * Reports a division that does not exist, a district outside its division or an upazila outside its
 * district, on the offending field. Runs even when other fields failed, so every error shows at once.
 */
export function checkAddress(value: AddressInput, ctx: z.RefinementCtx): void {
  const { division_id, zilla_id, upozilla_id } = value;
  if (!isId(division_id)) return;
  if (!divisionById.has(division_id)) {
    ctx.addIssue({ code: 'custom', path: ['division_id'], message: 'unknown_division' });
    return;
  }
  if (!isId(zilla_id)) return;
  if (!isDistrictInDivision(zilla_id, division_id)) {
    ctx.addIssue({ code: 'custom', path: ['zilla_id'], message: 'district_not_in_division' });
    return;
  }
  if (isId(upozilla_id) && !isUpazilaInDistrict(upozilla_id, zilla_id)) {
    ctx.addIssue({ code: 'custom', path: ['upozilla_id'], message: 'upazila_not_in_district' });
  }
}

export function checkPasswordConfirmation(value: { password?: unknown; password_confirmation?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof value.password === 'string' && typeof value.password_confirmation === 'string' && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'password_mismatch' });
  }
}

/**
 * Cross-field rules run even when a field failed, so a form shows every error in one answer; but
 * only on an object, so a body of `null` or `[]` is a plain 422 instead of a crash in the rule.
 */
export const ALWAYS = { when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null && !Array.isArray(value) } as const;

/** Public self-registration (spec §5): the institute's names, head, mobile, full address and a password. */
export const RegisterBody = z
  .object({
    ...instituteFields,
    name: requiredText(),
    institute_name_english: requiredText(),
    contact_person: requiredText(),
    phone_number: requiredMobile(),
    division_id: requiredId(),
    zilla_id: requiredId(),
    upozilla_id: requiredId(),
    holding_no: requiredText(),
    post_office: requiredText(),
    password: password(),
    password_confirmation: z.string({ error: 'required' }).min(1, 'required'),
  })
  .superRefine((value, ctx) => {
    checkAddress(value, ctx);
    checkPasswordConfirmation(value, ctx);
  }, ALWAYS);
export type RegisterBody = z.infer<typeof RegisterBody>;

const withInstituteRules = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).superRefine((value, ctx) => {
    checkAddress(value, ctx);
    checkPasswordConfirmation(value, ctx);
  }, ALWAYS);

/** What an account of a person (an examiner or an admin) keeps: the personal name, contacts and photo, nothing of an institute. */
export const PERSON_FIELDS = ['name', 'email', 'phone_number', 'photo'] as const;

export const isPersonRole = (role: unknown): boolean => role === 'admin' || role === 'examiner';

/** What an institute's account requires besides the name and mobile every account has. */
const INSTITUTE_REQUIRED = [
  'institute_name_english',
  'institute_type',
  'institute_level',
  'institute_management_type',
  'contact_person',
  'holding_no',
  'post_office',
] as const;

/** Each role's form asks what its people have: an institute its names, head and address; a person an email. */
export const requiredForRole = (role: unknown): readonly string[] => (isPersonRole(role) ? ['email'] : INSTITUTE_REQUIRED);

function checkRoleFields(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const field of requiredForRole(value.role)) if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
}

/** The admin's user form (spec §5): the fields its role requires, password only when creating. */
const adminUserFields = {
  ...instituteFields,
  role: optionalChoice(ROLES),
  institute_type: example(optionalChoice(INSTITUTE_TYPES), ['school']),
  institute_level: example(optionalChoice(INSTITUTE_LEVELS), ['play-10th']),
  name: example(requiredText(), ['দেবিদ্বার আদর্শ উচ্চ বিদ্যালয়']),
  institute_name_english: example(optionalText(), ['Debidwar Model High School']),
  institute_management_type: example(optionalChoice(MANAGEMENT_TYPES), ['private']),
  contact_person: example(optionalText(), ['মোঃ রহিম উদ্দিন']),
  phone_number: example(requiredMobile(), ['01711-123456'], { unique: true }),
  holding_no: example(optionalText(), ['Road 5']),
  post_office: example(optionalText(), ['Debidwar']),
};

const withUserRules = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).superRefine((value, ctx) => {
    checkAddress(value, ctx);
    checkPasswordConfirmation(value, ctx);
    checkRoleFields(value, ctx);
  }, ALWAYS);

export const UserStoreBody = withUserRules({
  ...adminUserFields,
  password: example(password(), ['secret-pass-1']),
  password_confirmation: example(z.string({ error: 'required' }).min(1, 'required'), ['secret-pass-1']),
});
export type UserStoreBody = z.infer<typeof UserStoreBody>;

export const UserUpdateBody = withUserRules({
  ...adminUserFields,
  password: z.preprocess((v) => (v === '' ? undefined : v), password().optional()),
  password_confirmation: z.string().optional(),
});
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

/** What a user may change of their own account (spec §5 Profile update). */
export const ProfileUpdateBody = withInstituteRules({
  ...instituteFields,
  institute_type: requiredChoice(INSTITUTE_TYPES),
  institute_level: requiredChoice(INSTITUTE_LEVELS),
  institute_management_type: requiredChoice(MANAGEMENT_TYPES),
  institute_name_english: requiredText(),
  contact_person_name_english: requiredText(),
  phone_number: requiredMobile(),
  post_office: requiredText(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

export const PasswordChangeBody = withInstituteRules({
  old_password: z.string({ error: 'required' }).min(1, 'required').max(LIMITS.password.max, 'too_long'),
  password: password(),
  password_confirmation: z.string({ error: 'required' }).min(1, 'required'),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
