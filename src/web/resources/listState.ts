/**
 * A list's page, page size, search and status, kept in the address (?page=2&search=…), so Back and
 * a reload return to the same page. A fresh visit starts at page 1 of the active records.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../common/constants';

export type ListState = { page: number; paginate: number; search: string; status: 0 | 1 };

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

export function useListState(defaultPageSize: number = DEFAULT_PAGE_SIZE) {
  const [params, setParams] = useSearchParams();
  const paginate = positive(params.get('paginate'), defaultPageSize);
  const state: ListState = {
    page: positive(params.get('page'), 1),
    paginate: (PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : defaultPageSize,
    search: params.get('search') ?? '',
    status: params.get('status') === '0' ? 0 : 1,
  };

  const change = useCallback(
    (changes: Partial<ListState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (name: string, value: string | number, fallback: string | number) => {
            if (String(value) === String(fallback) || value === '') next.delete(name);
            else next.set(name, String(value));
          };
          if (changes.page !== undefined) set('page', changes.page, 1);
          if (changes.paginate !== undefined) set('paginate', changes.paginate, defaultPageSize);
          if (changes.search !== undefined) set('search', changes.search, '');
          if (changes.status !== undefined) set('status', changes.status, 1);
          // A new search, size or status starts again at page 1.
          if (changes.page === undefined) next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams, defaultPageSize],
  );

  return [state, change] as const;
}
