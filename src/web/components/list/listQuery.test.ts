import { describe, expect, it } from 'vitest';
import { listQueryString, nextPageOf, numberedLinks, pageTargetOf } from './listQuery';

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

  it('sends the keyset a server link gave beside its page, and none when there is none', () => {
    expect(listQueryString({ page: 3, afterId: 41, paginate: 50, search: 'খবর' })).toBe('page=3&after_id=41&paginate=50&search=%E0%A6%96%E0%A6%AC%E0%A6%B0');
    expect(listQueryString({ page: 3, paginate: 50 })).toBe('page=3&paginate=50');
  });

  it('adds the resource’s own filter pairs after the shared parameters', () => {
    expect(listQueryString({ page: 1, filters: { class: '04', gender: 'f' } })).toBe('page=1&class=04&gender=f');
    expect(listQueryString({ filters: { role: '' } })).toBe('');
  });
});

describe('the paginator', () => {
  it('is followed as its urls say: the page, and the keyset when the server gave one', () => {
    expect(pageTargetOf('/api/v1/news-categories?page=3&paginate=10')).toEqual({ page: 3 });
    expect(pageTargetOf('/api/v1/news-categories?paginate=10&search=a&page=3&after_id=41')).toEqual({ page: 3, afterId: 41 });
    expect(pageTargetOf('http://example.com/api/v1/users?search=a&page=12')).toEqual({ page: 12 });
    expect(pageTargetOf('/api/v1/r?page=2&after_id=')).toEqual({ page: 2 });
    expect(pageTargetOf('/api/v1/r?after_id=41')).toBeNull();
    expect(pageTargetOf(null)).toBeNull();
  });

  it('shows numbered links and gaps, not its Previous/Next entries, each leading where its url says', () => {
    const links = [
      { url: null, label: '&laquo; Previous', active: false },
      { url: '/api/v1/r?page=1', label: '1', active: true },
      { url: '/api/v1/r?page=2', label: '2', active: false },
      { url: null, label: '...', active: false },
      { url: '/api/v1/r?page=9', label: '9', active: false },
      { url: '/api/v1/r?page=2&after_id=41', label: 'Next &raquo;', active: false },
    ];
    expect(numberedLinks(links)).toEqual([
      { target: { page: 1 }, label: '1', active: true },
      { target: { page: 2 }, label: '2', active: false },
      { target: null, label: '...', active: false },
      { target: { page: 9 }, label: '9', active: false },
    ]);
  });

  it('has more for a remote select while `to` is below `total`', () => {
    expect(nextPageOf({ current_page: 1, to: 10, total: 25 })).toBe(2);
    expect(nextPageOf({ current_page: 3, to: 25, total: 25 })).toBeUndefined();
    expect(nextPageOf({ current_page: 1, to: null, total: 0 })).toBeUndefined();
  });
});
