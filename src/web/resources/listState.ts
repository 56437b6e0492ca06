/**
 * A list's page, page size, search, status and its own filters (an admin's institute), kept in the
 * address (?page=2&search=…&institute_id=5), so Back and a reload return to the same page. A fresh
 * visit starts at page 1 of the active records. A page reached by the server's next link keeps the
 * keyset that link gave (?page=3&after_id=41, spec §7). The address's changes are pure functions,
 * tested without a browser.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../common/constants';

export type ListState = {
  page: number;
  /** The keyset of the server's link that led here; any other change drops it. */
  afterId?: number;
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

/** The page the address names: `?page=3&after_id=41` → { page: 3, afterId: 41 }. */
export function listPageOf(params: URLSearchParams): Pick<ListState, 'page' | 'afterId'> {
  const afterId = positive(params.get('after_id'), 0);
  return { page: positive(params.get('page'), 1), ...(afterId > 0 ? { afterId } : {}) };
}

/** The address after a change; defaults are left out of it. */
export function changedListParams(current: URLSearchParams, changes: Partial<ListState>, defaultPageSize: number): URLSearchParams {
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
  // A keyset is only ever the one a server link gave: the server refuses one with an order not by id
  // (resource/routes.ts), and a new search, size, status or filter makes it another list's row.
  if (changes.afterId === undefined) next.delete('after_id');
  else next.set('after_id', String(changes.afterId));
  return next;
}

export function useListState(defaultPageSize: number = DEFAULT_PAGE_SIZE, filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const paginate = positive(params.get('paginate'), defaultPageSize);
  const state: ListState = {
    ...listPageOf(params),
    paginate: (PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : defaultPageSize,
    search: params.get('search') ?? '',
    status: params.get('status') === '0' ? 0 : 1,
    filters: useMemo(() => Object.fromEntries(filterKeys.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : []))), [params, filterKeys]),
  };

  const change = useCallback(
    (changes: Partial<ListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => changedListParams(current, changes, defaultPageSize), { replace: options.replace });
    },
    [setParams, defaultPageSize],
  );

  return [state, change] as const;
}
