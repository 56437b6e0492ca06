/**
 * A class's merit list as the exam's notice (docs/integrators/documents.md): the title and class, then a table
 * of position, roll, name (Bengali, English under it), institute and scholarship, its header on every page.
 * A class may hold 500,000 rows: they arrive one by one and go out as parts of `perPart` rows (about 25
 * pages, like a part of admit cards), so neither the rows nor the HTML ever sit in memory whole.
 */
import { setImmediate } from 'node:timers/promises';
import { html, type RawHtml } from '../../../lib/html.js';
import { pdfDocument } from '../../../lib/pdf/document.js';
import { CLASS_LABELS } from '../../../lib/pdf/document-texts.js';
import { bnDigits, bnNumber } from '../../../lib/pdf/format.js';
import { both, stacked } from '../../../lib/pdf/labels.js';
import type { MeritRow, ResultExam } from '../result-documents.js';
import { classLabel, gradeCell, heading, printedLine, SHARED_STYLE, stackedName } from './result-parts.js';
import { RESULT_TEXT as T, STATE_LABELS } from '../../../lib/pdf/document-texts.js';

export type { MeritRow } from '../result-documents.js';

/** Rows per part: 25 pages of 24 rows (a name on two lines), so only the first part, under the heading, ends on a part-filled page. */
export const MERIT_ROWS_PER_PART = 600;
/** Rows made between turns of the event loop. */
const ROWS_PER_TURN = 100;

const STYLE = `
@page { size: A4; margin: 10mm 10mm 12mm; }
body { font-size: 9pt; }
${SHARED_STYLE}
td.position { font-weight: 700; }
.withheld { margin-top: 4mm; border: 0.3mm solid #000; padding: 2mm 3mm; }
.withheld .rolls { word-spacing: 2mm; }
`;

const COLUMNS: [keyof typeof T, string][] = [
  ['position', '18mm'],
  ['rollNo', '28mm'],
  ['nameAndInstitute', 'auto'],
  ['institute', '62mm'],
  ['grade', '28mm'],
];

function row(merit: MeritRow): RawHtml {
  return html`<tr>
<td class="num position">${bnNumber(merit.position)}</td>
<td class="num"><span class="strong">${bnDigits(merit.roll_no)}</span><br><span class="ascii" lang="en">${merit.roll_no}</span></td>
<td>${stackedName(merit.name_bangla, merit.name_english)}</td>
<td><span class="small">${merit.institute_name ?? '—'}</span></td>
<td class="num">${gradeCell(merit.grade)}</td>
</tr>`;
}

/** The rolls of the class whose results are withheld: no merit position, listed after the holders. */
const withheldPart = (rolls: readonly string[]): RawHtml =>
  rolls.length === 0
    ? html``
    : html`<section class="withheld"><div class="strong">${both(STATE_LABELS.withheld)}</div><div class="rolls">${rolls.map((roll) => html`${bnDigits(roll)} `)}</div></section>`;

function document(exam: ResultExam, klass: string, rows: RawHtml[], first: boolean, printedAt: Date, tail: RawHtml = html``): string {
  const title = html`${T.meritList.bn} <span class="en" lang="en">${T.meritList.en}</span>`;
  const table =
    rows.length === 0
      ? first
        ? html`<p class="none">${both(T.none)}</p>`
        : html``
      : html`<table>
<colgroup>${COLUMNS.map(([, width]) => html`<col style="width:${width}">`)}</colgroup>
<thead>
<tr><th class="running" colspan="${COLUMNS.length}">${exam.name_bn} · <span class="strong">${T.meritList.bn} · ${CLASS_LABELS[klass]?.bn ?? klass}</span></th></tr>
<tr>${COLUMNS.map(([key]) => html`<th>${stacked(T[key])}</th>`)}</tr>
</thead>
<tbody>${rows}</tbody>
</table>`;
  const body = html`${first ? html`${heading(exam, title, classLabel(klass))}${printedLine(exam, printedAt)}` : ''}${table}${tail}`;
  return pdfDocument({ title: `${T.meritList.bn} ${CLASS_LABELS[klass]?.bn ?? klass} / ${T.meritList.en}`, style: STYLE, body });
}

/**
 * The class's merit list as the parts of one PDF: the first part opens with the notice's heading; every
 * page repeats the table's header. No rows make one page saying so.
 */
export async function* meritListParts(
  exam: ResultExam,
  klass: string,
  rows: AsyncIterable<MeritRow> | Iterable<MeritRow>,
  perPart = MERIT_ROWS_PER_PART,
  printedAt = new Date(),
  withheld: readonly string[] = [],
): AsyncGenerator<string> {
  let made: RawHtml[] = [];
  let first = true;
  for await (const merit of rows) {
    made.push(row(merit));
    if (made.length % ROWS_PER_TURN === 0) await setImmediate();
    if (made.length < perPart) continue;
    yield document(exam, klass, made, first, printedAt);
    first = false;
    made = [];
  }
  if (made.length > 0 || first || withheld.length > 0) yield document(exam, klass, made, first, printedAt, withheldPart(withheld));
}
