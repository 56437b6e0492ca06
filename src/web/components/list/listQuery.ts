/**
 * The list calls' shared vocabulary (spec §7 Paginated lists, architecture §4): the query a list
 * sends and the paginator it gets back. Pure, so it is tested without a browser.
 */
import type { Conditions, PageLink, Paginated } from '../../../common/schemas/list';

export type { PageLink, Paginated };

export type ListParams = {
  page?: number;
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

/** The page number a paginator url points at (`/api/v1/r?page=3&…` → 3); null for no url. */
export function pageOfUrl(url: string | null): number | null {
  if (!url) return null;
  const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}

export type NumberedLink = { page: number | null; label: string; active: boolean };

/**
 * The numbered links of a paginator, in order: pages and '...' gaps. The first and last entries of
 * Laravel's list are Previous/Next (whatever their label says); those are drawn as arrows apart.
 */
export function numberedLinks(links: readonly PageLink[]): NumberedLink[] {
  return links
    .filter((link) => /^\d+$/.test(link.label.trim()) || link.label.trim() === '...')
    .map((link) => ({ page: /^\d+$/.test(link.label.trim()) ? Number(link.label) : null, label: link.label.trim(), active: link.active }));
}

/** Whether a remote list has more to load: spec §7, 'more results exist while to is less than total'. */
export function nextPageOf(page: Pick<Paginated<unknown>, 'current_page' | 'to' | 'total'>): number | undefined {
  return page.to !== null && page.to < page.total ? page.current_page + 1 : undefined;
}
