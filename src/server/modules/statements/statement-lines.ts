/**
 * A statement's lines read and matched (docs/integrators/statements.md). A transaction id matches
 * whatever its case and spacing ("9fq7 k2lm1a" is 9FQ7K2LM1A); an id agreeing with a pending payment
 * is `matched` when the amount agrees too and `amount_differs` otherwise; an id naming an approved
 * payment is `approved`; any other id is `not_filed`. Matching is one pass over the lines against
 * a Map of the payments, loaded once: no query per line.
 */
import { createHash } from 'node:crypto';
import { toAsciiDigits, ungroupedDigits } from '../../../common/validation.js';
import type { StatementColumns } from '../../../common/schemas/statements.js';
import { headerKey } from '../../lib/import/importer.js';
import type { Cell, Sheet } from '../../lib/import/sheet.js';

/** The id as compared: upper case, without any space (a statement may print it in groups). */
export const transactionKey = (text: string) => text.toUpperCase().replace(/\s+/gu, '');

/** The header row's fingerprint: the same columns in the same order, whatever their case, spacing and punctuation. */
export const formatKeyOf = (headers: readonly string[]) =>
  createHash('sha256')
    .update(JSON.stringify(headers.map((header) => headerKey(header))))
    .digest('hex');

/** Header names that usually hold each value, in order of preference (bKash merchant, bank statements, Bengali). */
const GUESSES: Record<keyof StatementColumns, readonly string[]> = {
  transaction: ['trxid', 'transactionid', 'txnid', 'trxno', 'transactionno', 'receipt', 'receiptno', 'referenceno', 'reference', 'refno', 'ট্রানজেকশনআইডি'],
  amount: ['amount', 'amounttk', 'amountbdt', 'creditamount', 'credit', 'deposit', 'টাকা', 'টাকারপরিমাণ', 'পরিমাণ'],
  date: ['date', 'transactiondate', 'datetime', 'valuedate', 'txndate', 'তারিখ'],
};

/** The columns the headers suggest: an exact name first, then a header that contains one. */
export function guessColumns(headers: readonly string[]): Partial<StatementColumns> {
  const keys = headers.map((header) => headerKey(header));
  const guess: Partial<StatementColumns> = {};
  const taken = new Set<number>();
  for (const field of ['transaction', 'amount', 'date'] as const) {
    const names = GUESSES[field];
    let index = names.map((name) => keys.indexOf(name)).find((i) => i >= 0 && !taken.has(i));
    index ??= keys.findIndex((key, i) => !taken.has(i) && key !== '' && names.some((name) => key.includes(name)));
    if (index !== undefined && index >= 0) {
      taken.add(index);
      guess[field] = headers[index]!;
    }
  }
  return guess;
}

export type ReadLine = { row: number; transactionId: string; key: string; amount: number; date: string | null };

const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell).trim());

/** An amount as statements print it: 1,000.00, ৳ 1000, Tk. 1000, BDT 1000, Bengali digits. Null when it is not one. */
export function amountOf(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const cleaned = toAsciiDigits(text(cell))
    .replace(/^(৳|tk\.?|bdt)\s*/iu, '')
    .replace(/\s/g, '');
  // Grouping commas only where they belong (1,000.00 or 1,00,000): "2,00" is no amount.
  const [, grouped, fraction] = /^([\d,]+)(\.\d+)?$/.exec(cleaned) ?? [];
  const whole = grouped === undefined ? undefined : ungroupedDigits(grouped);
  if (whole === undefined) return null;
  return Math.round(Number(whole + (fraction ?? '')) * 100) / 100;
}

/** A date as an ISO day when it reads as one (a sheet's date, 2026-11-20, 20/11/2026, 20-11-2026 10:22), else the text as printed. */
export function dateOf(cell: Cell | undefined): string | null {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const value = toAsciiDigits(text(cell));
  if (value === '') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(value);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  return value.slice(0, 40);
}

/** A statement's totals row ("Total", "Grand Total", "Sub-total", "মোট", "সর্বমোট"): a sum, never a transaction. */
const isTotalsLabel = (key: string) => /^(GRAND|SUB-?)?TOTAL\b|^(সর্ব)?মোট/u.test(key) && !/[0-9০-৯]/u.test(key);

/**
 * The lines with a transaction id and an amount above zero, yielding every few thousand rows; other
 * rows (a totals row, a debit, a note) are counted as skipped. A repeated id keeps its first line.
 */
export async function readLines(sheet: Sheet, columns: { transaction: number; amount: number; date: number | null }) {
  const lines: ReadLine[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const [i, { row, cells }] of sheet.rows.entries()) {
    if (i > 0 && i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const transactionId = text(cells[columns.transaction]).slice(0, 60);
    const key = transactionKey(transactionId);
    const amount = amountOf(cells[columns.amount]);
    if (key === '' || isTotalsLabel(key) || amount === null || amount <= 0 || seen.has(key)) {
      skipped++;
      continue;
    }
    seen.add(key);
    lines.push({ row, transactionId, key, amount, date: columns.date === null ? null : dateOf(cells[columns.date]) });
  }
  return { lines, skipped };
}

export type PaymentFact = { id: number; transactionId: string; amount: number; pending: boolean };
export type MatchedLine = ReadLine & { kind: 'matched' | 'amount_differs' | 'not_filed' | 'approved'; paymentId: number | null };

/** Each line's list, and the pending payments no line names; `payments` is keyed by transactionKey. */
export async function matchLines(lines: readonly ReadLine[], payments: ReadonlyMap<string, PaymentFact>) {
  const classified: MatchedLine[] = [];
  const named = new Set<number>();
  for (const [i, line] of lines.entries()) {
    if (i > 0 && i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const payment = payments.get(line.key);
    if (!payment) {
      classified.push({ ...line, kind: 'not_filed', paymentId: null });
      continue;
    }
    named.add(payment.id);
    const kind = !payment.pending ? 'approved' : payment.amount === line.amount ? 'matched' : 'amount_differs';
    classified.push({ ...line, kind, paymentId: payment.id });
  }
  const missing: PaymentFact[] = [];
  let seen = 0;
  for (const payment of payments.values()) {
    if (payment.pending && !named.has(payment.id)) missing.push(payment);
    if (++seen % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return { classified, missing };
}
