/**
 * One student's result slip (docs/integrators/documents.md): A4 portrait, one page. The exam, the student's
 * names, father, institute, class, roll and registration numbers, each subject's full marks and marks
 * (or absent), the total of the full marks, the merit position, the result and the scholarship with its amount, and
 * where and when it was printed. Printed from the published snapshot's ResultDocument.
 */
import type { ResultDocument } from '../../../../common/schemas/results.js';
import { html, type RawHtml } from '../../../lib/html.js';
import { pdfDocument } from '../../../lib/pdf/document.js';
import type { Label } from '../../../lib/pdf/document-texts.js';
import { bnDigits, bnNumber } from '../../../lib/pdf/format.js';
import { both, stacked } from '../../../lib/pdf/labels.js';
import type { ResultExam } from '../result-documents.js';
import { classLabel, gradeLabel, heading, printedLine, SHARED_STYLE, stateLabel } from './result-parts.js';
import { RESULT_TEXT as T, STATE_LABELS } from '../../../lib/pdf/document-texts.js';

const enTaka = new Intl.NumberFormat('en-IN');

const STYLE = `
@page { size: A4; margin: 14mm 14mm 12mm; }
body { font-size: 10pt; }
${SHARED_STYLE}
.exam-bn { font-size: 16pt; }
.facts { display: grid; grid-template-columns: 1fr 1fr; gap: 2mm 6mm; border: 0.35mm solid #000; padding: 2.5mm 4mm; margin-bottom: 4mm; }
.fact { min-width: 0; overflow-wrap: anywhere; }
.fact.wide { grid-column: 1 / -1; }
.fact .label { font-size: 7.5pt; color: #444; line-height: 1.2; }
.fact .value { font-size: 10.5pt; line-height: 1.35; }
.numbers { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 3mm; margin-bottom: 4mm; }
.number { border: 0.35mm solid #000; padding: 1mm 3mm; }
.number .label { font-size: 7.5pt; color: #444; }
.number .big { font-size: 15pt; font-weight: 700; line-height: 1.3; }
.number .ascii { font-size: 8pt; letter-spacing: 0.5pt; color: #333; }
.marks th, .marks td { padding: 1.5mm 2.5mm; }
.marks td { font-size: 10.5pt; }
.marks td.subject .en { font-size: 8.5pt; }
.marks tr.total td { font-weight: 700; background: #f1f1f1; }
.outcome { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 3mm; margin-top: 5mm; }
.outcome .amount { font-size: 12pt; font-weight: 700; line-height: 1.4; }
.outcome .amount .en { font-size: 8.5pt; font-weight: 400; }
.outcome .box { border: 0.45mm solid #000; padding: 1.5mm 3mm; text-align: center; }
.outcome .label { font-size: 8pt; color: #444; }
.outcome .big { font-size: 14pt; font-weight: 700; line-height: 1.35; }
.outcome .big .en { font-size: 9pt; font-weight: 400; }
.notice { margin-top: 8mm; font-size: 8pt; color: #333; text-align: center; }
`;

function fact(label: Label, value: RawHtml | string, wide = false): RawHtml {
  return html`<div class="fact${wide ? ' wide' : ''}"><div class="label">${both(label)}</div><div class="value">${value}</div></div>`;
}

function number(label: Label, value: string): RawHtml {
  return html`<div class="number"><div class="label">${both(label)}</div><div class="big">${bnDigits(value)}</div><div class="ascii" lang="en">${value}</div></div>`;
}

function box(label: Label, value: RawHtml | string): RawHtml {
  return html`<div class="box"><div class="label">${both(label)}</div><div class="big">${value}</div></div>`;
}

// Absent only where the examiner recorded it; a mark nobody entered is a dash, never an absence.
const marksOf = (subject: ResultDocument['subjects'][number]) =>
  subject.absent
    ? html`${STATE_LABELS.absent.bn} <span class="en" lang="en">${STATE_LABELS.absent.en}</span>`
    : subject.marks === null
      ? '—'
      : bnNumber(subject.marks);

function marksTable(doc: ResultDocument): RawHtml {
  return html`<table class="marks">
<colgroup><col style="width:12mm"><col><col style="width:30mm"><col style="width:38mm"></colgroup>
<thead><tr><th>${stacked({ bn: 'ক্রম', en: 'No.' })}</th><th>${stacked(T.subject)}</th><th>${stacked(T.fullMarks)}</th><th>${stacked(T.marks)}</th></tr></thead>
<tbody>
${doc.subjects.map(
  (subject, i) => html`<tr>
<td class="num">${bnNumber(i + 1)}</td>
<td class="subject">${subject.name_bn} <span class="en" lang="en">${subject.name_en}</span></td>
<td class="num">${bnNumber(subject.full_marks)}</td>
<td class="num">${marksOf(subject)}</td>
</tr>`,
)}
<tr class="total"><td></td><td>${both(T.total)}</td><td class="num">${bnNumber(doc.full_marks)}</td><td class="num">${bnNumber(doc.total)}</td></tr>
</tbody>
</table>`;
}

/** The grade, and under it the amount it carried at publication (a result published before awards has none). */
function awardOf(doc: ResultDocument): RawHtml {
  if (!doc.grade || typeof doc.award_amount !== 'number') return gradeLabel(doc.grade);
  return html`${gradeLabel(doc.grade)}<div class="amount">${bnNumber(doc.award_amount)} টাকা <span class="en" lang="en">Tk ${enTaka.format(doc.award_amount)}</span></div>`;
}

/** The slip as one complete HTML document (one part): `printedAt` is the date it says it was printed. */
export function resultSlipHtml(exam: ResultExam, doc: ResultDocument, printedAt = new Date()): string {
  const name = doc.name_bn
    ? html`<span class="strong">${doc.name_bn}</span> <span class="en" lang="en">${doc.name_en}</span>`
    : html`<span class="strong" lang="en">${doc.name_en}</span>`;
  // Only a pass or a fail has a rank; the absent and the withheld have none printed.
  const position = (doc.state === 'pass' || doc.state === 'fail') && doc.position > 0 ? bnNumber(doc.position) : '—';
  // A withheld result has no marks, total or scholarship to print: the slip says it is withheld.
  const withheld = doc.state === 'withheld';
  const body = html`${heading(exam, both(T.slip))}
<div class="numbers">${number(T.rollNo, doc.roll_no)}${number(T.regNo, doc.reg_no)}<div class="number"><div class="label">${both(T.class)}</div><div class="big">${classLabel(doc.class)}</div></div></div>
<div class="facts">
${fact(T.name, name, true)}
${fact(T.father, doc.father_name ?? '—')}
${fact(T.institute, doc.institute)}
</div>
${withheld ? '' : marksTable(doc)}
<div class="outcome">${box(T.position, position)}${box(T.state, stateLabel(doc.state))}${box(T.grade, withheld ? '—' : awardOf(doc))}</div>
<p class="notice">${T.notice.bn}<br><span class="en" lang="en">${T.notice.en}</span></p>
${printedLine(exam, printedAt)}`;
  return pdfDocument({ title: `${T.slip.bn} ${doc.roll_no} / ${T.slip.en}`, style: STYLE, body });
}

/** The slip as the parts of a PDF (one). */
export function resultSlipParts(exam: ResultExam, doc: ResultDocument, printedAt = new Date()): string[] {
  return [resultSlipHtml(exam, doc, printedAt)];
}
