/**
 * The PageBuilder's rows (architecture §5: rows of 12, 4+4+4, 3+3+3+3 or 6+6 columns, rich text in
 * each cell) as the screen edits them. Pure, so the rules are tested without a browser.
 */
export type SavedRow = { layout: string; cells: string[] };

/** A row on screen: a key that survives moves and layout changes, so each cell keeps its editor. */
export type BuilderRow = SavedRow & { key: string };

/** The twelfths each column takes: '4+4+4' → [4, 4, 4]. */
export const columnSpans = (layout: string): number[] => layout.split('+').map(Number);

/** What an empty rich-text cell holds when the editor has been touched and emptied again. */
const isBlank = (html: string) => html.replace(/<p>\s*<\/p>|<br\s*\/?>|\s/g, '') === '';

let nextKey = 0;
const newKey = () => `row-${(nextKey += 1)}`;

export function fromSaved(rows: readonly SavedRow[] | null | undefined): BuilderRow[] {
  return (rows ?? []).map((row) => ({ key: newKey(), layout: row.layout, cells: columnSpans(row.layout).map((_span, index) => row.cells[index] ?? '') }));
}

export const toSaved = (rows: readonly BuilderRow[]): SavedRow[] => rows.map(({ layout, cells }) => ({ layout, cells: [...cells] }));

export const emptyRow = (layout: string): BuilderRow => ({ key: newKey(), layout, cells: columnSpans(layout).map(() => '') });

/**
 * The row with another layout: cells keep their content in order; when there are fewer columns,
 * what the dropped cells held is appended to the last one that stays, so nothing written is lost.
 */
export function changeLayout(row: BuilderRow, layout: string): BuilderRow {
  const count = columnSpans(layout).length;
  const kept = Array.from({ length: count }, (_unused, index) => row.cells[index] ?? '');
  const dropped = row.cells.slice(count).filter((html) => !isBlank(html));
  if (dropped.length > 0) kept[count - 1] = [kept[count - 1] ?? '', ...dropped].filter((html) => !isBlank(html)).join('');
  return { ...row, layout, cells: kept };
}

export function moveRow(rows: readonly BuilderRow[], index: number, by: -1 | 1): BuilderRow[] {
  const target = index + by;
  if (target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target] as BuilderRow, next[index] as BuilderRow];
  return next;
}

export const setCell = (rows: readonly BuilderRow[], key: string, cell: number, html: string): BuilderRow[] =>
  rows.map((row) => (row.key === key ? { ...row, cells: row.cells.map((old, index) => (index === cell ? html : old)) } : row));
