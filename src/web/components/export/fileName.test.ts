import { describe, expect, it } from 'vitest';
import { exportFileName, filenameFromDisposition } from './fileName';

describe('the exported file name', () => {
  it('is the export title, a dash and the name the server gave', () => {
    expect(exportFileName('news-category-list', 'attachment; filename="news-categories-2026-11-21.csv"')).toBe(
      'news-category-list - news-categories-2026-11-21.csv',
    );
  });

  it("ends in ' - export.csv' when the server gave no name", () => {
    expect(exportFileName('news-category-list', null)).toBe('news-category-list - export.csv');
    expect(exportFileName('news-category-list', 'attachment')).toBe('news-category-list - export.csv');
    expect(exportFileName('registration-list', null, 'xlsx')).toBe('registration-list - export.xlsx');
  });

  it('reads quoted, bare and UTF-8 extended names', () => {
    expect(filenameFromDisposition('attachment; filename=list.csv')).toBe('list.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A6%96%E0%A6%AC%E0%A6%B0.csv`)).toBe('খবর.csv');
  });
});
