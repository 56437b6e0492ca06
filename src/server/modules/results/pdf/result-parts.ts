/** Pieces the result documents share: the heading, the line saying where and when it was printed, grades and states in both languages. */
import type { ResultGrade, ResultState } from '../../../../common/schemas/results.js';
import { html, type RawHtml } from '../../../lib/html.js';
import { DOCUMENT_STYLE } from '../../../lib/pdf/document-style.js';
import { CLASS_LABELS } from '../../../lib/pdf/document-texts.js';
import { both, stacked } from '../../../lib/pdf/labels.js';
import type { ResultExam } from '../result-documents.js';
import { GRADE_LABELS, NO_GRADE, RESULT_TEXT as T, STATE_LABELS } from '../../../lib/pdf/document-texts.js';

const printedDay = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });
const printedDayEn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });

/** Styles every result document shares (a template adds its own). */
export const SHARED_STYLE = `
${DOCUMENT_STYLE}
.organiser { font-size: 9pt; }
.exam-bn { font-size: 14pt; font-weight: 700; line-height: 1.3; }
.exam-en { font-size: 9pt; color: #333; }
.doc-title { margin-top: 1.5mm; font-size: 12pt; }
.doc-title .en { font-size: 9.5pt; }
.subtitle { margin-top: 1mm; font-size: 11pt; font-weight: 700; }
.printed { margin-top: 3mm; font-size: 7.5pt; color: #333; text-align: center; }
th { font-size: 8pt; }
td { font-size: 9pt; line-height: 1.3; }
td .ascii { font-size: 7.5pt; color: #333; letter-spacing: 0.3pt; }
td .small { font-size: 7.5pt; color: #333; }
`;

export const classLabel = (code: string): RawHtml => {
  const label = CLASS_LABELS[code];
  return label ? both(label) : html`${code}`;
};

export const stateLabel = (state: ResultState): RawHtml => both(STATE_LABELS[state]);

export const gradeLabel = (grade: ResultGrade | null): RawHtml => both(grade ? GRADE_LABELS[grade] : NO_GRADE);

/** The grade in a narrow table cell: the English under the Bengali. */
export const gradeCell = (grade: ResultGrade | null): RawHtml => (grade ? stacked(GRADE_LABELS[grade]) : html`—`);

/** The state in a narrow table cell. */
export const stateCell = (state: ResultState): RawHtml => stacked(STATE_LABELS[state]);

/** A name in Bengali with the English under it, or the English alone. */
export const stackedName = (bn: string | null, en: string): RawHtml =>
  bn ? html`${bn}<br><span class="en" lang="en">${en}</span>` : html`<span lang="en">${en}</span>`;

export function heading(exam: ResultExam, title: RawHtml, subtitle?: RawHtml): RawHtml {
  return html`<header class="head">
${exam.organiser ? html`<div class="organiser">${exam.organiser}</div>` : ''}
<div class="exam-bn">${exam.name_bn}</div>
<div class="exam-en" lang="en">${exam.name_en}</div>
<div class="doc-title">${title}</div>
${subtitle ? html`<div class="subtitle">${subtitle}</div>` : ''}
</header>`;
}

/** 'ছাপা হয়েছে: example.org · তারিখ ৫ জানুয়ারি, ২০২৭' with the English beside it. */
export function printedLine(exam: ResultExam, at: Date): RawHtml {
  return html`<div class="printed">${T.printedFrom.bn}: <span lang="en">${exam.site}</span> · ${T.printedOn.bn} ${printedDay.format(at)}
<span class="en" lang="en">(${T.printedFrom.en} ${exam.site} ${T.printedOn.en} ${printedDayEn.format(at)})</span></div>`;
}
