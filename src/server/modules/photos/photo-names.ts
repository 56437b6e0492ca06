/**
 * Which student a file of the zip names (docs/integrators/photos.md): `<class>/<roll>.jpg` (a folder per
 * class, e.g. `04/12.jpg` or `Class 4/12.jpg`), `<class>-<roll>.jpg` (`04-12.jpg`, `4_12.jpg`,
 * `4 12.JPG`), or `<registration number>.jpg` (13 digits). Bengali digits, spaces and upper-case
 * extensions are read as people type them; the extension itself is not trusted (the bytes are).
 */
import { CLASS_CODES } from '../../../common/constants.js';

export type PhotoName = { kind: 'roll'; class: string; roll: string } | { kind: 'reg_no'; reg_no: string };

const BENGALI_ZERO = 0x09e6;
const asciiDigits = (text: string) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));

/** A roll as compared: its digits without leading zeros ("012" is roll 12). */
export const rollKey = (roll: string) =>
  asciiDigits(roll)
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '');

/** A class code ("04") from what a folder or prefix says ("4", "০৪", "Class 4"), if it is a class of the exam. */
function classOf(text: string): string | undefined {
  const digits = asciiDigits(text).replace(/\D/g, '');
  if (digits === '' || digits.length > 2) return undefined;
  const code = digits.padStart(2, '0');
  return (CLASS_CODES as readonly string[]).includes(code) ? code : undefined;
}

/** Files the zip carries that are nobody's photo: folders, macOS's resource forks, Windows' thumbnails. */
export function isClutter(path: string): boolean {
  const base = path.split('/').at(-1) ?? '';
  return path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(base);
}

/** Paths that try to leave the zip (`..`, absolute, a drive letter) name nobody. */
export const isUnsafePath = (path: string) => path.startsWith('/') || path.startsWith('\\') || /^[a-z]:/i.test(path) || path.split(/[/\\]/).includes('..');

export function photoNameOf(path: string): PhotoName | undefined {
  if (isUnsafePath(path)) return undefined;
  const segments = path.normalize('NFC').split(/[/\\]/);
  const base = asciiDigits(segments.at(-1)!)
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .trim();
  const compact = base.replace(/\s+/g, '');
  if (/^\d{13}$/.test(compact)) return { kind: 'reg_no', reg_no: compact };
  const pair = /^(\d{1,2})\s*[-_ .]\s*(\d{1,6})$/.exec(base);
  if (pair) {
    const code = classOf(pair[1]!);
    return code ? { kind: 'roll', class: code, roll: rollKey(pair[2]!) } : undefined;
  }
  if (/^\d{1,6}$/.test(compact) && segments.length > 1) {
    const code = classOf(segments.at(-2)!);
    return code ? { kind: 'roll', class: code, roll: rollKey(compact) } : undefined;
  }
  return undefined;
}
