/**
 * CSV for Excel: UTF-8 with a byte-order mark (so Bengali shows), and no cell Excel would run as a formula.
 * Written by hand for a fixed column list: a million rows cost ~4.5 µs each through csv-stringify's
 * general options. The output is csv-stringify's with our casts (csv.test.ts holds it to that).
 */

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

/** One record, its cells in the columns' order, ended by \n. */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvCell(values[i]) : `,${csvCell(values[i])}`;
  return `${line}\n`;
}

/** The header line: column names are the definition's own, never a user's text, but quoted by the same rule. */
export function csvHeader(columns: readonly string[]): string {
  return `${BOM}${columns.map(quoted).join(',')}\n`;
}

/**
 * Text is handed on in pieces of about this many characters: few stream writes, little held at once.
 * Pieces stay strings: the socket encodes them natively, where a Buffer per piece would be memory
 * outside the heap that only a full collection gives back.
 */
const CHUNK_CHARS = 16 * 1024;

/**
 * The CSV text of rows arriving in batches (each row its values in the columns' order), as pieces of
 * about CHUNK_CHARS. Pulled by the response stream, so a slow client holds back the reading.
 */
export async function* csvChunks(
  columns: readonly string[],
  batches: AsyncIterable<readonly unknown[][]> | Iterable<readonly unknown[][]>,
): AsyncGenerator<string> {
  let chunk = csvHeader(columns);
  for await (const batch of batches) {
    for (const values of batch) {
      chunk += csvLine(values);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}
