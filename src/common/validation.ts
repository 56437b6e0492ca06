/**
 * Field builders shared by every schema. Forms send strings (urlencoded or multipart), so each
 * builder accepts a string, treats '' as "not given", trims, and reads Bengali digits as ASCII.
 * Messages are keys of `messages.ts`.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { isWebAddress } from './links.js';

const BENGALI_DIGITS = /[০-৯]/g;

export function toAsciiDigits(value: string): string {
  return value.replace(BENGALI_DIGITS, (d) => String(d.charCodeAt(0) - 0x09e6));
}

/** '' and whitespace-only values count as missing; strings are trimmed. */
function blankToUndefined(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** NUL is no character of any text a person types; PostgreSQL's text cannot even store it. */
export const hasNul = (value: string) => value.includes('\u0000');

/** Control characters (line breaks and tabs included) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/**
 * A field is one line (a name, a number, a title) unless it says otherwise: a line break there would split a
 * name across an admit card's or an export's lines, or a header of a mail or a CSV row.
 */
export type TextLines = 'one' | 'many';
const allowed = (lines: TextLines) => (v: string) => (lines === 'one' ? !CONTROL.test(v) : !hasNul(v));

/**
 * Digits with their grouping commas taken out, when the grouping is a right one in either script (convert
 * Bengali digits first): 1,000 and 10,000,000, or the Indian 1,00,000 and 1,00,00,000. A misplaced comma
 * ("2,00") is no number: undefined.
 */
export function ungroupedDigits(value: string): string | undefined {
  if (/^\d+$/.test(value)) return value;
  return /^\d{1,3}(,\d{3})+$/.test(value) || /^\d{1,2}(,\d{2})*,\d{3}$/.test(value) ? value.replaceAll(',', '') : undefined;
}

const requiredError = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? 'required' : 'invalid_text');

export function requiredText(max: number = LIMITS.shortText, lines: TextLines = 'one') {
  return z.preprocess(blankToUndefined, z.string({ error: requiredError }).max(max, 'too_long').refine(allowed(lines), 'invalid_text'));
}

export function optionalText(max: number = LIMITS.shortText, lines: TextLines = 'one') {
  return z.preprocess(blankToUndefined, z.string({ error: 'invalid_text' }).max(max, 'too_long').refine(allowed(lines), 'invalid_text').optional());
}

/** English names are stored upper-cased, as the form shows them while typing. */
export function upperText(max: number = LIMITS.shortText) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.toLocaleUpperCase('en-US')) : v),
    z.string({ error: requiredError }).max(max, 'too_long').refine(allowed('one'), 'invalid_text'),
  );
}

export function requiredChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(blankToUndefined, z.enum(values, { error: (iss) => (iss.input === undefined ? 'required' : 'invalid_choice') }));
}

export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(blankToUndefined, z.enum(values, { error: 'invalid_choice' }).optional());
}

function numberInput(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== 'string') return v;
  const ascii = toAsciiDigits(v);
  return /^-?\d+$/.test(ascii) ? Number(ascii) : v;
}

/** Ids are 32-bit on PostgreSQL (serial): a larger one names no row, and the database would refuse to compare it. */
export const MAX_ID = 2_147_483_647;

const intError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid_number');

export function requiredId() {
  return z.preprocess(numberInput, z.number({ error: intError }).int('invalid_number').positive('invalid_number').max(MAX_ID, 'invalid_number'));
}

/** An id a form may leave unselected ('' counts as not given). */
export function optionalId() {
  return z.preprocess(
    numberInput,
    z.number({ error: 'invalid_number' }).int('invalid_number').positive('invalid_number').max(MAX_ID, 'invalid_number').optional(),
  );
}

export function optionalInt(min: number, max: number) {
  return z.preprocess(numberInput, z.number({ error: 'invalid_number' }).int('invalid_number').min(min, 'too_small').max(max, 'too_big').optional());
}

/** A Bangladeshi mobile number, stored as 11 digits (01XXXXXXXXX); +880 / 880 prefixes are accepted. */
export const BD_MOBILE = /^01[3-9]\d{8}$/;

export function normalizeMobile(value: string): string {
  const digits = toAsciiDigits(value).replace(/[\s-]/g, '');
  return digits.replace(/^\+?880?(?=1)/, '0');
}

function mobileInput(value: unknown): unknown {
  const v = blankToUndefined(value);
  return typeof v === 'string' ? normalizeMobile(v) : v;
}

export function requiredMobile() {
  return z.preprocess(mobileInput, z.string({ error: requiredError }).regex(BD_MOBILE, 'invalid_mobile'));
}

export function optionalMobile() {
  return z.preprocess(mobileInput, z.string({ error: 'invalid_mobile' }).regex(BD_MOBILE, 'invalid_mobile').optional());
}

/** Any phone, landlines included: digits with an optional leading +, 6 to 15 of them. */
export function optionalPhone() {
  return z.preprocess(
    (v) => {
      const t = blankToUndefined(v);
      return typeof t === 'string' ? toAsciiDigits(t).replace(/[\s-]/g, '') : t;
    },
    z
      .string({ error: 'invalid_phone' })
      .regex(/^\+?\d{6,15}$/, 'invalid_phone')
      .optional(),
  );
}

export function optionalEmail() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.toLowerCase()) : v),
    z.email({ error: 'invalid_email' }).max(LIMITS.shortText, 'too_long').optional(),
  );
}

export function requiredEmail() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.toLowerCase()) : v),
    z.email({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_email') }).max(LIMITS.shortText, 'too_long'),
  );
}

/** An http(s) address (an institute's website): the rule of every stored link (links.ts). */
export function optionalUrl() {
  return z.preprocess(blankToUndefined, z.string({ error: 'invalid_url' }).max(LIMITS.shortText, 'too_long').refine(isWebAddress, 'invalid_url').optional());
}

/** A stored file path as the upload endpoint returns it: relative, no '..', no leading slash. */
export function optionalFilePath() {
  return z.preprocess(
    (v) => {
      const t = blankToUndefined(v);
      if (typeof t !== 'string') return t;
      const path = t.replace(/^\/+/, '');
      return ['null', 'undefined'].includes(path.replace(/^\/+/, '')) ? undefined : path;
    },
    z
      .string({ error: 'invalid_path' })
      .max(255, 'too_long')
      .regex(/^(?!.*(^|\/)\.\.(\/|$))[\w\-./]+$/, 'invalid_path')
      .optional(),
  );
}

export function password() {
  return z.string({ error: requiredError }).min(1, 'required').min(LIMITS.password.min, 'too_short').max(LIMITS.password.max, 'too_long');
}
