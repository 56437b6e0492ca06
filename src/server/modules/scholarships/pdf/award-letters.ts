/**
 * Award letters (docs/integrators/documents.md): A4 portrait, a letter a page, Bengali first with the English after.
 * A letter names the student as people know them (names in Bengali and English, father, institute, class, roll and
 * registration numbers), the scholarship, its amount in Bengali numerals and in words, the day it was awarded, its
 * reference (the verification code) and a QR code of the public page that confirms it. An institute's letters
 * follow a covering letter to its head listing every winner with the total.
 */
import { setImmediate } from 'node:timers/promises';
import { takaInBengaliWords, takaInEnglishWords } from '../../../../common/taka-words.js';
import { html, type RawHtml } from '../../../lib/html.js';
import { pdfDocument } from '../../../lib/pdf/document.js';
import { DOCUMENT_STYLE } from '../../../lib/pdf/document-style.js';
import { AWARD_NAMES, AWARD_TEXT as T, CLASS_LABELS, type Label } from '../../../lib/pdf/document-texts.js';
import { bnDigits, bnNumber } from '../../../lib/pdf/format.js';
import { both, stacked } from '../../../lib/pdf/labels.js';
import { qrCodeSvg } from '../../../lib/pdf/qr-code.js';
import type { AwardLetter, InstituteLetters, LetterExam } from '../letters.js';

/** Pages per part the generator prints, as the admit cards' parts. */
export const LETTERS_PER_PART = 25;

const bnDay = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });
const enDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });
const enTaka = new Intl.NumberFormat('en-IN');

const STYLE = `
@page { size: A4; margin: 14mm 16mm 12mm; }
body { font-size: 10.5pt; line-height: 1.45; }
${DOCUMENT_STYLE}
.page { break-after: page; display: flex; flex-direction: column; min-height: 268mm; }
.page:last-child { break-after: auto; }
.organiser { font-size: 9.5pt; }
.exam-bn { font-size: 15pt; font-weight: 700; line-height: 1.35; }
.exam-en { font-size: 9pt; color: #333; }
.doc-title { margin-top: 2mm; font-size: 13pt; }
.doc-title .en { font-size: 10pt; }
.ref { display: flex; justify-content: space-between; gap: 6mm; margin: 3mm 0 4mm; font-size: 9.5pt; }
.ref .en { font-size: 8pt; }
.facts { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 2mm 6mm; border: 0.35mm solid #000; padding: 2.5mm 4mm; margin-bottom: 5mm; }
.fact { min-width: 0; overflow-wrap: anywhere; }
.fact.wide { grid-column: 1 / -1; }
.fact.two { grid-column: span 2; }
.fact .label { font-size: 7.5pt; color: #444; line-height: 1.25; }
.fact .value { font-size: 11pt; line-height: 1.45; }
.fact .value .en { font-size: 9pt; }
.text p { margin: 0 0 3mm; text-align: justify; }
.text .en { font-size: 9.5pt; color: #222; }
.award { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; margin: 3mm 0 4mm; }
.award .box { border: 0.5mm solid #000; padding: 2mm 4mm; text-align: center; }
.award .box.wide { grid-column: 1 / -1; text-align: left; }
.award .label { font-size: 8pt; color: #444; }
.award .big { font-size: 17pt; font-weight: 700; line-height: 1.45; }
.award .big .en { font-size: 10pt; font-weight: 400; color: #000; }
.award .words { font-size: 11pt; line-height: 1.5; }
.award .words .en { font-size: 9pt; }
.foot { margin-top: auto; display: grid; grid-template-columns: 34mm 1fr 62mm; gap: 5mm; align-items: end; }
.qr { display: flex; flex-direction: column; align-items: center; gap: 0.6mm; }
.qr svg { width: 28mm; height: 28mm; display: block; }
.qr .verify { font-size: 6.5pt; text-align: center; line-height: 1.25; }
.qr .code { font-size: 7.5pt; font-weight: 700; letter-spacing: 0.3pt; white-space: nowrap; }
.url { font-size: 7pt; color: #444; overflow-wrap: anywhere; align-self: end; }
.sign { text-align: center; font-size: 8pt; line-height: 1.3; padding-top: 14mm; }
.sign .line { border-top: 0.3mm dotted #000; margin-bottom: 0.8mm; }
.printed { margin-top: 3mm; font-size: 7.5pt; color: #333; text-align: center; }
.winners th { font-size: 8pt; }
.winners td { font-size: 9.5pt; line-height: 1.35; }
.winners tr.total td { font-weight: 700; background: #f1f1f1; }
.winners td .en { font-size: 7.5pt; }
`;

