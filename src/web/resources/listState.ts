/**
 * A list's page, page size, search, status and its own filters (an admin's institute), kept in the
 * address (?page=2&search=…&institute_id=5), so Back and a reload return to the same page. A fresh
 * visit starts at page 1 of the active records.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../common/constants';

export type ListState = {
  page: number;
  paginate: number;
  search: string;
  status: 0 | 1;
  /** The list's filter pairs that are set (`filterKeys` only), each as the list query sends it. */
  filters: Readonly<Record<string, string>>;
};

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

export function useListState(defaultPageSize: number = DEFAULT_PAGE_SIZE, filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const paginate = positive(params.get('paginate'), defaultPageSize);
  const state: ListState = {
    page: positive(params.get('page'), 1),
    paginate: (PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : defaultPageSize,
    search: params.get('search') ?? '',
    status: params.get('status') === '0' ? 0 : 1,
    filters: useMemo(() => Object.fromEntries(filterKeys.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : []))), [params, filterKeys]),
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
          for (const [key, value] of Object.entries(changes.filters ?? {})) set(key, value, '');
          // A new search, size, status or filter starts again at page 1.
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
