import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnKind } from './column-kinds.js';
import { MAX_CELL_CHARS, xlsxCell } from './xlsx-cells.js';
import { xlsxStream } from './xlsx.js';

async function workbookOf(stream: Readable): Promise<ExcelJS.Worksheet> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const columns = ['id', 'reg_no', 'name_bangla', 'class_roll', 'amount', 'created_at', 'date'];
const header = ['আইডি', 'নিবন্ধন নম্বর', 'শিক্ষার্থীর নাম (বাংলায়)', 'শ্রেণি রোল', 'পরিমাণ (টাকা)', 'তৈরির সময়', 'জমার তারিখ'];
const row = (i: number) => [i, `26${String(i).padStart(7, '0')}`, `মোঃ করিম ${i}`, String(i), 200, '2026-11-21T10:00:00.000Z', '2026-11-20'];

describe('Excel cells', () => {
  it('keeps digit identifiers as text, quantities as numbers and times as dates in Bangladesh time', () => {
    expect(xlsxCell(columnKind('reg_no'), '260000042')).toBe('260000042');
    expect(xlsxCell(columnKind('contact_number'), '01712345678')).toBe('01712345678');
    expect(xlsxCell(columnKind('uid'), 123456)).toBe('123456');
    expect(xlsxCell(columnKind('id'), 42)).toBe(42);
    expect(xlsxCell(columnKind('class_roll'), '17')).toBe(17);
    expect(xlsxCell(columnKind('class_roll'), '007')).toBe('007');
    expect(xlsxCell(columnKind('created_at'), '2026-11-21T20:30:00.000Z')).toEqual(new Date('2026-11-22T02:30:00.000Z'));
    expect(xlsxCell(columnKind('date'), '2026-11-20')).toEqual(new Date('2026-11-20T00:00:00.000Z'));
    expect(xlsxCell(columnKind('approved_at'), null)).toBeNull();
    expect(xlsxCell(columnKind('is_approved'), true)).toBe(1);
    expect(xlsxCell(columnKind('after'), { formula: 'A1' })).toBe('{"formula":"A1"}');
    expect(xlsxCell(columnKind('content'), 'x'.repeat(MAX_CELL_CHARS + 5))).toHaveLength(MAX_CELL_CHARS);
  });
});

describe('Excel export stream', () => {
  it('writes a frozen bold header, fitted widths and typed cells, from sync and async batches alike', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(250 - i));
    async function* later() {
      yield rows.slice(0, 120);
      yield rows.slice(120);
    }
    for (const source of [[rows.slice(0, 120), rows.slice(120)], later()]) {
      const sheet = await workbookOf(xlsxStream('registrations', columns, header, source));
      expect(sheet.name).toBe('registrations');
      expect(sheet.rowCount).toBe(251);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      const first = sheet.getRow(2);
      expect(first.getCell(1).value).toBe(250);
      expect(first.getCell(2).value).toBe('260000250');
      expect(first.getCell(2).numFmt).toBe('@');
      expect(first.getCell(2).font?.bold).toBeFalsy();
      expect(first.getCell(3).value).toBe('মোঃ করিম 250');
      expect(first.getCell(4).value).toBe(250);
      expect(first.getCell(6).value).toEqual(new Date('2026-11-21T16:00:00.000Z'));
      expect(first.getCell(6).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(first.getCell(7).value).toEqual(new Date('2026-11-20T00:00:00.000Z'));
      expect(sheet.getRow(251).getCell(1).value).toBe(1);
      expect(sheet.getColumn(6).width).toBe(21);
      expect(sheet.getColumn(1).width).toBe(6);
    }
  });

  it('writes a header and no rows for an empty list', async () => {
    const sheet = await workbookOf(xlsxStream('empty', columns, header, []));
    expect(sheet.rowCount).toBe(1);
  });

  it('reads rows only as the file is taken, and stops reading when the client goes', async () => {
    let pulled = 0;
    let closed = false;
    function* endless() {
      try {
        for (let i = 0; ; i++) {
          pulled += 100;
          yield Array.from({ length: 100 }, (_, j) => row(i * 100 + j));
        }
      } finally {
        closed = true;
      }
    }
    const stream = xlsxStream('endless', columns, header, endless());
    stream.pause();
    // Nobody reads: the writer comes to a stop with what the zip's buffers hold (these rows compress
    // ~50 times, so that is a few tens of thousands of rows), instead of reading on into the heap.
    let before = -1;
    for (let tries = 0; tries < 20 && pulled !== before; tries++) {
      before = pulled;
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(pulled).toBe(before);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(200_000);
    stream.destroy();
    await expect.poll(() => closed).toBe(true);
  });

  it('ends the stream with the error when reading rows fails', async () => {
    function* failing() {
      yield [row(1)];
      throw new Error('connection lost');
    }
    await expect(text(xlsxStream('failing', columns, header, failing()))).rejects.toThrow('connection lost');
  });
});
