/**
 * Reads an uploaded sheet (architecture §9: one importer) into a header row and data rows of plain
 * values, refusing what is not a sheet we read safely: an encrypted workbook, a zip that inflates
 * past a budget (a zip bomb), more rows than the limit. Formulas are never evaluated: a formula cell
 * is read as the value Excel stored with it.
 */
import ExcelJS from 'exceljs';
import type { MessageKey } from '../../../common/messages.js';
import { ValidationError } from '../errors.js';
import { csvRows } from './csv.js';

export type Cell = string | number | boolean | Date | null;
export type SheetRow = { row: number; cells: Cell[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

/** The most data rows an import takes (README: Bulk registration). */
export const MAX_IMPORT_ROWS = 20_000;
/** The most a workbook's parts may inflate to: a 20,000-row sheet is ~15 MB of XML. */
const MAX_INFLATED_BYTES = 100_000_000;

/** How many data rows a reader takes, and what it says of a sheet with more (or a workbook inflating past the budget). */
export type SheetLimits = { rows: number; tooManyRows: MessageKey; tooBig: MessageKey };
const IMPORT_LIMITS: SheetLimits = { rows: MAX_IMPORT_ROWS, tooManyRows: 'import_too_many_rows', tooBig: 'import_too_big' };

const refuse = (message: MessageKey) => new ValidationError({ file: [message] });

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Encrypted Office files are OLE compound documents, not zips. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The total size a zip's entries claim once inflated, from its central directory (read before anything is inflated). */
function inflatedSize(zip: Buffer): number {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const from = Math.max(0, zip.length - 65_557);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), zip.length - 22);
  if (end < from || end < 0) throw refuse('import_corrupt');
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) throw refuse('import_corrupt');
    total += zip.readUInt32LE(offset + 24);
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return total;
}

/** A cell's value as the sheet shows it: rich text joined, a formula's stored result, a hyperlink's text. */
function plain(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return plain((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return null;
}

async function readXlsx(buffer: Buffer, limits: SheetLimits): Promise<Cell[][]> {
  if (inflatedSize(buffer) > MAX_INFLATED_BYTES) throw refuse(limits.tooBig);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw refuse('import_corrupt');
  }
  // The first sheet holds the data (the template's second sheet explains the columns).
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse('import_not_sheet');
  if (sheet.rowCount > limits.rows + 1) throw refuse(limits.tooManyRows);
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    rows[number - 1] = values.slice(1).map(plain);
  });
  return Array.from(rows, (row) => row ?? []);
}

/** CSV rows, pausing every few thousand so other requests are answered while a large file is read. */
async function readCsv(text: string): Promise<Cell[][]> {
  const grid: Cell[][] = [];
  for (const row of csvRows(text)) {
    grid.push(row);
    if (grid.length % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return grid;
}

/** The sheet in `buffer`: an .xlsx by its bytes, or CSV text (UTF-8, with or without a BOM). */
export async function readSheet(buffer: Buffer, limits: SheetLimits = IMPORT_LIMITS): Promise<Sheet> {
  if (buffer.subarray(0, 8).equals(OLE_SIGNATURE)) throw refuse('import_encrypted');
  let grid: Cell[][];
  if (buffer.subarray(0, 4).equals(ZIP_SIGNATURE)) grid = await readXlsx(buffer, limits);
  else {
    const text = buffer.toString('utf8');
    // Binary that is neither a zip nor text (a picture, a PDF) is not a sheet.
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw refuse('import_not_sheet');
    grid = await readCsv(text.replace(/^\uFEFF/, ''));
  }
  const headerIndex = grid.findIndex((cells) => cells.some((cell) => cell !== null && String(cell).trim() !== ''));
  if (headerIndex < 0) throw refuse('import_not_sheet');
  const headers = grid[headerIndex]!.map((cell) => (cell === null ? '' : String(cell).trim()));
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i]!;
    // Empty rows are skipped, wherever they are.
    if (!cells.some((cell) => cell !== null && String(cell).trim() !== '')) continue;
    rows.push({ row: i + 1, cells });
  }
  if (rows.length > limits.rows) throw refuse(limits.tooManyRows);
  return { headers, rows };
}
