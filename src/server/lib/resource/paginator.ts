/** Laravel's paginator shape (architecture §4), with page links the client follows as given. */
import type { Paginated } from '../../../common/schemas/list.js';

/**
 * The link to another page of the list at `requestUrl`: the same query with `page` replaced, and
 * `after_id` when given (a keyset: the page starts after that row), else without one.
 */
export function pageUrlOf(requestUrl: string): (page: number, afterId?: number) => string {
  return (page, afterId) => {
    const url = new URL(requestUrl, 'http://local');
    url.searchParams.set('page', String(page));
    if (afterId === undefined) url.searchParams.delete('after_id');
    else url.searchParams.set('after_id', String(afterId));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
}

/** Page numbers to show: the first two, the last two and two either side of the current one. */
export function pageWindow(current: number, last: number): (number | '...')[] {
  const pages = new Set<number>();
  for (const p of [1, 2, last - 1, last, current - 2, current - 1, current, current + 1, current + 2]) {
    if (p >= 1 && p <= last) pages.add(p);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | '...')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('...');
    out.push(p);
  });
  return out;
}

/** `nextAfterId`: the page's last id, when the next page may start after it (keyset) instead of at an offset. */
export function paginate<T>(
  rows: T[],
  total: number,
  page: number,
  perPage: number,
  pageUrl: (page: number, afterId?: number) => string,
  capped = false,
  nextAfterId?: number,
): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  const prev = page > 1 ? pageUrl(page - 1) : null;
  const next = page < lastPage ? pageUrl(page + 1, nextAfterId) : null;
  return {
    data: rows,
    current_page: page,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rows.length - 1,
    last_page: lastPage,
    prev_page_url: prev,
    next_page_url: next,
    links: [
      { url: prev, label: '« Previous', active: false },
      ...pageWindow(page, lastPage).map((p) =>
        p === '...' ? { url: null, label: '...', active: false } : { url: pageUrl(p), label: String(p), active: p === page },
      ),
      { url: next, label: 'Next »', active: false },
    ],
    ...(capped ? { total_capped: true as const } : {}),
  };
}
