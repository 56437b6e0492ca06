import { describe, expect, it } from 'vitest';
import { exportFileName, filenameFromDisposition } from './fileName';

describe('the exported file name', () => {
  it('is the name the server gave, the title said once', () => {
    expect(exportFileName('registration-list', 'attachment; filename="registration-list-2026-11-24.csv"')).toBe('registration-list-2026-11-24.csv');
  });

  it('is the export title when the server gave no name', () => {
    expect(exportFileName('news-category-list', null)).toBe('news-category-list.csv');
    expect(exportFileName('news-category-list', 'attachment')).toBe('news-category-list.csv');
    expect(exportFileName('registration-list', null, 'xlsx')).toBe('registration-list.xlsx');
  });

  it('reads quoted, bare and UTF-8 extended names', () => {
    expect(filenameFromDisposition('attachment; filename=list.csv')).toBe('list.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A6%96%E0%A6%AC%E0%A6%B0.csv`)).toBe('খবর.csv');
  });
});
