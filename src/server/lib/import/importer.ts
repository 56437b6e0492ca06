/**
 * The one importer (architecture §9): match a sheet's headers to a definition's columns, turn each
 * row into the form's input, check it with the form's own schema, report per row, and give the
 * refused rows back as a sheet. A new importable thing (marks) is another definition.
 */
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { isMessageKey, type Lang, type MessageKey, translate } from '../../../common/messages.js';
import { ValidationError } from '../errors.js';
import type { Cell, Sheet } from './sheet.js';

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

/** Every row checked, yielding to other requests every few hundred rows. */
export async function checkRows<Input>(definition: ImportDefinition<Input>, sheet: Sheet): Promise<CheckedRow<Input>[]> {
  const columns = matchHeaders(definition as ImportDefinition<unknown>, sheet.headers);
  const checked: CheckedRow<Input>[] = [];
  for (const [i, { row, cells }] of sheet.rows.entries()) {
    if (i > 0 && i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    const byField = Object.fromEntries([...columns].map(([field, index]) => [field, cells[index] ?? null]));
    const { values, errors } = definition.read(byField);
    const parsed = definition.schema.safeParse(values);
    if (parsed.success) {
      checked.push({ row, cells, values, input: Object.keys(errors).length === 0 ? parsed.data : undefined, errors });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'file');
      // A field already refused by `read` keeps that clearer message.
      if (errors[field]) continue;
      addError(errors, field, { key: isMessageKey(issue.message) ? issue.message : 'invalid_text' });
    }
    checked.push({ row, cells, values, errors });
  }
  return checked;
}

export function translateErrors(lang: Lang, errors: RowErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => translate(lang, m.key, m.params))]));
}

/**
 * The refused rows as an .xlsx: the sheet's own header and cells, an error column in the reader's
 * language, and the cells at fault filled, ready to fix and upload again.
 */
export async function failedRowsWorkbook(
  definition: ImportDefinition<unknown>,
  sheet: Sheet,
  refused: readonly CheckedRow<unknown>[],
  lang: Lang,
): Promise<Buffer> {
  const columns = matchHeaders(definition, sheet.headers);
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(translate(lang, 'import_failed_sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const errorHeader = translate(lang, 'import_error_column');
  worksheet.addRow([...sheet.headers, errorHeader]).font = { bold: true };
  for (const row of refused) {
    const errors = translateErrors(lang, row.errors);
    const text = Object.entries(errors)
      .map(([field, messages]) => `${columnOf(definition, field)?.headers[0] ?? field}: ${messages.join(' ')}`)
      .join('\n');
    // Every cell as text: a mobile or birth number must come back as it went in.
    const added = worksheet.addRow([...sheet.headers.map((_, i) => row.cells[i] ?? null), text]);
    for (const field of Object.keys(row.errors)) {
      const column = columnOf(definition, field);
      const index = column && columns.get(column.field);
      if (index === undefined) continue;
      added.getCell(index + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE08A' } };
    }
    added.getCell(sheet.headers.length + 1).alignment = { wrapText: true, vertical: 'top' };
  }
  worksheet.columns.forEach((column, i) => {
    column.width = i === sheet.headers.length ? 60 : Math.min(40, Math.max(10, (sheet.headers[i] ?? '').length + 4));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
