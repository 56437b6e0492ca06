/**
 * How many SMS a text costs (3GPP TS 23.038): a text of GSM-7 characters only is 160 characters in one
 * SMS, 153 a part when concatenated, the extension characters (`{`, `€`…) counting twice; any other
 * character (every Bengali letter) makes the whole text UCS-2: 70 UTF-16 code units in one SMS, 67 a part.
 */

const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'gsm7' | 'ucs2';

export const SEGMENT_SIZE = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

/** The longest a notice may be: two concatenated parts. */
export const MAX_SEGMENTS = 2;

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!GSM_BASIC.has(char) && !GSM_EXTENSION.has(char)) return 'ucs2';
  return 'gsm7';
}

/** Septets for GSM-7, UTF-16 code units for UCS-2 (a character outside the BMP takes two). */
export function smsUnits(text: string, encoding: SmsEncoding = smsEncoding(text)): number {
  if (encoding === 'ucs2') return text.length;
  let units = 0;
  for (const char of text) units += GSM_EXTENSION.has(char) ? 2 : 1;
  return units;
}

export function smsSegments(text: string): number {
  const encoding = smsEncoding(text);
  const units = smsUnits(text, encoding);
  const size = SEGMENT_SIZE[encoding];
  if (units === 0) return 0;
  return units <= size.single ? 1 : Math.ceil(units / size.part);
}

/** How many units fit in `segments` parts of an encoding. */
export function capacity(encoding: SmsEncoding, segments: number): number {
  const size = SEGMENT_SIZE[encoding];
  return segments <= 1 ? size.single : size.part * segments;
}

const ELLIPSIS = '…';

/**
 * `compose(variable)` with the variable part shortened (whole characters, an ellipsis at the cut)
 * until the text fits in MAX_SEGMENTS; the variable part comes whole when it fits.
 */
export function fitSms(compose: (variable: string) => string, variable: string): string {
  const whole = compose(variable);
  if (smsSegments(whole) <= MAX_SEGMENTS) return whole;
  const chars = Array.from(variable.trim());
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits: the count only grows with the prefix, so a binary search finds it.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (smsSegments(compose(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS)) <= MAX_SEGMENTS) low = mid;
    else high = mid - 1;
  }
  return compose(low > 0 ? chars.slice(0, low).join('').trimEnd() + ELLIPSIS : ELLIPSIS);
}
