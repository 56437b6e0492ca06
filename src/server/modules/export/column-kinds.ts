/**
 * How an export treats a column, by its name, the same for every resource and both file types: numbers
 * stay numbers, identifiers made of digits stay text (a spreadsheet would show a reg no as 2.6E+09 and
 * drop a mobile's leading 0), timestamps are shown in Bangladesh time. A new export column needs no code
 * here unless it is one of these kinds.
 */

/** Digit strings that are identifiers, not quantities: kept as text. */
const TEXT_COLUMNS = new Set([
  'reg_no',
  'roll_no',
  'uid',
  'class',
  'contact_number',
  'phone_number',
  'contact_mobile',
  'institute_phone',
  'birth_certificate_no',
  'transaction_id',
]);
/** Digit strings that are quantities (stored as text by the form). */
const NUMBER_COLUMNS = new Set(['class_roll']);

export type ColumnKind = 'datetime' | 'date' | 'text' | 'number' | 'value';

export function columnKind(column: string): ColumnKind {
  if (column.endsWith('_at')) return 'datetime';
  if (column === 'date') return 'date';
  if (TEXT_COLUMNS.has(column)) return 'text';
  if (NUMBER_COLUMNS.has(column)) return 'number';
  return 'value';
}

/**
 * Timestamps are stored in UTC; a sheet's time has no zone, so it shows Bangladesh time (UTC+6 all
 * year, no daylight saving), the time the people who read the sheet live in.
 */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
