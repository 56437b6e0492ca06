/**
 * Marks import (docs/integrators/results.md; architecture §9 "one importer"): a sheet of one class, the roll and one
 * column per subject. A cell is a number (halves allowed), an absent word, or empty (that subject is
 * left as it is). Each cell gets the checks POST /api/v1/marks gives a mark; a row with a bad cell is
 * refused whole, with the reasons per column. Valid rows are written ROWS_PER_TRANSACTION at a time.
 */
import { loadExcel } from '../../lib/late-modules.js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ABSENT_WORDS, otherClassParams, readMark, rollNumber } from '../../../common/schemas/results.js';
import type { Database } from '../../db/types.js';
import type { CheckedRow, ImportColumn, ImportDefinition, RowErrors } from '../../lib/import/importer.js';
import { checkRows, matchHeaders } from '../../lib/import/importer.js';
import { ValidationError } from '../../lib/errors.js';
import type { Cell, Sheet } from '../../lib/import/sheet.js';
import type { Caller } from '../../lib/resource/definition.js';
import { type MarkEntry, ROLL_BATCH, rollError, type Student, studentsByRoll, type Subject, writeMarks } from './marks.service.js';

/** A checked row: the roll, and the marks its filled cells give. */
export type MarksRow = { roll_no: string; marks: { subject_id: number; marks: number | null; absent: boolean }[] };

/** Sheet rows per transaction: at most 20 subjects each, so a transaction holds at most 10,000 marks. */
const ROWS_PER_TRANSACTION = 500;

const ROLL_COLUMN: ImportColumn = {
  field: 'roll_no',
  headers: ['রোল নম্বর (Roll No)', 'রোল নম্বর', 'Roll No', 'Roll Number', 'Roll', 'রোল', 'roll_no'],
  example: '2604000017',
};

/** The field a subject's column fills, which its errors name. */
export const subjectField = (subject: Pick<Subject, 'id'>) => `subject_${subject.id}`;

/** The subject's column: its bilingual header, its Bengali or English name alone. */
const subjectColumn = (subject: Subject): ImportColumn => ({
  field: subjectField(subject),
  headers: [`${subject.name_bn} (${subject.name_en})`, subject.name_bn, subject.name_en],
  example: String(Math.floor(subject.full_marks * 0.75)),
});

const MarksRowSchema = z.object({
  roll_no: rollNumber,
  marks: z.array(z.object({ subject_id: z.number(), marks: z.number().nullable(), absent: z.boolean() })),
});

/** One class's sheet: the roll and its subjects' columns. */
export function marksImport(subjects: readonly Subject[]): ImportDefinition<MarksRow> {
  return {
    columns: [ROLL_COLUMN, ...subjects.map(subjectColumn)],
    read(cells: Record<string, Cell>) {
      const errors: RowErrors = {};
      const marks: MarksRow['marks'] = [];
      for (const subject of subjects) {
        const field = subjectField(subject);
        if (!(field in cells)) continue;
        const read = readMark(cells[field]);
        // An empty cell leaves the subject's mark as it is.
        if ('error' in read && read.error === 'required') continue;
        if ('error' in read) errors[field] = [{ key: read.error }];
        else if ('marks' in read && read.marks > subject.full_marks) errors[field] = [{ key: 'marks_above_full', params: { max: subject.full_marks } }];
        else marks.push({ subject_id: subject.id, marks: 'marks' in read ? read.marks : null, absent: 'absent' in read });
      }
      const roll = cells.roll_no;
      return { values: { roll_no: roll === null || roll === undefined ? undefined : roll, marks }, errors };
    },
    schema: MarksRowSchema,
  };
}

/** A mark already entered that the sheet would replace: the examiner confirms these before they are stored. */
export type MarkChange = {
  roll_no: string;
  subject_id: number;
  before: { marks: number | null; absent: boolean };
  after: { marks: number | null; absent: boolean };
};

export type MarksReport = {
  total: number;
  valid: number;
  invalid: number;
  stored: number;
  changes: MarkChange[];
  rows: { row: number; status: 'valid' | 'invalid' | 'stored'; roll_no: string | null; errors: RowErrors }[];
};

/** The marks already entered that these rows would replace, old and new. */
async function changesOf(db: Kysely<Database>, rows: readonly MarksRow[], students: Map<string, Student>): Promise<MarkChange[]> {
  const registrations = [...new Set(rows.map((row) => students.get(row.roll_no)!.registration_id))];
  const before = new Map<string, { marks: number | null; absent: number }>();
  for (let start = 0; start < registrations.length; start += ROLL_BATCH) {
    const found = await db
      .selectFrom('marks')
      .select(['registration_id', 'subject_id', 'marks', 'absent'])
      .where('registration_id', 'in', registrations.slice(start, start + ROLL_BATCH))
      .execute();
    for (const mark of found) before.set(`${mark.registration_id}:${mark.subject_id}`, mark);
  }
  // A roll twice in a sheet: its later row wins, as it is stored.
  const latest = new Map<string, MarkChange>();
  for (const row of rows)
    for (const mark of row.marks) {
      const key = `${students.get(row.roll_no)!.registration_id}:${mark.subject_id}`;
      const old = before.get(key);
      if (!old) continue;
      const change = {
        roll_no: row.roll_no,
        subject_id: mark.subject_id,
        before: { marks: old.marks, absent: old.absent === 1 },
        after: { marks: mark.marks, absent: mark.absent },
      };
      latest.set(key, change);
    }
  return [...latest.values()].filter((change) => change.before.absent !== change.after.absent || change.before.marks !== change.after.marks);
}

