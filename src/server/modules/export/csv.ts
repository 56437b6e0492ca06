/** CSV for Excel: UTF-8 with a byte-order mark (so Bengali shows), and no cell Excel would run as a formula. */
import { stringify, type Stringifier } from 'csv-stringify';

/** A cell starting with = + - @ (or a tab or carriage return) is prefixed with ' so Excel shows it as text. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvStream(columns: readonly string[]): Stringifier {
  return stringify({
    bom: true,
    header: true,
    columns: [...columns],
    cast: { string: neutralise, number: (n) => String(n), boolean: (b) => (b ? '1' : '0') },
  });
}
