/**
 * An institute's result sheet as .xlsx (docs/integrators/documents.md): a sheet of counts per class
 * and a sheet of its students in class and position order, headers and codes in the reader's language
 * (the exports' words, src/server/lib/column-labels.ts, for the columns they share). Roll numbers are
 * text cells, so leading zeros stay. At most a few thousand rows: the workbook is made in memory.
 */
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/late-modules.js';
import type { Lang } from '../../../common/messages.js';
import { headerOf, valueLabels } from '../../lib/column-labels.js';
import { GRADE_LABELS, RESULT_TEXT as T, STATE_LABELS } from '../../lib/pdf/document-texts.js';
import type { ClassCounts, InstituteHeading, InstituteResultRow } from './result-documents.js';

type Column = { header: string; width: number; text?: boolean };

function addSheet(workbook: ExcelJS.Workbook, name: string, columns: Column[], rows: (string | number | null)[][]): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: column.width, ...(column.text ? { style: { numFmt: '@' } } : {}) }));
  sheet.addRow(columns.map((column) => column.header)).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
}

export async function instituteWorkbook(
  institute: InstituteHeading,
  classes: readonly ClassCounts[],
  rows: readonly InstituteResultRow[],
  lang: Lang,
): Promise<Buffer> {
  const classNames = valueLabels('class', lang)!;
  const className = (code: string) => classNames.get(code) ?? code;
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.title = `${T.instituteSheet[lang]}: ${institute.name}`;
  const counts = ['students', 'pass', 'fail', 'absent', 'talent_pool', 'general'] as const;
  const countHeaders = { students: T.students, pass: STATE_LABELS.pass, fail: STATE_LABELS.fail, absent: STATE_LABELS.absent, ...GRADE_LABELS };
  addSheet(
    workbook,
    T.counts[lang],
    [{ header: headerOf('class', lang), width: 18 }, ...counts.map((key) => ({ header: countHeaders[key][lang], width: 14 }))],
    classes.map((c) => [className(c.class), ...counts.map((key) => c[key])]),
  );
  addSheet(
    workbook,
    T.students[lang],
    [
      { header: headerOf('class', lang), width: 16 },
      { header: T.position[lang], width: 10 },
      { header: headerOf('roll_no', lang), width: 14, text: true },
      { header: headerOf('name_bangla', lang), width: 32 },
      { header: headerOf('full_name', lang), width: 32 },
      { header: T.total[lang], width: 10 },
      { header: T.state[lang], width: 14 },
      { header: T.grade[lang], width: 16 },
    ],
    rows.map((row) => [
      className(row.class),
      // An absent student's place at the end of the list is no rank (as on the printed sheet).
      row.state === 'absent' ? null : row.position,
      row.roll_no,
      row.name_bangla,
      row.name_english,
      row.total,
      STATE_LABELS[row.state][lang],
      row.grade ? GRADE_LABELS[row.grade][lang] : null,
    ]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
