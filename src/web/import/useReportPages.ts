/**
 * A report's rows filtered by status and shown 50 a page (a sheet holds up to 20,000 rows, a photo zip
 * thousands of files): the filter, each filter's count, the page's rows, and a page change that brings
 * the report's top into view (on a phone the page buttons sit below fifty rows).
 */
import { useMemo, useRef, useState } from 'react';

const PAGE_SIZE = 50;

export function useReportPages<Row extends { status: Status }, Status, Filter extends string>(
  rows: readonly Row[],
  filters: readonly Filter[],
  matches: (filter: Filter, status: Status) => boolean,
  initial: () => Filter,
) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [page, setPage] = useState(1);
  const top = useRef<HTMLDivElement>(null);
  const counts = useMemo(
    () => Object.fromEntries(filters.map((key) => [key, rows.filter((row) => matches(key, row.status)).length])) as Record<Filter, number>,
    [rows, filters, matches],
  );
  const shown = useMemo(() => rows.filter((row) => matches(filter, row.status)), [rows, filter, matches]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return {
    filter,
    counts,
    top,
    pages,
    current,
    slice: shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
    choose: (next: Filter) => {
      setFilter(next);
      setPage(1);
    },
    turnTo: (next: number) => {
      setPage(next);
      top.current?.scrollIntoView({ block: 'start' });
    },
  };
}
