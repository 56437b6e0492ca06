/** How a statement's cells are read (docs/integrators/statements.md): ids, amounts and dates as statements print them. */
import { describe, expect, it } from 'vitest';
import { amountOf, dateOf, formatKeyOf, guessColumns, matchLines, readLines, transactionKey } from './statement-lines.js';

describe('reading a statement line', () => {
  it('compares transaction ids whatever their case and spacing', () => {
    expect(transactionKey(' 9fq7 k2lm\u00a01a ')).toBe('9FQ7K2LM1A');
    expect(transactionKey('sb-2026/0451')).toBe('SB-2026/0451');
  });

  it.each([
    [400, 400],
    ['1,000.00', 1000],
    ['৳ ১,২০০', 1200],
    ['Tk. 500', 500],
    ['BDT 250.50', 250.5],
    ['-200', null],
    ['abc', null],
    [null, null],
  ])('reads the amount %s as %s', (cell, amount) => {
    expect(amountOf(cell)).toBe(amount);
  });

  it.each([
    ['2026-11-20 10:22:11', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['1-2-2026 09:00', '2026-02-01'],
    ['Nov 20, 2026', 'Nov 20, 2026'],
    ['', null],
  ])('reads the date %s as %s', (cell, date) => {
    expect(dateOf(cell)).toBe(date);
  });

  it('recognises a header row whatever its case, spacing and punctuation', () => {
    expect(formatKeyOf(['Date', 'TrxID', 'Amount'])).toBe(formatKeyOf([' date ', 'Trx ID', 'AMOUNT']));
    expect(formatKeyOf(['Date', 'TrxID', 'Amount'])).not.toBe(formatKeyOf(['TrxID', 'Date', 'Amount']));
  });

  it('guesses the columns of a bKash merchant and a bank statement from their headers', () => {
    expect(guessColumns(['Date', 'TrxID', 'Transaction Type', 'Sender', 'Amount', 'Balance'])).toEqual({
      transaction: 'TrxID',
      amount: 'Amount',
      date: 'Date',
    });
    expect(guessColumns(['Value Date', 'Particulars', 'Receipt No', 'Credit Amount'])).toEqual({
      transaction: 'Receipt No',
      amount: 'Credit Amount',
      date: 'Value Date',
    });
    expect(guessColumns(['তারিখ', 'ট্রানজেকশন আইডি', 'টাকা'])).toEqual({ transaction: 'ট্রানজেকশন আইডি', amount: 'টাকা', date: 'তারিখ' });
    expect(guessColumns(['a', 'b'])).toEqual({});
  });
});

describe('reading lines', () => {
  it('passes over a totals row whatever its amount', async () => {
    const sheet = {
      headers: ['TrxID', 'Amount'],
      rows: [
        { row: 2, cells: ['9FQ7K2LM1A', 4100] },
        { row: 3, cells: ['Total', 12300] },
        { row: 4, cells: ['Grand Total', 12300] },
        { row: 5, cells: ['মোট', 12300] },
        { row: 6, cells: ['', 'Total', 12300] },
        { row: 7, cells: ['৯৮৭৬৫৪', 200] },
      ],
    };
    const { lines, skipped } = await readLines(sheet, { transaction: 0, amount: 1, date: null });
    expect(lines.map((line) => line.row)).toEqual([2, 7]);
    expect(skipped).toBe(4);
  });
});

describe('matching lines', () => {
  it('sorts lines into matched, amount differs, not filed and approved, and finds the pending payments no line names', async () => {
    const sheet = {
      headers: ['TrxID', 'Amount'],
      rows: [
        { row: 2, cells: ['ab 12', 400] },
        { row: 3, cells: ['CD34', 500] },
        { row: 4, cells: ['EF56', 200] },
        { row: 5, cells: ['GH78', 200] },
        { row: 6, cells: ['AB12', 400] },
        { row: 7, cells: ['Total', null] },
      ],
    };
    const { lines, skipped } = await readLines(sheet, { transaction: 0, amount: 1, date: null });
    // The repeated id and the totals row are passed over.
    expect(skipped).toBe(2);
    const payments = new Map([
      ['AB12', { id: 1, transactionId: 'AB12', amount: 400, pending: true }],
      ['CD34', { id: 2, transactionId: 'CD34', amount: 600, pending: true }],
      ['GH78', { id: 3, transactionId: 'GH78', amount: 200, pending: false }],
      ['IJ90', { id: 4, transactionId: 'IJ90', amount: 200, pending: true }],
    ]);
    const { classified, missing } = await matchLines(lines, payments);
    expect(classified.map((line) => [line.row, line.kind, line.paymentId])).toEqual([
      [2, 'matched', 1],
      [3, 'amount_differs', 2],
      [4, 'not_filed', null],
      [5, 'approved', 3],
    ]);
    expect(missing.map((payment) => payment.id)).toEqual([4]);
  });
});
