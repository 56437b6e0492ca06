import { describe, expect, it } from 'vitest';
import { changedListParams, listPageOf } from './listState';

const change = (address: string, changes: Parameters<typeof changedListParams>[1]) => changedListParams(new URLSearchParams(address), changes, 10).toString();

describe('a list’s address', () => {
  it('names the page and the keyset a server link led to', () => {
    expect(listPageOf(new URLSearchParams('page=3&after_id=41&search=a'))).toEqual({ page: 3, afterId: 41 });
    expect(listPageOf(new URLSearchParams('page=3'))).toEqual({ page: 3 });
    expect(listPageOf(new URLSearchParams('after_id=x'))).toEqual({ page: 1 });
  });

  it('keeps the keyset of the next link it followed, beside the page', () => {
    expect(change('search=a&institute_id=5', { page: 2, afterId: 41 })).toBe('search=a&institute_id=5&page=2&after_id=41');
    expect(change('page=2&after_id=41', { page: 3, afterId: 31 })).toBe('page=3&after_id=31');
  });

  it('follows a numbered or previous link without a keyset when its url has none', () => {
    expect(change('page=3&after_id=31', { page: 2 })).toBe('page=2');
    expect(change('page=2&after_id=41&search=a', { page: 1 })).toBe('search=a');
  });

  it('starts over at page 1 without the keyset on a new search, size, status or filter', () => {
    expect(change('page=3&after_id=31&search=a', { search: 'ab' })).toBe('search=ab');
    expect(change('page=3&after_id=31', { paginate: 50 })).toBe('paginate=50');
    expect(change('page=3&after_id=31', { status: 0 })).toBe('status=0');
    expect(change('page=3&after_id=31&institute_id=5', { filters: { institute_id: '6' } })).toBe('institute_id=6');
  });
});