const className = (code: string): Label => CLASS_LABELS[code] ?? { bn: bnDigits(code), en: code };

function fact(label: Label, value: RawHtml | string, width: '' | 'wide' | 'two' = ''): RawHtml {
  return html`<div class="fact ${width}"><div class="label">${both(label)}</div><div class="value">${value}</div></div>`;
}

function names(bn: string | null, en: string | null): RawHtml {
  if (!bn) return html`<span lang="en">${en ?? '—'}</span>`;
  return html`${bn}${en ? html` <span class="en" lang="en">${en}</span>` : ''}`;
}

function heading(exam: LetterExam, title: Label): RawHtml {
  return html`<header class="head">
${exam.organiser ? html`<div class="organiser">${exam.organiser}</div>` : ''}
<div class="exam-bn">${exam.name_bn}</div>
<div class="exam-en" lang="en">${exam.name_en}</div>
<div class="doc-title">${both(title)}</div>
</header>`;
}

const day = (iso: string) => html`${bnDay.format(new Date(iso))} <span class="en" lang="en">${enDay.format(new Date(iso))}</span>`;

const printed = (exam: LetterExam) => html`<div class="printed">${exam.site}</div>`;

/** One student's letter, a page. */
function letterPage(exam: LetterExam, letter: AwardLetter): RawHtml {
  const { student } = letter;
  const klass = className(student.class);
  const award = AWARD_NAMES[letter.grade];
  const name = student.name_bn ?? student.name_en;
  return html`<section class="page">
${heading(exam, T.letter)}
<div class="ref"><div>${both(T.reference)}: <span class="strong" lang="en">${letter.code}</span></div><div>${both(T.date)}: ${day(letter.awarded_at)}</div></div>
<div class="facts">
${fact(T.name, html`<span class="strong">${names(student.name_bn, student.name_en)}</span>`, 'wide')}
${fact(T.father, names(student.father_bn, student.father_en), 'wide')}
${fact(T.institute, names(letter.institute.name_bn, letter.institute.name_en), 'wide')}
${fact(T.class, both(klass))}
${fact(T.rollNo, html`<span class="strong">${bnDigits(student.roll_no)}</span> <span class="en" lang="en">${student.roll_no}</span>`)}
${fact(T.regNo, html`${bnDigits(student.reg_no)} <span class="en" lang="en">${student.reg_no}</span>`)}
</div>
<div class="text">
<p>প্রিয় ${name},</p>
<p>অভিনন্দন! ${exam.name_bn}-এ ${klass.bn} থেকে তোমার কৃতিত্বপূর্ণ ফলাফলের জন্য তোমাকে <span class="strong">${award.bn}</span> প্রদান করা হলো। বৃত্তির পরিমাণ ${bnNumber(letter.amount)} টাকা। বৃত্তির টাকা পাওয়ার নিয়ম তোমার শিক্ষাপ্রতিষ্ঠানের মাধ্যমে জানানো হবে।</p>
<p class="en" lang="en">Congratulations! For your fine result in the ${exam.name_en} (${klass.en}), you are awarded the <span class="strong">${award.en}</span> of Tk ${enTaka.format(letter.amount)}. Your institute will tell you how the scholarship is paid.</p>
</div>
<div class="award">
<div class="box"><div class="label">${both(T.award)}</div><div class="big">${award.bn}<br><span class="en" lang="en">${award.en}</span></div></div>
<div class="box"><div class="label">${both(T.amount)}</div><div class="big">${bnNumber(letter.amount)} ${T.taka.bn}<br><span class="en" lang="en">${T.taka.en} ${enTaka.format(letter.amount)}</span></div></div>
<div class="box wide"><div class="label">${both(T.inWords)}</div><div class="words">${takaInBengaliWords(letter.amount)}<br><span class="en" lang="en">${takaInEnglishWords(letter.amount)}</span></div></div>
</div>
<div class="foot">
<div class="qr">${qrCodeSvg(letter.verify_url, T.verify.en)}<div class="verify">${stacked(T.verify)}</div><div class="code" lang="en">${letter.code}</div></div>
<div class="url" lang="en">${letter.verify_url}</div>
<div class="sign"><div class="line"></div>${stacked(T.controllerSignature)}</div>
</div>
${printed(exam)}
</section>`;
}

