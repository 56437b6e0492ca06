/**
 * The code printed under an admit card's QR for a person without a scanner (docs/integrators/exam-day.md): six
 * characters derived from the seat's token, typed with the roll at /verify. Crockford's base-32 letters
 * (no I, L, O or U), read in any case with O as 0 and I or L as 1, as people misread them. Derived, not
 * stored: a seat's code changes only with its token, and it says nothing of the token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 6;

export function verifyCode(token: string): string {
  const digest = createHash('sha256').update(`verify-code:${token}`).digest();
  return Array.from(digest.subarray(0, CODE_LENGTH), (byte) => ALPHABET[byte & 31]).join('');
}

/** As a person reads it off a card: two groups of three. */
export const printedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** A code as typed, made canonical; undefined when it cannot be one. */
export function typedCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}

/** Compared in constant time: a near miss answers as fast as a far one. */
export const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
