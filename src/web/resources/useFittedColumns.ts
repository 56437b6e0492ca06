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

  const hidden = useMemo(() => new Set(dropOrder.slice(0, dropped)), [dropOrder, dropped]);

  // Measured before the browser paints. Each pass drops as many columns as the excess width says, from their
  // header cells' widths: one at a time, a 100-row list at 360 px was drawn again for each column it dropped
  // (~0.8 s of a slow phone's CPU on every visit). A column that freed less than its width (one tucked under
  // the name) leaves the table too wide, and the next pass drops more.
  useLayoutEffect(() => {
    const element = area.current;
    const drawn = table.current;
    if (!element || !drawn || dropped >= dropOrder.length) return;
    const excess = drawn.offsetWidth - (element.clientWidth + 1);
    if (excess <= 0) return;
    const shown = columns.flatMap((_, index) => (hidden.has(index) ? [] : [index]));
    const cells = drawn.tHead?.rows[0]?.cells;
    let next = dropped;
    for (let freed = 0; next < dropOrder.length && freed < excess; next++) freed += cells?.[shown.indexOf(dropOrder[next]!)]?.offsetWidth ?? excess;
    setFit({ width, content, columns, dropped: next });
  }, [width, content, columns, dropped, dropOrder, hidden]);

  return { area, table, columns: columns.filter((_, index) => !hidden.has(index)) };
}