/**
 * Checks every row (the cells, then the rolls: ROLL_BATCH at a time, never one query a row) and, unless
 * `dryRun`, writes the valid ones. Marks already entered that the sheet would replace are listed; they are
 * stored only when `confirmed` is how many there are (the examiner saw them in the dry run, and they have
 * not changed since). Answers the report and the refused rows (for the failed-rows sheet).
 */
export async function importMarks(
  db: Kysely<Database>,
  caller: Caller,
  klass: string,
  subjects: readonly Subject[],
  sheet: Sheet,
  dryRun: boolean,
  confirmed = 0,
): Promise<{ report: MarksReport; refused: CheckedRow<MarksRow>[] }> {
  const definition = marksImport(subjects);
  const found = matchHeaders(definition as ImportDefinition<unknown>, sheet.headers);
  if (!found.has(ROLL_COLUMN.field) || found.size < 2) throw new ValidationError({ file: ['marks_import_columns'] });
  const checked = await checkRows(definition, sheet);
  const students = await studentsByRoll(
    db,
    checked.flatMap((row) => (row.input ? [row.input.roll_no] : [])),
  );
  for (const row of checked) {
    if (!row.input) continue;
    const student = students.get(row.input.roll_no);
    const error = rollError(student);
    if (error) row.errors.roll_no = [{ key: error }];
    else if (student!.class !== klass) row.errors.roll_no = [{ key: 'roll_in_other_class', params: otherClassParams(student!.roll_no, student!.class) }];
    if (Object.keys(row.errors).length > 0) row.input = undefined;
  }
  const valid = checked.filter((row): row is CheckedRow<MarksRow> & { input: MarksRow } => row.input !== undefined);
  const changes = await changesOf(
    db,
    valid.map((row) => row.input),
    students,
  );
  if (!dryRun && changes.length > 0 && confirmed !== changes.length) throw new ValidationError({ file: ['marks_import_changes'] }, { count: changes.length });
  if (!dryRun) {
    for (let start = 0; start < valid.length; start += ROWS_PER_TRANSACTION) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const entries: MarkEntry[] = valid.slice(start, start + ROWS_PER_TRANSACTION).flatMap((row) => {
        const registrationId = students.get(row.input.roll_no)!.registration_id;
        return row.input.marks.map((mark) => ({ registration_id: registrationId, ...mark }));
      });
      await db.transaction().execute((trx) => writeMarks(trx, caller, entries));
    }
  }
  const rollOf = (row: CheckedRow<MarksRow>) => {
    const parsed = rollNumber.safeParse(row.values.roll_no);
    return parsed.success ? parsed.data : row.values.roll_no === undefined ? null : String(row.values.roll_no);
  };
  return {
    report: {
      total: checked.length,
      valid: valid.length,
      invalid: checked.length - valid.length,
      stored: dryRun ? 0 : valid.length,
      changes,
      rows: checked.map((row) => ({ row: row.row, status: !row.input ? 'invalid' : dryRun ? 'valid' : 'stored', roll_no: rollOf(row), errors: row.errors })),
    },
    refused: checked.filter((row) => !row.input),
  };
}

/** The template: the bilingual header (the roll kept as text), and a guide sheet with each subject's full marks. */
export async function marksTemplate(subjects: readonly Subject[]): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('নম্বর (Marks)', { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] });
  const guide = workbook.addWorksheet('নির্দেশনা (Guide)');
  const columns = [ROLL_COLUMN, ...subjects.map(subjectColumn)];
  sheet.columns = columns.map((column) => ({ header: column.headers[0], key: column.field, width: Math.max(14, column.headers[0]!.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  // Digits as text, so Excel neither rounds a roll nor shows it as 2.6E+09.
  sheet.getColumn(1).numFmt = '@';
  const absent = ABSENT_WORDS.map((word) => `"${word}"`).join(', ');
  guide.columns = [
    { header: 'কলাম (Column)', key: 'column', width: 36 },
    { header: 'কী লিখবেন (What to write)', key: 'help', width: 90 },
    { header: 'উদাহরণ (Example)', key: 'example', width: 16 },
  ];
  guide.getRow(1).font = { bold: true };
  guide.addRow({ column: ROLL_COLUMN.headers[0], help: 'প্রবেশপত্রের রোল নম্বর (the roll number on the admit card)', example: ROLL_COLUMN.example });
  for (const subject of subjects)
    guide.addRow({
      column: `${subject.name_bn} (${subject.name_en})`,
      help: `পূর্ণমান ${subject.full_marks}; পূর্ণ বা অর্ধেক নম্বর, অনুপস্থিত হলে ${absent}, খালি ঘরে আগের নম্বর থাকে (full marks ${subject.full_marks}; whole or half marks, ${absent} when absent, an empty cell keeps the mark as it is)`,
      example: subjectColumn(subject).example,
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
