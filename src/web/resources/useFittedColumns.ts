/**
 * A list's columns chosen for the width of its area, so a list wider than its area never hides its last
 * columns and the row's gear. Each column declares a priority; while the table is wider than its area,
 * the column with the highest number goes first (the rightmost among equals). Priority 1 always stays,
 * and the row's details show every field.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';

/** Columns that say nothing are dropped after the ones that say 3 or more, before 1 and 2. */
export const DEFAULT_PRIORITY = 2;

export function useFittedColumns<C extends { priority?: number }>(columns: readonly C[], content: unknown) {
  const area = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const dropOrder = useMemo(
    () =>
      columns
        .map((column, index) => ({ index, priority: column.priority ?? DEFAULT_PRIORITY }))
        .filter(({ priority }) => priority > 1)
        .sort((a, b) => b.priority - a.priority || b.index - a.index)
        .map(({ index }) => index),
    [columns],
  );
  const [width, setWidth] = useState(0);
  // How many columns gave way, for the width, rows and columns it was measured with; anything new starts from all.
  const [fit, setFit] = useState({ width, content, columns, dropped: 0 });
  const dropped = fit.width === width && fit.content === content && fit.columns === columns ? fit.dropped : 0;

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Each step is measured before the browser paints, until the table fits.
  useLayoutEffect(() => {
    const element = area.current;
    const drawn = table.current;
    if (element && drawn && drawn.offsetWidth > element.clientWidth + 1 && dropped < dropOrder.length) {
      setFit({ width, content, columns, dropped: dropped + 1 });
    }
  }, [width, content, columns, dropped, dropOrder.length]);

  const hidden = new Set(dropOrder.slice(0, dropped));
  return { area, table, columns: columns.filter((_, index) => !hidden.has(index)) };
}
