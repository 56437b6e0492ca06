/**
 * The one importer (architecture §9): match a sheet's headers to a definition's columns, turn each
 * row into the form's input, check it with the form's own schema, report per row, and give the
 * refused rows back as a sheet. A new importable thing (marks) is another definition.
 */
import { loadExcel } from '../late-modules.js';
import type { z } from 'zod';
import { isMessageKey, type Lang, type MessageKey, translate } from '../../../common/messages.js';
import { ValidationError } from '../errors.js';
import { LIMITS } from '../../../common/constants.js';
import { type Cell, pacer, type Sheet } from './sheet.js';

/** A message and what it names ({value}, {suggestion}…). */
export type RowMessage = { key: MessageKey; params?: Record<string, unknown> };
export type RowErrors = Record<string, RowMessage[]>;

export type ImportColumn = {
  /** The form field the column fills. */
  field: string;
  /** Header texts it is known by, Bengali and English; matched ignoring case, spaces and punctuation. */
  headers: readonly string[];
  /** The first header is the template's. */
  example: string;
  /** The form field its value becomes, when that is not `field` (a place name becomes its id): errors name that field. */
  input?: string;
  /** The most characters its cell may hold (LIMITS.shortText when absent): a longer cell is refused before anything else reads it. */
  maxLength?: number;
  /** The values a cell may take, as the template's drop-down list offers them. */
  choices?: () => string[];
};

export type ImportDefinition<Input> = {
  columns: readonly ImportColumn[];
  /**
   * A row's cells (by field) as the form's raw input, with what cannot become one (a place name
   * the geo tree does not know) as errors of their fields.
   */
  read: (cells: Record<string, Cell>) => { values: Record<string, unknown>; errors: RowErrors };
  /** The form's schema: one definition of every rule. */
  schema: z.ZodType<Input>;
};

export type CheckedRow<Input> = { row: number; cells: Cell[]; values: Record<string, unknown>; input?: Input; errors: RowErrors };

/** 'Class Roll', 'class_roll' and 'ক্লাস রোল' compare by their letters and digits only. */
export const headerKey = (text: string) => text.toLocaleLowerCase('en-US').replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

/** Which sheet column each definition column is in; a sheet matching none is refused. */
export function matchHeaders(definition: ImportDefinition<unknown>, headers: readonly string[]): Map<string, number> {
  const byHeader = new Map(headers.map((header, index) => [headerKey(header), index]));
  const found = new Map<string, number>();
  for (const column of definition.columns) {
    const index = column.headers.map((header) => byHeader.get(headerKey(header))).find((i) => i !== undefined);
    if (index !== undefined) found.set(column.field, index);
  }
  if (found.size === 0) throw new ValidationError({ file: ['import_no_headers'] });
  return found;
}

/** The column an error's field comes from. */
const columnOf = (definition: ImportDefinition<unknown>, field: string) => definition.columns.find((column) => (column.input ?? column.field) === field);

function addError(errors: RowErrors, field: string, message: RowMessage) {
  (errors[field] ??= []).push(message);
}

/** The sheet columns a definition reads (for readSheet: the others are never kept). */
export const columnsOf =
  (definition: ImportDefinition<unknown>) =>
  (headers: readonly string[]): Iterable<number> =>
    matchHeaders(definition, headers).values();

/** How much of a refused long cell its message quotes. */
const QUOTED_CHARS = 20;

/**
 * A row's cells by field, each bounded by its column's length first: a longer cell is its field's
 * error (quoted short) and is read as empty, so nothing after costs more than the field allows.
 */
function boundedCells(definition: ImportDefinition<unknown>, columns: Map<string, number>, cells: readonly Cell[]) {
  const byField: Record<string, Cell> = {};
  const errors: RowErrors = {};
  for (const column of definition.columns) {
    const index = columns.get(column.field);
    if (index === undefined) continue;
    const cell = cells[index] ?? null;
    const max = column.maxLength ?? LIMITS.shortText;
    if (typeof cell === 'string' && cell.length > max) {
      addError(errors, column.input ?? column.field, { key: 'import_cell_too_long', params: { value: cell.slice(0, QUOTED_CHARS), max } });
      byField[column.field] = null;
    } else byField[column.field] = cell;
  }
  return { byField, errors };
}

