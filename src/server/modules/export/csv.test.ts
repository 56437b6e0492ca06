import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { columnKind } from './column-kinds.js';
import { csvChunks, csvHeader, csvLine, neutralise } from './csv.js';

/** The csv-stringify settings the export used before its own encoder: the reference for every byte. */
const reference = (columns: string[], rows: unknown[][]) =>
  `\uFEFF${stringify(
    rows.map((values) => Object.fromEntries(columns.map((column, i) => [column, values[i]]))),
    { header: true, columns, cast: { string: neutralise, number: (n) => String(n), boolean: (b) => (b ? '1' : '0') } },
  )}`;

const tricky = fc.constantFrom('', ',', '"', '\n', '\r', '\r\n', '=', '+', '-', '@', '\t', "'", ' ', 'ক', 'অনুচ্ছেদ', '""', 'a,b');
const text = fc.oneof(
  fc.string(),
  fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme' }),
);
const cell = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(text, fc.integer())),
);

describe('CSV encoder', () => {
  it('writes exactly what csv-stringify wrote with the export settings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 })),
        (rows) => {
          const columns = Array.from({ length: rows[0]?.length ?? 3 }, (_, i) => `c${i}`);
          const plain = columns.map(() => 'value' as const);
          expect(csvHeader(columns) + rows.map((row) => csvLine(row, plain)).join('')).toBe(reference(columns, rows));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('neutralises formulas before quoting', () => {
    expect(csvLine(['=HYPERLINK("http://evil","x")', '-1', -1, '\r1'], ['value', 'value', 'value', 'value'])).toBe(
      `"'=HYPERLINK(""http://evil"",""x"")",'-1,-1,"'\r1"\n`,
    );
  });

  it('keeps digits meant as text as text behind a tab, and writes times in Bangladesh time', () => {
    const columns = ['contact_number', 'birth_certificate_no', 'transaction_id', 'uid', 'created_at', 'amount'];
    const kinds = columns.map(columnKind);
    expect(csvLine(['01711000111', '20123456789012345', 'SB-2026/0451', 482913, '2026-11-24T18:37:05.000Z', 200], kinds)).toBe(
      '"\t01711000111","\t20123456789012345",SB-2026/0451,"\t482913",2026-11-25 00:37:05,200\n',
    );
    // What is not an identifier of digits, or not a time, is written as any value.
    expect(csvLine(['=1+1', null, '+8801711000111', 'yesterday', '', '-5'], kinds)).toBe(`'=1+1,,'+8801711000111,yesterday,,'-5\n`);
  });

  it('hands the text on in pieces, every row once, from sync and async batches alike', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [i, `নাম ${i}`.repeat(10)]);
    const batches = [rows.slice(0, 1000), rows.slice(1000, 2000), rows.slice(2000)];
    async function* later() {
      for (const batch of batches) yield batch;
    }
    for (const source of [batches, later()]) {
      const pieces: string[] = [];
      for await (const piece of csvChunks(['id', 'name'], ['id', 'name'], source)) pieces.push(piece);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('')).toBe(reference(['id', 'name'], rows));
    }
  });
});
