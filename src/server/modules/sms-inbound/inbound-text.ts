/**
 * What an inbound SMS asks (docs/integrators/sms.md): `RESULT <roll>` or `ফলাফল <roll>`, in any case, with
 * any spacing, a dash, colon or full stop between, Bengali or ASCII digits, and a roll written in groups
 * (`RESULT 2604 000123`); anything else is malformed and is answered with how to write it.
 */
import { toAsciiDigits } from '../../../common/validation.js';

/** The words that ask for a result: the English one the boards' SMS services use, and the Bengali word. */
export const RESULT_KEYWORDS = ['result', 'ফলাফল'] as const;

/** Longer than any roll (the year, the class and six digits: ten); a longer number is no roll. */
const MAX_ROLL_DIGITS = 20;

/** Joiners and marks a phone's keyboard may leave in a word without showing them. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

const REQUEST = new RegExp(`^(?:${RESULT_KEYWORDS.join('|')})[\\s\\-:.,#]*(\\d[\\d\\s-]*?)[\\s.।]*$`, 'u');

/** The roll asked for, or undefined when the text is not a request for a result. */
export function requestedRoll(text: string): string | undefined {
  const plain = toAsciiDigits(text.normalize('NFC').replace(INVISIBLE, '')).trim().toLowerCase();
  const match = REQUEST.exec(plain);
  if (!match) return undefined;
  const roll = match[1]!.replace(/[\s-]/g, '');
  return roll.length <= MAX_ROLL_DIGITS ? roll : undefined;
}
