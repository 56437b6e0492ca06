/** Opaque bearer tokens: random, handed out once, stored only as a SHA-256 digest. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Easy to read aloud and type on a phone: no 0/O, 1/l/I. */
const TEMP_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function temporaryPassword(length = 10): string {
  return Array.from({ length }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');
}
