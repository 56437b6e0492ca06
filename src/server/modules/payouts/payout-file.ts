/**
 * A batch written in its provider's layout (payout-layouts.ts), as the admin uploads it to the provider:
 * an .xlsx whose every cell of a number people copy is text (an account number keeps its leading zeros and
 * is never shown as 1.2E+15), or a CSV. The lines' details are those sent, kept on the line.
 */
import { loadExcel } from '../../lib/late-modules.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { formatted, layoutByKey, type LayoutSource, type PayoutLayout } from './payout-layouts.js';
import { batchById, linesOf } from './payouts.repository.js';
import type { Candidate } from './payouts.repository.js';

type SentDetails = Omit<Candidate, 'registration_id' | 'amount'>;

function rowsOf(layout: PayoutLayout, lines: Awaited<ReturnType<typeof linesOf>>): (string | number | null)[][] {
  return lines.map((line) => {
    const sent = JSON.parse(line.details) as SentDetails;
    const value = (source: LayoutSource): string | number | null => {
      if (source === 'reference') return line.reference;
      if (source === 'amount') return line.amount;
      return sent[source] ?? null;
    };
    return layout.columns.map((column) => formatted(column.format, value(column.source)));
  });
}

async function xlsxOf(layout: PayoutLayout, reference: string, rows: (string | number | null)[][]): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(reference.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(layout.columns.map((column) => column.header)).font = { bold: true };
  layout.columns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    if (column.format !== 'taka') sheetColumn.numFmt = '@';
    sheetColumn.width = Math.max(12, column.header.length + 4, ...rows.map((row) => String(row[i] ?? '').length + 2));
  });
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV field: quoted; a text starting as a formula would is led by an apostrophe, so a spreadsheet shows it instead of running it. */
const csvField = (value: string | number | null) => {
  if (value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : String(value);
  return `"${text.replaceAll('"', '""')}"`;
};

/** The batch's file and its name (the batch's reference). */
export async function batchFile(db: Kysely<Database>, id: number, format: 'xlsx' | 'csv'): Promise<{ name: string; body: Buffer }> {
  const batch = await batchById(db, id);
  if (!batch) throw notFound();
  const layout = layoutByKey(batch.layout)!;
  const rows = rowsOf(layout, await linesOf(db, id));
  const name = `${batch.reference}-${layout.key}.${format}`;
  if (format === 'xlsx') return { name, body: await xlsxOf(layout, batch.reference, rows) };
  const text = [layout.columns.map((column) => column.header), ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');
  return { name, body: Buffer.from(`\ufeff${text}\r\n`, 'utf8') };
}
