import { describe, expect, it } from 'vitest';
import { changeLayout, columnSpans, emptyRow, fromSaved, moveRow, setCell, toSaved } from './layoutRows';

describe('page builder rows', () => {
  it('knows the column widths of each layout', () => {
    expect(columnSpans('12')).toEqual([12]);
    expect(columnSpans('4+4+4')).toEqual([4, 4, 4]);
    expect(columnSpans('3+3+3+3')).toEqual([3, 3, 3, 3]);
    expect(columnSpans('6+6')).toEqual([6, 6]);
  });

  it('gives a new row one empty cell per column and pads or trims saved rows to their layout', () => {
    expect(emptyRow('3+3+3+3').cells).toEqual(['', '', '', '']);
    const [row] = fromSaved([{ layout: '6+6', cells: ['<p>a</p>'] }]);
    expect(row?.cells).toEqual(['<p>a</p>', '']);
    expect(fromSaved(null)).toEqual([]);
  });

  it('keeps cell contents when a row gets more columns', () => {
    const row = { key: 'k', layout: '6+6', cells: ['<p>a</p>', '<p>b</p>'] };
    expect(changeLayout(row, '4+4+4').cells).toEqual(['<p>a</p>', '<p>b</p>', '']);
  });

  it('moves what dropped cells held into the last remaining cell', () => {
    const row = { key: 'k', layout: '3+3+3+3', cells: ['<p>a</p>', '<p>b</p>', '<p></p>', '<p>d</p>'] };
    expect(changeLayout(row, '6+6').cells).toEqual(['<p>a</p>', '<p>b</p><p>d</p>']);
    expect(changeLayout(row, '12').cells).toEqual(['<p>a</p><p>b</p><p>d</p>']);
    expect(changeLayout({ key: 'k', layout: '6+6', cells: ['', '<p>b</p>'] }, '12').cells).toEqual(['<p>b</p>']);
  });

  it('moves rows up and down and leaves them when there is nowhere to go', () => {
    const rows = [emptyRow('12'), emptyRow('6+6'), emptyRow('4+4+4')];
    expect(moveRow(rows, 2, -1).map((row) => row.layout)).toEqual(['12', '4+4+4', '6+6']);
    expect(moveRow(rows, 0, 1).map((row) => row.layout)).toEqual(['6+6', '12', '4+4+4']);
    expect(moveRow(rows, 0, -1).map((row) => row.layout)).toEqual(['12', '6+6', '4+4+4']);
    expect(moveRow(rows, 2, 1).map((row) => row.layout)).toEqual(['12', '6+6', '4+4+4']);
  });

  it('edits one cell and saves rows without their screen keys', () => {
    const rows = [emptyRow('6+6')];
    const edited = setCell(rows, rows[0]?.key ?? '', 1, '<p>right</p>');
    expect(toSaved(edited)).toEqual([{ layout: '6+6', cells: ['', '<p>right</p>'] }]);
    expect(rows[0]?.cells).toEqual(['', '']);
  });
});
