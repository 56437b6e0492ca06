/**
 * CSV for Excel and LibreOffice: UTF-8 with a byte-order mark (so Bengali shows), no cell a spreadsheet
 * would run as a formula, digits meant as text kept as text, times in Bangladesh time.
 * Written by hand for a fixed column list: a million rows cost ~4.5 µs each through csv-stringify's
 * general options. A column of plain values is written as csv-stringify wrote it with our casts
 * (csv.test.ts holds it to that).
 */
import { type ColumnKind, columnKind, DHAKA_OFFSET_MS } from './column-kinds.js';

export const BOM = '\uFEFF';

/** A cell starting with = + - @ (or a tab or carriage return) is prefixed with ' so Excel shows it as text. */
export function neutralise(value: string): string {
  switch (value.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // carriage return
      return `'${value}`;
    default:
      return value;
  }
}

/** A cell holding a delimiter, a quote or a line break is quoted, its quotes doubled (RFC 4180). */
const NEEDS_QUOTES = /[",\n\r]/;

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Text only through neutralise; numbers as they are, booleans as 1/0, dates as epoch ms, objects as JSON. */
export function csvCell(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoted(neutralise(value));
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? '1' : '0';
    case 'undefined':
      return '';
    default:
      if (value === null) return '';
      return quoted(value instanceof Date ? String(value.getTime()) : (JSON.stringify(value) ?? ''));
  }
}

const DIGITS = /^\d+$/;

/**
 * An identifier of digits (a mobile, a reg no, a birth registration number) with a tab before it:
 * Excel and LibreOffice both keep such a cell as text, so a mobile keeps its leading 0 and a long
 * number is not shown as 2.01E+16. The tab is invisible. (`="017…"` shows as typed in LibreOffice,
 * whose CSV import does not evaluate formulas by default; a leading apostrophe shows in both.)
 */
function textCell(value: unknown): string {
  if ((typeof value === 'string' && DIGITS.test(value)) || typeof value === 'number' || typeof value === 'bigint') return `"\t${value}"`;
  return csvCell(value);
}

/** A stored UTC timestamp as Bangladesh time, `2026-11-24 16:37:00`, which spreadsheets read as a date and time. */
function dateTimeCell(value: unknown): string {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) return csvCell(value);
  return new Date(time + DHAKA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const CELLS: Record<ColumnKind, (value: unknown) => string> = {
  text: textCell,
  datetime: dateTimeCell,
  date: csvCell,
  number: csvCell,
  value: csvCell,
};

/** One record, its cells in the columns' order, each written as its column's kind, ended by \n. */
export function csvLine(values: readonly unknown[], kinds: readonly ColumnKind[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const cell = CELLS[kinds[i]!](values[i]);
    line += i === 0 ? cell : `,${cell}`;
  }
  return `${line}\n`;
}

/** The header line: the columns' names in the reader's language, quoted by the same rule. */
export function csvHeader(header: readonly string[]): string {
  return `${BOM}${header.map(quoted).join(',')}\n`;
}

/**
 * Text is handed on in pieces of about this many characters: few stream writes, little held at once.
 * Pieces stay strings: the socket encodes them natively, where a Buffer per piece would be memory
 * outside the heap that only a full collection gives back.
 */
const CHUNK_CHARS = 16 * 1024;

/**
 * The CSV text of rows arriving in batches (each row its values in the columns' order) under the header
 * line `header`, as pieces of about CHUNK_CHARS. Pulled by the response stream, so a slow client holds
 * back the reading.
 */
export async function* csvChunks(
  columns: readonly string[],
  header: readonly string[],
  batches: AsyncIterable<readonly unknown[][]> | Iterable<readonly unknown[][]>,
): AsyncGenerator<string> {
  const kinds = columns.map(columnKind);
  let chunk = csvHeader(header);
  for await (const batch of batches) {
    for (const values of batch) {
      chunk += csvLine(values, kinds);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}
