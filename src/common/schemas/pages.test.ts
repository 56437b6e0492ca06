import { describe, expect, it } from 'vitest';
import { layoutColumns, normalizePageUrl, PAGE_LAYOUTS, PageBody, publishedAtInput } from './pages.js';

const valid = { title: 'নোটিশ', url: 'notice', published_at: '2026-11-22T10:30' };
const issues = (body: Record<string, unknown>) => PageBody.safeParse({ ...valid, ...body }).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('the page form', () => {
  it('reads the publish time as Bangladesh time and stores UTC, and shows it back the same', () => {
    const parsed = PageBody.parse(valid);
    expect(parsed.published_at).toBe('2026-11-22T04:30:00.000Z');
    expect(publishedAtInput(parsed.published_at)).toBe('2026-11-22T10:30');
    expect(PageBody.parse({ ...valid, published_at: '2026-01-01T02:00' }).published_at).toBe('2025-12-31T20:00:00.000Z');
    expect(PageBody.parse({ ...valid, published_at: '2026-11-22T10:30:00Z' }).published_at).toBe('2026-11-22T10:30:00.000Z');
    for (const bad of ['2026-02-29T10:00', '2026-11-22T24:00', '22/11/2026 10:30', 'tomorrow'])
      expect(issues({ published_at: bad }), bad).toEqual(['published_at:invalid_date']);
  });

  it('normalises urls and refuses reserved or malformed ones', () => {
    expect(normalizePageUrl('  /Notice/ভর্তি-২০২৬/ ')).toBe('notice/ভর্তি-২০২৬');
    expect(PageBody.parse({ ...valid, url: '/About-Us/' }).url).toBe('about-us');
    expect(issues({ url: 'Settings/x' })).toEqual(['url:url_reserved']);
    expect(issues({ url: 'a/../b' })).toEqual(['url:invalid_page_url']);
    expect(issues({ url: 'a?b' })).toEqual(['url:invalid_page_url']);
  });

  it('defaults the content type to page and checks source links and the PDF', () => {
    expect(PageBody.parse(valid).content_type).toBe('page');
    expect(PageBody.parse({ ...valid, source_files_url: ' https://a.test/x.pdf ,\n/uploads/y.pdf, ' }).source_files_url).toBe(
      'https://a.test/x.pdf, /uploads/y.pdf',
    );
    expect(issues({ source_files_url: 'data:text/html,x' })).toEqual(['source_files_url:invalid_source_links']);
    expect(issues({ source_files_url: '//evil.test/x' })).toEqual(['source_files_url:invalid_source_links']);
    expect(issues({ content_file: 'uploads/files/a.PDF' })).toBeUndefined();
    expect(issues({ content_file: 'uploads/files/a.png' })).toEqual(['content_file:pdf_only']);
  });

  it('knows how many cells each row layout has', () => {
    expect(PAGE_LAYOUTS.map((layout) => layoutColumns(layout).length)).toEqual([1, 3, 4, 2]);
    expect(PAGE_LAYOUTS.map((layout) => layoutColumns(layout).reduce((a, b) => a + b))).toEqual([12, 12, 12, 12]);
  });
});