/** The covering letter to an institute's head: its winners with their scholarships and the total. */
function coveringPage(exam: LetterExam, group: InstituteLetters): RawHtml {
  const { institute, letters } = group;
  const total = letters.reduce((sum, letter) => sum + letter.amount, 0);
  return html`<section class="page">
${heading(exam, T.covering)}
<div class="ref"><div>${both(T.toHead)}</div><div>${both(T.date)}: ${day(letters[0]!.awarded_at)}</div></div>
<div class="facts">
${fact(T.institute, html`<span class="strong">${names(institute.name_bn, institute.name_en)}</span>`, 'two')}
${fact(T.instituteId, html`<span lang="en">${institute.uid}</span>`)}
</div>
<div class="text">
<p>আপনার প্রতিষ্ঠানের নিচের ${bnNumber(letters.length)} জন শিক্ষার্থী ${exam.name_bn}-এ বৃত্তি পেয়েছে। প্রত্যেকের বৃত্তিপ্রাপ্তির পত্র এর পরের পাতাগুলোতে সংযুক্ত; অনুগ্রহ করে পত্রগুলো শিক্ষার্থীদের হাতে পৌঁছে দিন।</p>
<p class="en" lang="en">The ${letters.length} students of your institute below are awarded scholarships in the ${exam.name_en}. Each one’s award letter follows on the next pages; please hand the letters to the students.</p>
</div>
<table class="winners">
<colgroup><col style="width:11mm"><col style="width:26mm"><col><col style="width:24mm"><col style="width:34mm"><col style="width:26mm"></colgroup>
<thead><tr><th>${stacked(T.serial)}</th><th>${stacked(T.rollNo)}</th><th>${stacked(T.name)}</th><th>${stacked(T.class)}</th><th>${stacked(T.award)}</th><th>${stacked(T.amount)}</th></tr></thead>
<tbody>
${letters.map(
  (letter, i) => html`<tr>
<td class="num">${bnNumber(i + 1)}</td>
<td class="num">${bnDigits(letter.student.roll_no)}</td>
<td>${letter.student.name_bn ? html`${letter.student.name_bn}<br><span class="en" lang="en">${letter.student.name_en}</span>` : html`<span lang="en">${letter.student.name_en}</span>`}</td>
<td>${stacked(className(letter.student.class))}</td>
<td>${stacked(AWARD_NAMES[letter.grade])}</td>
<td class="num">${bnNumber(letter.amount)}</td>
</tr>`,
)}
<tr class="total"><td></td><td colspan="4">${both(T.total)}</td><td class="num">${bnNumber(total)}</td></tr>
</tbody>
</table>
<div class="foot"><div></div><div></div><div class="sign"><div class="line"></div>${stacked(T.controllerSignature)}</div></div>
${printed(exam)}
</section>`;
}

function document(pages: RawHtml[]): string {
  return pdfDocument({ title: `${T.letter.bn} / ${T.letter.en}`, style: STYLE, body: html`${pages}` });
}

/** One student's letter as one complete HTML document. */
export function awardLetterHtml(exam: LetterExam, letter: AwardLetter): string {
  return document([letterPage(exam, letter)]);
}

/** Each institute's covering letter, then its winners' letters, a page at a time with a turn of the event loop between (a QR code each). */
async function* pagesOf(exam: LetterExam, institutes: AsyncIterable<InstituteLetters>, onLetter?: () => void): AsyncGenerator<RawHtml> {
  for await (const group of institutes) {
    yield coveringPage(exam, group);
    for (const letter of group.letters) {
      await setImmediate();
      yield letterPage(exam, letter);
      onLetter?.();
    }
  }
}

/** Institutes' letters (see pagesOf) as the parts of one PDF, LETTERS_PER_PART pages to a part. */
export async function* awardLetterParts(exam: LetterExam, institutes: AsyncIterable<InstituteLetters>, onLetter?: () => void): AsyncGenerator<string> {
  let pages: RawHtml[] = [];
  for await (const page of pagesOf(exam, institutes, onLetter)) {
    pages.push(page);
    if (pages.length < LETTERS_PER_PART) continue;
    yield document(pages);
    pages = [];
  }
  if (pages.length > 0) yield document(pages);
}
