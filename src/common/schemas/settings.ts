/** Settings (spec §3 setting group/value, §7 Settings): the shapes the API answers and the rule per key. */
import { z } from 'zod';
import { type MessageKey } from '../messages.js';
import { BD_MOBILE, hasNul, normalizeMobile, requiredId, toAsciiDigits } from '../validation.js';
import { MEDIA_PATH, normalizeMediaPath } from './media.js';
import { AWARD_AMOUNT_KEYS } from './scholarships.js';

export const SettingSubGroup = z.object({ id: z.number(), title: z.string() });
export const SettingGroup = z.object({ id: z.number(), title: z.string(), sub_group: z.array(SettingSubGroup) });
export type SettingGroup = z.infer<typeof SettingGroup>;

/** A value's input: text, or an uploaded file's path. */
export const SETTING_TYPES = ['text', 'file'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** Text settings that hold a day (YYYY-MM-DD): the season's calendar. The form shows a date input for them. */
export const DATE_SETTING_KEYS: readonly string[] = [
  'registration_opens',
  'registration_closes',
  'late_fee_from',
  'payment_deadline',
  // The window in which institutes enter their winners' payout details (docs/integrators/payouts.md).
  'payout_details_opens',
  'payout_details_closes',
];

/** Text settings that are on ('1') or off ('0'): the form shows a switch for them. */
export const SWITCH_SETTING_KEYS: readonly string[] = ['guardian_result_sms'];

export const SettingValue = z.object({
  id: z.number(),
  key: z.string(),
  type: z.enum(SETTING_TYPES),
  title: z.string(),
  value: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  setting_sub_group_title: z.string(),
});
export type SettingValue = z.infer<typeof SettingValue>;

export const SettingGroupsEnvelope = z.object({ message: z.string(), data: z.array(SettingGroup) });
export const SettingValuesEnvelope = z.object({ message: z.string(), data: z.array(SettingValue) });

/**
 * POST /api/v1/settings/update's body: the sub group's `id` and its values, as a JSON `fields` object keyed by the
 * values' ids or, from a urlencoded or multipart form, as `fields[{id}][value]` keys beside `id` (kept by the loose
 * object). Each value is checked by its key's rule (`checkSettingValue`) once the sub group is known.
 */
export const SettingsUpdateBody = z.looseObject({
  id: requiredId(),
  fields: z.record(z.string().regex(/^\d+$/), z.object({ value: z.unknown() }), { error: 'invalid_text' }).optional(),
});
export type SettingsUpdateBody = z.output<typeof SettingsUpdateBody>;

/** Every text setting is at most this long (an address or a bank account fits easily). */
export const SETTING_TEXT_MAX = 1000;

/** More than any scholarship a board gives: a typo's extra digits are refused. */
const MAX_AWARD_TAKA = 10_000_000;

/** A submitted value made ready to store, or the message key that refuses it. */
export type SettingCheck = { value: string | null } | { error: MessageKey };

const blank = (v: string) => v.trim() === '';

/** Rules by key; keys not listed are free text. Blank means "not set" (null) except where a value is required. */
const RULES: Record<string, (v: string) => SettingCheck> = {
  site_name: (v) => (blank(v) ? { error: 'required' } : { value: v.trim() }),
  registration_fee: (v) => {
    const ascii = toAsciiDigits(v.trim());
    if (ascii === '') return { error: 'required' };
    const fee = /^\d+$/.test(ascii) ? Number(ascii) : NaN;
    return Number.isSafeInteger(fee) && fee > 0 ? { value: String(fee) } : { error: 'invalid_fee' };
  },
  contact_email: (v) =>
    blank(v) ? { value: null } : z.email().safeParse(v.trim().toLowerCase()).success ? { value: v.trim().toLowerCase() } : { error: 'invalid_email' },
  contact_phone: mobile,
  bkash_number: mobile,
  late_fee: (v) => {
    const ascii = toAsciiDigits(v.trim());
    if (ascii === '') return { value: '0' };
    const fee = /^\d+$/.test(ascii) ? Number(ascii) : NaN;
    return Number.isSafeInteger(fee) ? { value: String(fee) } : { error: 'invalid_number' };
  },
  [AWARD_AMOUNT_KEYS.talent_pool]: wholeTaka,
  [AWARD_AMOUNT_KEYS.general]: wholeTaka,
};

/** A scholarship's amount: whole taka, zero or more (zero until the board decides it); required, so a cleared field is not read as zero. */
function wholeTaka(v: string): SettingCheck {
  const ascii = toAsciiDigits(v.trim()).replace(/,/g, '');
  if (ascii === '') return { error: 'required' };
  const taka = /^\d+$/.test(ascii) ? Number(ascii) : NaN;
  return Number.isSafeInteger(taka) && taka <= MAX_AWARD_TAKA ? { value: String(taka) } : { error: 'invalid_award_amount' };
}

/** A real calendar day written YYYY-MM-DD (Bengali digits read as ASCII); blank means "no limit". */
function day(v: string): SettingCheck {
  const ascii = toAsciiDigits(v.trim());
  if (ascii === '') return { value: null };
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(ascii) && new Date(`${ascii}T00:00:00Z`).toISOString().startsWith(ascii);
  return valid ? { value: ascii } : { error: 'invalid_date' };
}

function mobile(v: string): SettingCheck {
  if (blank(v)) return { value: null };
  const number = normalizeMobile(v.trim());
  return BD_MOBILE.test(number) ? { value: number } : { error: 'invalid_mobile' };
}

/**
 * Checks one submitted value by its setting's key and type. A file value must look like a stored
 * path; whether it exists in the media table is the server's check.
 */
export function checkSettingValue(setting: { key: string; type: SettingType }, input: unknown): SettingCheck {
  if (input === undefined || input === null) input = '';
  if (typeof input !== 'string' || hasNul(input)) return { error: 'invalid_text' };
  if (input.length > SETTING_TEXT_MAX) return { error: 'setting_too_long' };
  if (setting.type === 'file') {
    const path = normalizeMediaPath(input);
    if (path === '' || ['null', 'undefined'].includes(path.replace(/^\/+/, ''))) return { value: null };
    return MEDIA_PATH.test(path) ? { value: path } : { error: 'invalid_path' };
  }
  if (DATE_SETTING_KEYS.includes(setting.key)) return day(input);
  if (SWITCH_SETTING_KEYS.includes(setting.key))
    return ['', '0', '1'].includes(input.trim()) ? { value: input.trim() === '1' ? '1' : '0' } : { error: 'invalid_text' };
  const rule = RULES[setting.key];
  if (rule) return rule(input);
  return blank(input) ? { value: null } : { value: input.trim() };
}
