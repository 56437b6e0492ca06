import { describe, expect, it } from 'vitest';
import { listQueryString, nextPageOf, numberedLinks, pageOfUrl } from './listQuery';

describe('a list query', () => {
  it('sends repeated fields[], relations and JSON conditions, leaving out what is empty', () => {
    const query = listQueryString({
      page: 2,
      paginate: 50,
      status: 0,
      search: '  খবর ',
      fields: ['id', 'title'],
      relations: ['menu'],
      conditions: { institute_id: 7, id: { gt: 1 } },
    });
    const parsed = new URLSearchParams(query);
    expect(parsed.get('page')).toBe('2');
    expect(parsed.get('paginate')).toBe('50');
    expect(parsed.get('status')).toBe('0');
    expect(parsed.get('search')).toBe('খবর');
    expect(parsed.getAll('fields[]')).toEqual(['id', 'title']);
    expect(parsed.get('relations')).toBe('menu');
    expect(JSON.parse(parsed.get('conditions') ?? '')).toEqual({ institute_id: 7, id: { gt: 1 } });
    expect(listQueryString({ page: 1, search: '', conditions: {} })).toBe('page=1');
  });

  it('adds the resource’s own filter pairs after the shared parameters', () => {
    expect(listQueryString({ page: 1, filters: { class: '04', gender: 'f' } })).toBe('page=1&class=04&gender=f');
    expect(listQueryString({ filters: { role: '' } })).toBe('');
  });
});

describe('the paginator', () => {
  it('is followed by the page its urls name', () => {
    expect(pageOfUrl('/api/v1/news-categories?page=3&paginate=10')).toBe(3);
    expect(pageOfUrl('http://example.com/api/v1/users?search=a&page=12')).toBe(12);
    expect(pageOfUrl(null)).toBeNull();
  });

  it('shows numbered links and gaps, not its Previous/Next entries', () => {
    const links = [
      { url: null, label: '&laquo; Previous', active: false },
      { url: '/api/v1/r?page=1', label: '1', active: true },
      { url: '/api/v1/r?page=2', label: '2', active: false },
      { url: null, label: '...', active: false },
      { url: '/api/v1/r?page=9', label: '9', active: false },
      { url: '/api/v1/r?page=2', label: 'Next &raquo;', active: false },
    ];
    expect(numberedLinks(links)).toEqual([
      { page: 1, label: '1', active: true },
      { page: 2, label: '2', active: false },
      { page: null, label: '...', active: false },
      { page: 9, label: '9', active: false },
    ]);
  });

  it('has more for a remote select while `to` is below `total`', () => {
    expect(nextPageOf({ current_page: 1, to: 10, total: 25 })).toBe(2);
    expect(nextPageOf({ current_page: 3, to: 25, total: 25 })).toBeUndefined();
    expect(nextPageOf({ current_page: 1, to: null, total: 0 })).toBeUndefined();
  });
});
