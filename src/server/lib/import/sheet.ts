/**
 * Reads an uploaded sheet (architecture §9: one importer) into a header row and data rows of plain
 * values, as a stream: a row is kept as it is read, with only the columns the caller wants and each
 * cell cut to MAX_CELL_CHARS, and reading stops at the row limit. What is not a sheet we read safely
 * is refused: an encrypted workbook, a workbook inflating past a budget (counted as it inflates, a zip
 * bomb), a document type (entity expansion), more rows than the limit. Formulas are never evaluated:
 * a formula cell is read as the value Excel stored with it.
 */
import type { MessageKey } from '../../../common/messages.js';
import { ValidationError } from '../errors.js';
import { CsvStream } from './csv.js';
import { attribute, XmlError, type XmlHandlers, XmlStream } from './xml.js';
import { type InflateBudget, inflateEntry, ZipError, type ZipEntry, zipEntries } from './zip.js';

export type Cell = string | number | boolean | Date | null;
export type SheetRow = { row: number; cells: Cell[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

/** The most data rows an import takes (docs/integrators/imports.md). */
export const MAX_IMPORT_ROWS = 20_000;
/**
 * The most characters of a cell kept: one more than this marks a longer cell, which the importer
 * refuses by its field's own length. No field of a form is this long.
 */
export const MAX_CELL_CHARS = 1_000;
/** The most a workbook's parts may inflate to, counted as they inflate: a 20,000-row sheet is ~15 MB of XML. */
export const MAX_INFLATED_BYTES = 100_000_000;
/** The most its shared-strings part may inflate to, and how many strings it may hold: the strings are kept while the sheet is read. */
export const MAX_SHARED_STRINGS_BYTES = 40_000_000;
const MAX_SHARED_STRINGS = 1_000_000;

/** How many data rows a reader takes, and what it says of a sheet with more (or a workbook inflating past the budget). */
export type SheetLimits = { rows: number; tooManyRows: MessageKey; tooBig: MessageKey };
const IMPORT_LIMITS: SheetLimits = { rows: MAX_IMPORT_ROWS, tooManyRows: 'import_too_many_rows', tooBig: 'import_too_big' };

/** The columns to keep, from the header row (all of them when absent). */
export type ColumnChoice = (headers: readonly string[]) => Iterable<number>;

const refuse = (message: MessageKey) => new ValidationError({ file: [message] });

/** No turn of the event loop is held longer than this by a reader or checker of a sheet. */
const TURN_MS = 50;

/** Yields to other requests once `TURN_MS` have passed since the last yield: call it often, it is cheap. */
export function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** A fresh copy of a kept string, so it does not hold on to the chunk of the file it was cut from. */
const detached = (text: string) => (text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8'));

/** Appends `piece` to `text` up to one character past the cell limit. */
const capped = (text: string, piece: string) => (text.length > MAX_CELL_CHARS ? text : (text + piece).slice(0, MAX_CELL_CHARS + 1));

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * Collects rows as they come: the first row with a value is the header, which decides the columns
 * kept; empty rows are skipped; one row past the limit stops the reading.
 */
class RowCollector {
  headers: string[] | undefined;
  readonly rows: SheetRow[] = [];
  private keep: number[] | undefined;

  constructor(
    private readonly limits: SheetLimits,
    private readonly choose: ColumnChoice | undefined,
  ) {}

  /** Whether the reader wants column `index` (before the header, every column). */
  wants(index: number): boolean {
    return this.keep === undefined || this.keep.includes(index);
  }

  add(row: number, cells: Cell[]): void {
    if (!cells.some((cell) => !isBlank(cell))) return;
    if (this.headers === undefined) {
      this.headers = Array.from(cells, (cell) => (cell === null ? '' : cell instanceof Date ? cell.toISOString() : detached(String(cell).trim())));
      if (this.choose) this.keep = [...this.choose(this.headers)];
      return;
    }
    if (this.rows.length >= this.limits.rows) throw refuse(this.limits.tooManyRows);
    const kept: Cell[] = [];
    for (const index of this.keep ?? cells.keys()) {
      const cell = cells[index];
      if (cell !== undefined && cell !== null) kept[index] = typeof cell === 'string' ? detached(cell) : cell;
    }
    this.rows.push({ row, cells: Array.from(kept, (cell) => cell ?? null) });
  }

  sheet(): Sheet {
    if (this.headers === undefined) throw refuse('import_not_sheet');
    return { headers: this.headers, rows: this.rows };
  }
}

/** 'AB12' → 27 (zero-based column); undefined when the reference has no letters. */
function columnOfReference(reference: string | undefined): number | undefined {
  const letters = reference?.match(/^[A-Z]{1,3}/)?.[0];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Encrypted Office files are OLE compound documents, not zips. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Number formats Excel shows as dates or times, built in (14–22, 45–47) or written out ('dd/mm/yyyy'). */
const isDateFormat = (id: number, code: string | undefined) =>
  (id >= 14 && id <= 22) ||
  (id >= 45 && id <= 47) ||
  (code !== undefined &&
    /[dmyhs]/i.test(
      code
        .replace(/"[^"]*"/g, '')
        .replace(/\[[^\]]*\]/g, '')
        .replace(/\\./g, ''),
    ));

/** A part of the workbook streamed through an XML reader, yielding between chunks; a part it cannot read is a damaged file. */
async function readPart(zip: Buffer, entry: ZipEntry, budget: InflateBudget, handlers: XmlHandlers, pace: () => Promise<void>): Promise<void> {
  const xml = new XmlStream(handlers);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of inflateEntry(zip, entry, budget)) {
    xml.write(decoder.decode(chunk, { stream: true }));
    await pace();
  }
  xml.write(decoder.decode());
  xml.end();
}

/** A part named by a relationship's target, relative to xl/ or absolute. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

async function readXlsx(zip: Buffer, limits: SheetLimits, choose: ColumnChoice | undefined): Promise<Sheet> {
  const entries = await zipEntries(zip);
  const budget: InflateBudget = { left: MAX_INFLATED_BYTES };
  const pace = pacer();
  const part = (name: string) => entries.get(name);

  // The workbook: its first sheet (the template's second sheet explains the columns), and its date system.
  let firstSheet: string | undefined;
  let date1904 = false;
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw refuse('import_not_sheet');
  await readPart(
    zip,
    workbook,
    budget,
    {
      open: (name, attributes) => {
        if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(attributes, 'date1904') ?? '');
        if (name === 'sheet' && firstSheet === undefined) firstSheet = attribute(attributes, 'r:id') ?? '';
      },
      close: () => {},
      text: () => {},
    },
    pace,
  );
  let sheetPart = 'xl/worksheets/sheet1.xml';
  const relations = part('xl/_rels/workbook.xml.rels');
  if (relations && firstSheet) {
    await readPart(
      zip,
      relations,
      budget,
      {
        open: (name, attributes) => {
          if (name === 'Relationship' && attribute(attributes, 'Id') === firstSheet) sheetPart = partName(attribute(attributes, 'Target') ?? '');
        },
        close: () => {},
        text: () => {},
      },
      pace,
    );
  }
  const sheet = part(sheetPart);
  if (!sheet) throw refuse('import_not_sheet');

  // Which cell styles are dates, so a date cell reads as a date and not as Excel's day number.
  const dateStyles: boolean[] = [];
  const styles = part('xl/styles.xml');
  if (styles) {
    const formats = new Map<number, string>();
    let inCellStyles = false;
    await readPart(
      zip,
      styles,
      budget,
      {
        open: (name, attributes) => {
          if (name === 'numFmt') formats.set(Number(attribute(attributes, 'numFmtId')), attribute(attributes, 'formatCode') ?? '');
          else if (name === 'cellXfs') inCellStyles = true;
          else if (name === 'xf' && inCellStyles) {
            const id = Number(attribute(attributes, 'numFmtId') ?? 0);
            if (dateStyles.length < 65_536) dateStyles.push(isDateFormat(id, formats.get(id)));
          }
        },
        close: (name) => {
          if (name === 'cellXfs') inCellStyles = false;
        },
        text: () => {},
      },
      pace,
    );
  }

  // The shared strings, each cut to the cell limit (rich text joined, phonetic guides left out).
  const shared: string[] = [];
  const strings = part('xl/sharedStrings.xml');
  if (strings) {
    const stringBudget: InflateBudget = { left: Math.min(MAX_SHARED_STRINGS_BYTES, budget.left) };
    let current: string | undefined;
    let inText = false;
    let phonetic = 0;
    const before = stringBudget.left;
    await readPart(
      zip,
      strings,
      stringBudget,
      {
        open: (name) => {
          if (name === 'si') current = '';
          else if (name === 't') inText = phonetic === 0;
          else if (name === 'rPh') phonetic++;
        },
        close: (name) => {
          if (name === 'si' && current !== undefined) {
            if (shared.length >= MAX_SHARED_STRINGS) throw new ZipError('too_big');
            shared.push(detached(current));
            current = undefined;
          } else if (name === 't') inText = false;
          else if (name === 'rPh') phonetic--;
        },
        text: (text) => {
          if (inText && current !== undefined) current = capped(current, text);
        },
      },
      pace,
    );
    budget.left -= before - stringBudget.left;
  }

  // The first sheet, row by row.
  const rows = new RowCollector(limits, choose);
  let rowNumber = 0;
  let cells: Cell[] = [];
  let column = -1;
  let type = 'n';
  let style = 0;
  let value: string | undefined;
  let reading: 'v' | 'is' | undefined;
  let inText = false;
  let phonetic = 0;
  let cellWanted = false;
  const cellValue = (): Cell => {
    if (value === undefined) return null;
    switch (type) {
      case 's':
        return shared[Number(value)] ?? null;
      case 'inlineStr':
      case 'str':
        return value;
      case 'b':
        return value === '1' || value === 'true';
      case 'e':
        return null;
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date;
      }
      default: {
        const number = Number(value);
        if (value.trim() === '' || !Number.isFinite(number)) return value;
        if (dateStyles[style]) return new Date(Math.round((number - (date1904 ? -1462 : 0) - 25_569) * 86_400_000));
        return number;
      }
    }
  };
  await readPart(
    zip,
    sheet,
    budget,
    {
      open: (name, attributes, selfClosing) => {
        if (name === 'row') {
          const declared = Number(attribute(attributes, 'r'));
          rowNumber = Number.isSafeInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
          cells = [];
          column = -1;
        } else if (name === 'c') {
          column = columnOfReference(attribute(attributes, 'r')) ?? column + 1;
          type = attribute(attributes, 't') ?? 'n';
          style = Number(attribute(attributes, 's') ?? 0);
          value = undefined;
          cellWanted = column < 16_384 && rows.wants(column);
        } else if (!cellWanted || selfClosing) return;
        else if (name === 'v') {
          reading = 'v';
          value = '';
        } else if (name === 'is') {
          reading = 'is';
          value = '';
        } else if (name === 't' && reading === 'is') inText = phonetic === 0;
        else if (name === 'rPh') phonetic++;
      },
      close: (name) => {
        if (name === 'row') rows.add(rowNumber, cells);
        else if (name === 'c') {
          if (cellWanted) cells[column] = cellValue();
          cellWanted = false;
        } else if (name === 'v' || name === 'is') reading = undefined;
        else if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
      },
      text: (text) => {
        if (!cellWanted || value === undefined) return;
        if (reading === 'v' || (reading === 'is' && inText)) value = capped(value, text);
      },
    },
    pace,
  );
  return rows.sheet();
}

/** CSV text (UTF-8, with or without a BOM), decoded and parsed a slice at a time. */
async function readCsv(buffer: Buffer, limits: SheetLimits, choose: ColumnChoice | undefined): Promise<Sheet> {
  const rows = new RowCollector(limits, choose);
  let rowNumber = 0;
  const csv = new CsvStream((cells) => rows.add(++rowNumber, cells), MAX_CELL_CHARS + 1);
  const decoder = new TextDecoder('utf-8');
  const pace = pacer();
  // 16 KB a slice: a turn stays short even before the parser's code is optimised.
  for (let at = 0; at < buffer.length; at += 16_384) {
    const text = decoder.decode(buffer.subarray(at, at + 16_384), { stream: true });
    // Binary that is neither a zip nor text (a picture, a PDF) is not a sheet.
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw refuse('import_not_sheet');
    csv.write(at === 0 ? text.replace(/^\uFEFF/, '') : text);
    await pace();
  }
  csv.end();
  return rows.sheet();
}

/**
 * The sheet in `buffer`: an .xlsx by its bytes, or CSV text. `columns` picks the columns kept from the
 * header row (an importer keeps those its template knows); other cells are never kept.
 */
export async function readSheet(buffer: Buffer, limits: SheetLimits = IMPORT_LIMITS, columns?: ColumnChoice): Promise<Sheet> {
  if (buffer.subarray(0, 8).equals(OLE_SIGNATURE)) throw refuse('import_encrypted');
  if (!buffer.subarray(0, 4).equals(ZIP_SIGNATURE)) return readCsv(buffer, limits, columns);
  try {
    return await readXlsx(buffer, limits, columns);
  } catch (error) {
    if (error instanceof ZipError) throw refuse(error.reason === 'too_big' ? limits.tooBig : 'import_corrupt');
    if (error instanceof XmlError) throw refuse('import_corrupt');
    throw error;
  }
}
