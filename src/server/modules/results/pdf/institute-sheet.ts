/**
 * An institute's result sheet (docs/integrators/documents.md): its name and id, the counts per class
 * (candidates, passed, failed, absent, talent pool, general), then its students class by class in merit
 * order with total, position, result and scholarship. An institute has at most a few thousand students;
 * they still go out in parts of `perPart` rows, a class cut between parts carrying on under its heading.
 */
import { setImmediate } from 'node:timers/promises';
import { html, type RawHtml } from '../../../lib/html.js';
import { pdfDocument } from '../../../lib/pdf/document.js';
import type { Label } from '../../../lib/pdf/document-texts.js';
import { bnDigits, bnNumber } from '../../../lib/pdf/format.js';
import { both, stacked } from '../../../lib/pdf/labels.js';
import type { ClassCounts, InstituteHeading, InstituteResultRow, ResultExam } from '../result-documents.js';
import { classLabel, gradeCell, heading, printedLine, SHARED_STYLE, stackedName, stateCell } from './result-parts.js';
import { GRADE_LABELS, RESULT_TEXT as T, STATE_LABELS } from '../../../lib/pdf/document-texts.js';

export const SHEET_ROWS_PER_PART = 600;
const ROWS_PER_TURN = 100;

const STYLE = `
@page { size: A4; margin: 10mm 10mm 12mm; }
body { font-size: 9pt; }
${SHARED_STYLE}
.institute { display: flex; justify-content: space-between; gap: 6mm; border: 0.35mm solid #000; padding: 1.5mm 3mm; margin-bottom: 3mm; }
.institute .label { font-size: 7.5pt; color: #444; }
.institute .name { font-size: 12pt; font-weight: 700; }
.counts { margin-bottom: 4mm; }
.counts td { text-align: center; }
.counts tr.sum td { font-weight: 700; background: #f1f1f1; }
.klass { break-before: page; padding-top: 1.5mm; }
.klass.first { break-before: auto; }
.klass h2 { font-size: 11pt; margin: 0 0 1.5mm; }
.klass h2 .en { font-weight: 400; }
`;

const COUNT_COLUMNS: [keyof Omit<ClassCounts, 'class'>, Label][] = [
  ['students', T.students],
  ['pass', STATE_LABELS.pass],
  ['fail', STATE_LABELS.fail],
  ['absent', STATE_LABELS.absent],
  ['withheld', STATE_LABELS.withheld],
  ['talent_pool', GRADE_LABELS.talent_pool],
  ['general', GRADE_LABELS.general],
];

const STUDENT_COLUMNS: [Label, string][] = [
  [T.position, '18mm'],
  [T.rollNo, '28mm'],
  [T.nameAndInstitute, 'auto'],
  [T.total, '18mm'],
  [T.state, '26mm'],
  [T.grade, '28mm'],
];

function countsTable(classes: readonly ClassCounts[]): RawHtml {
  const sum = Object.fromEntries(COUNT_COLUMNS.map(([key]) => [key, classes.reduce((n, c) => n + c[key], 0)])) as Omit<ClassCounts, 'class'>;
  const line = (label: RawHtml, counts: Omit<ClassCounts, 'class'>, className = '') =>
    html`<tr class="${className}"><td>${label}</td>${COUNT_COLUMNS.map(([key]) => html`<td>${bnNumber(counts[key])}</td>`)}</tr>`;
  return html`<table class="counts">
<colgroup><col style="width:40mm">${COUNT_COLUMNS.map(() => html`<col>`)}</colgroup>
<thead><tr><th>${stacked(T.class)}</th>${COUNT_COLUMNS.map(([, label]) => html`<th>${stacked(label)}</th>`)}</tr></thead>
<tbody>${classes.map((c) => line(classLabel(c.class), c))}${classes.length > 1 ? line(both(T.allClasses), sum, 'sum') : ''}</tbody>
</table>`;
}