/** The bounds a length or size message names ({min}, {max}). */
function boundsOf(issue: z.core.$ZodIssue): Record<string, unknown> {
  const bounds: Record<string, unknown> = {};
  if ('maximum' in issue) bounds.max = Number(issue.maximum);
  if ('minimum' in issue) bounds.min = Number(issue.minimum);
  return bounds;
}

/** Every row checked, yielding to other requests whenever a turn has run long. */
export async function checkRows<Input>(definition: ImportDefinition<Input>, sheet: Sheet): Promise<CheckedRow<Input>[]> {
  const columns = matchHeaders(definition as ImportDefinition<unknown>, sheet.headers);
  const checked: CheckedRow<Input>[] = [];
  const pace = pacer();
  for (const { row, cells } of sheet.rows) {
    await pace();
    const bounded = boundedCells(definition as ImportDefinition<unknown>, columns, cells);
    const read = definition.read(bounded.byField);
    const values = read.values;
    const errors: RowErrors = { ...bounded.errors, ...read.errors };
    const parsed = definition.schema.safeParse(values);
    if (parsed.success) {
      checked.push({ row, cells, values, input: Object.keys(errors).length === 0 ? parsed.data : undefined, errors });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'file');
      // A field already refused by `read` keeps that clearer message.
      if (errors[field]) continue;
      const choices = issue.message === 'invalid_choice' ? columnOf(definition as ImportDefinition<unknown>, field)?.choices : undefined;
      if (choices) addError(errors, field, { key: 'import_choice', params: { choices: choices().join(', ') } });
      else addError(errors, field, { key: isMessageKey(issue.message) ? issue.message : 'invalid_text', params: boundsOf(issue) });
    }
    checked.push({ row, cells, values, errors });
  }
  return checked;
}

export function translateErrors(lang: Lang, errors: RowErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => translate(lang, m.key, m.params))]));
}

/**
 * The refused rows as an .xlsx: the sheet's header and cells of the columns the import reads (the
 * others were never kept), an error column in the reader's language, the cells at fault filled, and
 * the template's drop-down lists on the columns that have them, ready to fix and upload again.
 */
export async function failedRowsWorkbook(
  definition: ImportDefinition<unknown>,
  sheet: Sheet,
  refused: readonly CheckedRow<unknown>[],
  lang: Lang,
): Promise<Buffer> {
  const matched = matchHeaders(definition, sheet.headers);
  // The columns read, in the sheet's order, each with the definition column it fills.
  const kept = [...matched]
    .map(([field, index]) => ({ index, column: definition.columns.find((column) => column.field === field)! }))
    .sort((a, b) => a.index - b.index);
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const worksheet = workbook.addWorksheet(translate(lang, 'import_failed_sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet('Lists', { state: 'veryHidden' });
  const errorHeader = translate(lang, 'import_error_column');
  worksheet.addRow([...kept.map(({ index }) => sheet.headers[index]), errorHeader]).font = { bold: true };
  for (const row of refused) {
    const errors = translateErrors(lang, row.errors);
    const text = Object.entries(errors)
      .map(([field, messages]) => {
        const label = columnOf(definition, field)?.headers[0];
        return label ? `${label}: ${messages.join(' ')}` : messages.join(' ');
      })
      .join('\n');
    // Every cell as text: a mobile or birth number must come back as it went in.
    const added = worksheet.addRow([...kept.map(({ index }) => row.cells[index] ?? null), text]);
    kept.forEach(({ column }, position) => {
      if (Object.keys(row.errors).includes(column.input ?? column.field))
        added.getCell(position + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE08A' } };
    });
    added.getCell(kept.length + 1).alignment = { wrapText: true, vertical: 'top' };
  }
  let listColumn = 0;
  kept.forEach(({ column }, position) => {
    const sheetColumn = worksheet.getColumn(position + 1);
    sheetColumn.numFmt = '@';
    sheetColumn.width = Math.min(40, Math.max(10, (sheet.headers[kept[position]!.index] ?? '').length + 4));
    if (!column.choices) return;
    const values = column.choices();
    const letter = lists.getColumn(++listColumn).letter;
    values.forEach((value, i) => (lists.getCell(`${letter}${i + 1}`).value = value));
    for (let row = 2; row <= refused.length + 1; row++)
      worksheet.getCell(row, position + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`Lists!$${letter}$1:$${letter}$${values.length}`],
        showErrorMessage: false,
      };
  });
  worksheet.getColumn(kept.length + 1).width = 60;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
