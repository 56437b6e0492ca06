/**
 * How an export's columns become Excel cells (their kinds: column-kinds.ts): numbers stay numbers,
 * identifiers made of digits are text cells under the text format '@', timestamps become date cells.
 */
import { type ColumnKind, DHAKA_OFFSET_MS } from './column-kinds.js';

export const NUM_FMT: Record<ColumnKind, string | undefined> = {
  datetime: 'yyyy-mm-dd hh:mm:ss',
  date: 'yyyy-mm-dd',
  text: '@',
  number: undefined,
  value: undefined,
};

/** Excel refuses (offers to "repair") a file with a longer cell. */
export const MAX_CELL_CHARS = 32_767;
const PLAIN_NUMBER = /^(0|[1-9]\d{0,14})$/;

function asDate(value: unknown, shift: number): Date | undefined {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time + shift);
}

function asText(value: string): string {
  return value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
}

/** One cell's value for exceljs: only strings, numbers, Dates or null, never an object exceljs would read as a formula or link. */
export function xlsxCell(kind: ColumnKind, value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (kind === 'datetime' || kind === 'date') {
    const date = asDate(value, kind === 'datetime' ? DHAKA_OFFSET_MS : 0);
    if (date) return date;
  }
  if (kind === 'number' && typeof value === 'string' && PLAIN_NUMBER.test(value)) return Number(value);
  switch (typeof value) {
    case 'string':
      return asText(value);
    case 'number':
      return kind === 'text' ? String(value) : value;
    case 'bigint':
      return Number.isSafeInteger(Number(value)) && kind !== 'text' ? Number(value) : String(value);
    case 'boolean':
      // 1/0, as the CSV and SQLite give them.
      return value ? 1 : 0;
    default:
      return asText(value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? ''));
  }
}

/** Characters a cell shows, for its column's width; dates by their format. */
function shownLength(kind: ColumnKind, value: string | number | Date | null): number {
  if (value === null) return 0;
  if (value instanceof Date) return NUM_FMT[kind]!.length;
  return String(value).length;
}

const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

/** Widths that fit the header and the sample rows (the first rows of the export), within bounds. */
export function columnWidths(header: readonly string[], kinds: readonly ColumnKind[], sample: readonly (string | number | Date | null)[][]): number[] {
  return header.map((name, i) => {
    let widest = name.length;
    for (const row of sample) widest = Math.max(widest, shownLength(kinds[i]!, row[i]!));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
  });
}