function row(student: InstituteResultRow): RawHtml {
  return html`<tr>
<td class="num strong">${(student.state === 'pass' || student.state === 'fail') && student.position > 0 ? bnNumber(student.position) : '—'}</td>
<td class="num"><span class="strong">${bnDigits(student.roll_no)}</span><br><span class="ascii" lang="en">${student.roll_no}</span></td>
<td>${stackedName(student.name_bangla, student.name_english)}</td>
<td class="num">${student.state === 'withheld' || student.state === 'incomplete' ? '—' : bnNumber(student.total)}</td>
<td class="num">${stateCell(student.state)}</td>
<td class="num">${gradeCell(student.grade)}</td>
</tr>`;
}

/** One class's students (or the part of them in this part), under the class's heading. */
function classSection(exam: ResultExam, institute: InstituteHeading, klass: string, rows: RawHtml[], first: boolean, continued: boolean): RawHtml {
  return html`<section class="klass${first ? ' first' : ''}">
<h2>${classLabel(klass)}${continued ? html` <span class="en">(${T.continued.bn})</span>` : ''}</h2>
<table>
<colgroup>${STUDENT_COLUMNS.map(([, width]) => html`<col style="width:${width}">`)}</colgroup>
<thead>
<tr><th class="running" colspan="${STUDENT_COLUMNS.length}">${exam.name_bn} · <span class="strong">${institute.name}</span> · ${classLabel(klass)}</th></tr>
<tr>${STUDENT_COLUMNS.map(([label]) => html`<th>${stacked(label)}</th>`)}</tr>
</thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}

function opening(exam: ResultExam, institute: InstituteHeading, classes: readonly ClassCounts[], printedAt: Date): RawHtml {
  return html`${heading(exam, both(T.instituteSheet))}
<div class="institute">
<div><div class="label">${both(T.institute)}</div><div class="name">${institute.name}</div></div>
<div><div class="label">${both(T.instituteId)}</div><div class="name">${bnDigits(institute.uid)}</div></div>
</div>
${countsTable(classes)}
${classes.length === 0 ? html`<p class="none">${both(T.none)}</p>` : ''}
${printedLine(exam, printedAt)}`;
}

const document = (body: RawHtml) => pdfDocument({ title: `${T.instituteSheet.bn} / ${T.instituteSheet.en}`, style: STYLE, body });

/**
 * The institute's sheet as the parts of one PDF: the first opens with the heading and the counts; each
 * class starts on a new page, its table's header on every page. `rows` come in class, position order.
 */
export async function* instituteSheetParts(
  exam: ResultExam,
  institute: InstituteHeading,
  classes: readonly ClassCounts[],
  rows: AsyncIterable<InstituteResultRow> | Iterable<InstituteResultRow>,
  perPart = SHEET_ROWS_PER_PART,
  printedAt = new Date(),
): AsyncGenerator<string> {
  let sections: RawHtml[] = [opening(exam, institute, classes, printedAt)];
  let klass: string | undefined;
  let made: RawHtml[] = [];
  let inPart = 0;
  // The class's rows so far went into an earlier part: its section here carries on.
  let continued = false;
  // The first class follows the counts on the first page; every other section opens a page.
  let firstSection = true;
  const close = () => {
    if (klass === undefined || made.length === 0) return;
    sections.push(classSection(exam, institute, klass, made, firstSection, continued));
    firstSection = false;
    made = [];
  };
  for await (const student of rows) {
    if (student.class !== klass) {
      close();
      klass = student.class;
      continued = false;
    }
    made.push(row(student));
    if (++inPart % ROWS_PER_TURN === 0) await setImmediate();
    if (inPart < perPart) continue;
    close();
    yield document(html`${sections}`);
    sections = [];
    inPart = 0;
    continued = true;
    firstSection = true;
  }
  close();
  if (sections.length > 0) yield document(html`${sections}`);
}
