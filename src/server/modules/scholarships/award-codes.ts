/**
 * The code an award letter's QR carries to the public verification page (docs/integrators/documents.md): 80 random
 * bits in Crockford's base-32 (no I, L, O or U), sixteen characters, printed in groups of four under the QR for a
 * person who types it. Random rather than derived, so a letter's code tells nothing of the student.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const AWARD_CODE_LENGTH = 16;

export function newAwardCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code;
}

/** As printed: four groups of four. */
export const printedAwardCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** A code as typed or scanned, made canonical (case, dashes, spaces, O as 0, I or L as 1); undefined when it cannot be one. */
export function typedAwardCode(value: string): string | undefined {
  const code = value.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === AWARD_CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}
