/** A 422 answer to POST page-build/layout, sorted for the page builder's screen. */
export type LayoutErrors = { byRow: Map<number, string>; general: string[] };

/** Field messages of a 422 for one row ('layout.rows.2.cells' → row 2), and those for no row. */
export function splitLayoutErrors(fieldErrors: Record<string, string[]>): LayoutErrors {
  const byRow: LayoutErrors['byRow'] = new Map();
  const general: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const [first] = messages;
    if (first === undefined) continue;
    const match = /^layout\.rows\.(\d+)/.exec(name.replace(/\[(\w*)\]/g, '.$1'));
    if (match) byRow.set(Number(match[1]), first);
    else general.push(first);
  }
  return { byRow, general };
}
