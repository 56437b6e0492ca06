/**
 * The list calls' shared vocabulary (spec §7 Paginated lists, architecture §4): the query a list
 * sends and the paginator it gets back. Pure, so it is tested without a browser.
 */
import type { Conditions, PageLink, Paginated } from '../../../common/schemas/list';

export type { PageLink, Paginated };

export type ListParams = {
  page?: number;
  /** A keyset the server put in a page url: the page starts after this row (only ever one it gave). */
  afterId?: number;
  paginate?: number;
  /** 1 active (the default), 0 deactivated. */
  status?: 0 | 1;
  search?: string;
  orderByCol?: string;
  orderByAsc?: boolean;
  fields?: readonly string[];
  relations?: readonly string[];
  conditions?: Conditions;
  /** The resource's own filter pairs (spec §7 'extra custom pairs'): `class=04&gender=f`. */
  filters?: Readonly<Record<string, string>>;
};

/** `page=2&paginate=10&fields[]=id&fields[]=title&relations=menu&conditions={"…"}&class=04`; empty parts left out. */
export function listQueryString(params: ListParams): string {
  const query = new URLSearchParams();
  const set = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined && value !== '') query.append(name, String(value));
  };
  set('page', params.page);
  set('after_id', params.afterId);
  set('paginate', params.paginate);
  set('status', params.status);
  set('search', params.search?.trim());
  set('orderByCol', params.orderByCol);
  set('orderByAsc', params.orderByAsc);
  for (const field of params.fields ?? []) query.append('fields[]', field);
  if (params.relations?.length) query.append('relations', params.relations.join(','));
  if (params.conditions && Object.keys(params.conditions).length > 0) query.append('conditions', JSON.stringify(params.conditions));
  for (const [name, value] of Object.entries(params.filters ?? {})) set(name, value);
  return query.toString();
}

/** Where a paginator url leads: its page and, when the server gave one, its keyset. */
export type PageTarget = { page: number; afterId?: number };

const positiveOf = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/**
 * The page a paginator url points at, followed as given (spec §7): `/api/v1/r?page=3&after_id=41&…`
 * → { page: 3, afterId: 41 }; without an `after_id` the target has none. Null for no url. The rest
 * of the url is the list's own query, which the list sends from its state.
 */
export function pageTargetOf(url: string | null): PageTarget | null {
  if (!url) return null;
  const params = new URL(url, 'http://localhost').searchParams;
  const page = positiveOf(params.get('page'));
  if (page === undefined) return null;
  const afterId = positiveOf(params.get('after_id'));
  return afterId === undefined ? { page } : { page, afterId };
}

export type NumberedLink = { target: PageTarget | null; label: string; active: boolean };

/**
 * The numbered links of a paginator, in order: pages (where their urls lead) and '...' gaps. The
 * first and last entries of Laravel's list are Previous/Next (whatever their label says); those are
 * drawn as arrows apart.
 */
export function numberedLinks(links: readonly PageLink[]): NumberedLink[] {
  return links
    .filter((link) => /^\d+$/.test(link.label.trim()) || link.label.trim() === '...')
    .map((link) => ({
      target: /^\d+$/.test(link.label.trim()) ? (pageTargetOf(link.url) ?? { page: Number(link.label) }) : null,
      label: link.label.trim(),
      active: link.active,
    }));
}

/** Whether a remote list has more to load: spec §7, 'more results exist while to is less than total'. */
export function nextPageOf(page: Pick<Paginated<unknown>, 'current_page' | 'to' | 'total'>): number | undefined {
  return page.to !== null && page.to < page.total ? page.current_page + 1 : undefined;
}
