/**
 * Admit cards: A4 portrait, two cards a page with a cut line between them (a single
 * card prints alone at the top of its page). Each card carries the exam, the candidate's photo, names,
 * parents, institute and class, the roll and registration numbers large, the centre, room, seat, date
 * and times, the instructions, three places to sign, and a QR code of the public verification page.
 */
import { setImmediate } from 'node:timers/promises';
import { html, type RawHtml } from '../../../lib/html.js';
import { pdfDocument } from '../../../lib/pdf/document.js';
import { qrCodeSvg } from '../../../lib/pdf/qr-code.js';
import type { AdmitCard } from '../documents.js';
import { ADMIT_CARD_TEXT as T, CLASS_LABELS, type Label } from '../../../lib/pdf/document-texts.js';
import { bnDigits, bnNumber, sittingDay, sittingTime } from '../../../lib/pdf/format.js';
import { both, photoImage, stacked } from '../../../lib/pdf/labels.js';

/** Cards per part the generator prints (25 pages): bench/pdf-admit-cards.ts measured time and memory with it. */
export const ADMIT_CARDS_PER_PART = 50;

/** Instructions longer than this (in characters) print smaller, in two columns, to keep the card's size. */
const LONG_INSTRUCTIONS = 450;

const STYLE = `
@page { size: A4; margin: 8mm; }
body { font-size: 9pt; line-height: 1.3; }
.sheet { padding: 0 0.4mm; break-after: page; }
.sheet:last-child { break-after: auto; }
.card { height: 135mm; border: 0.35mm solid #000; padding: 2.5mm 3.5mm 1.5mm; display: flex; flex-direction: column; gap: 1.2mm; overflow: hidden; break-inside: avoid; }
.cut { height: 10mm; display: flex; align-items: center; }
.cut::before { content: ''; flex: 1; border-top: 0.3mm dashed #777; }
.en { color: #444; font-size: 0.85em; }
.strong { font-weight: 700; }
.top { display: grid; grid-template-columns: 24mm 1fr 30mm; gap: 3mm; align-items: start; }
.qr { display: flex; flex-direction: column; align-items: center; gap: 0.6mm; }
.qr svg { width: 22mm; height: 22mm; display: block; }
.verify { font-size: 6.5pt; text-align: center; line-height: 1.2; }
.url { font-size: 5pt; color: #444; text-align: center; overflow-wrap: anywhere; line-height: 1.15; }
.code { font-size: 8pt; font-weight: 700; letter-spacing: 0.5pt; white-space: nowrap; line-height: 1.1; }
.head { text-align: center; min-width: 0; }
.organiser { font-size: 8.5pt; }
.exam-bn { font-size: 13pt; font-weight: 700; line-height: 1.25; }
.exam-en { font-size: 8.5pt; color: #333; }
.title { display: inline-block; margin: 1mm 0 1.5mm; padding: 0.3mm 5mm; border: 0.35mm solid #000; border-radius: 1.5mm; background: #e9e9e9; font-size: 11pt; font-weight: 700; }
.title .en { color: #000; font-size: 9pt; }
.numbers { display: grid; grid-template-columns: 1fr 1fr; gap: 2mm; text-align: left; }
.number { border: 0.35mm solid #000; padding: 0.6mm 2.5mm; }
.number .label { font-size: 7.5pt; }
.number .big { font-size: 15pt; font-weight: 700; line-height: 1.2; letter-spacing: 0.2pt; }
.number .ascii { font-size: 8pt; letter-spacing: 0.6pt; color: #333; line-height: 1.1; }
.photo { width: 30mm; height: 40mm; border: 0.35mm solid #000; object-fit: cover; display: block; }
.photo.empty { display: flex; align-items: center; justify-content: center; text-align: center; color: #666; font-size: 8pt; }
.fields { display: grid; grid-template-columns: repeat(6, 1fr); gap: 1mm 3mm; }
.field { min-width: 0; overflow-wrap: anywhere; grid-column: span 3; }
.field.w1 { grid-column: span 1; }
.field.w2 { grid-column: span 2; }
.field.w4 { grid-column: span 4; }
.field.w6 { grid-column: 1 / -1; }
.field .label { font-size: 6.8pt; color: #444; line-height: 1.15; }
.field .value { font-size: 9.5pt; line-height: 1.25; }
.field .value .en { font-size: 8pt; }
.exam { border: 0.35mm solid #000; background: #f1f1f1; padding: 1mm 2.5mm; }
.instructions { flex: 1; min-height: 0; overflow: hidden; font-size: 7.5pt; line-height: 1.3; }
.instructions.long { font-size: 6.5pt; }
.instructions.long ol { column-count: 2; column-gap: 5mm; }
.instructions .label { font-weight: 700; }
.instructions ol { margin: 0.3mm 0 0; padding-left: 5mm; list-style-type: bengali; }
.signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10mm; }
.sign { padding-top: 6mm; text-align: center; font-size: 7pt; line-height: 1.2; }
.sign .line { border-top: 0.3mm dotted #000; margin-bottom: 0.6mm; }
`;

type Width = 'w1' | 'w2' | 'w3' | 'w4' | 'w6';

function field(label: Label, value: RawHtml | string, width: Width = 'w3'): RawHtml {
  return html`<div class="field ${width}"><div class="label">${both(label)}</div><div class="value">${value}</div></div>`;
}

/** A name in Bengali with its English form beside it, or the English alone when there is no Bengali. */
function names(bn: string | null, en: string | null, strong = false): RawHtml {
  const cls = strong ? 'strong' : '';
  if (!bn) return html`<span class="${cls}" lang="en">${en ?? '—'}</span>`;
  return html`<span class="${cls}">${bn}</span>${en ? html` <span class="en" lang="en">${en}</span>` : ''}`;
}

function number(label: Label, value: string): RawHtml {
  return html`<div class="number"><div class="label">${both(label)}</div><div class="big">${bnDigits(value)}</div><div class="ascii" lang="en">${value}</div></div>`;
}

function sittingFields(card: AdmitCard): RawHtml {
  const { sitting } = card;
  if (!sitting) return field(T.date, both(T.toBeAnnounced), 'w4');
  const time = (label: Label, at: string) => html`${label.bn} <span class="strong">${sittingTime(sitting, at)}</span>`;
  return html`${field(T.date, html`<span class="strong">${sittingDay(sitting)}</span>`, 'w2')}${field(
    T.times,
    html`${time(T.reporting, sitting.reporting_time)} · ${time(T.start, sitting.start_time)} · ${time(T.end, sitting.end_time)}`,
    'w2',
  )}`;
}

function card(card: AdmitCard): RawHtml {
  const { student, exam } = card;
  const classLabel = CLASS_LABELS[student.class];
  const longInstructions = card.instructions.join('').length > LONG_INSTRUCTIONS;
  return html`<section class="card">
<div class="top">
<div class="qr">${qrCodeSvg(card.verify_url, T.verify.en)}<div class="verify">${stacked(T.verify)}</div><div class="url" lang="en">${card.verify_page}</div><div class="code" lang="en">${card.verify_code}</div></div>
<div class="head">
<div class="organiser">${exam.organiser}</div>
<div class="exam-bn">${exam.name_bn}</div>
<div class="exam-en" lang="en">${exam.name_en}</div>
<div class="title">${T.title.bn} <span class="en" lang="en">${T.title.en}</span></div>
<div class="numbers">${number(T.rollNo, student.roll_no)}${number(T.regNo, student.reg_no)}</div>
</div>
${photoImage(student.photo, 'photo', html`<div>${stacked(T.photo)}</div>`)}
</div>
<div class="fields">
${field(T.name, names(student.name_bn, student.name_en, true), 'w6')}
${field(T.father, names(student.father_bn, student.father_en))}
${field(T.mother, names(student.mother_bn, student.mother_en))}
${field(T.institute, names(card.institute.name_bn, card.institute.name_en))}
${field(T.class, classLabel ? html`${classLabel.bn} <span class="en" lang="en">${classLabel.en}</span>` : student.class, 'w2')}
${field(T.classRoll, bnDigits(student.class_roll), 'w1')}
</div>
<div class="exam fields">
${field(T.centre, html`<span class="strong">${card.centre.name_bn}</span> <span class="en" lang="en">${card.centre.name_en}</span><br>${card.centre.address}`, 'w6')}
${field(T.room, html`<span class="strong">${bnDigits(card.room)}</span>`, 'w1')}
${field(T.seat, html`<span class="strong">${bnNumber(card.seat)}</span>`, 'w1')}
${sittingFields(card)}
</div>
<div class="instructions${longInstructions ? ' long' : ''}">
<div class="label">${both(T.instructions)}</div>
<ol>${card.instructions.map((line) => html`<li>${line}</li>`)}</ol>
</div>
<div class="signatures">
${[T.studentSignature, T.headSignature, T.controllerSignature].map((label) => html`<div class="sign"><div class="line"></div>${stacked(label)}</div>`)}
</div>
</section>`;
}

function document(cards: RawHtml[]): string {
  const sheets: RawHtml[] = [];
  for (let i = 0; i < cards.length; i += 2) {
    const second = cards[i + 1];
    sheets.push(html`<div class="sheet">${cards[i]!}${second ? html`<div class="cut" aria-hidden="true"></div>${second}` : ''}</div>`);
  }
  return pdfDocument({ title: `${T.title.bn} / ${T.title.en}`, style: STYLE, body: html`${sheets}` });
}

/** The cards as one HTML document, two to a page (one part of a PDF, or a single card). */
export function admitCardsHtml(cards: AdmitCard[]): string {
  return document(cards.map(card));
}

/**
 * An institute's or a centre's cards as the parts of one PDF, `perPart` (even: whole pages) to a part. A card
 * is made at a time with a turn of the event loop between cards: a part's 50 QR codes and photos are ~50 ms
 * of work that would otherwise hold every other request.
 */
export async function* admitCardParts(cards: AsyncIterable<AdmitCard> | Iterable<AdmitCard>, perPart = ADMIT_CARDS_PER_PART): AsyncGenerator<string> {
  if (perPart < 2 || perPart % 2 !== 0) throw new RangeError('an admit card part holds whole pages: an even number of cards');
  let made: RawHtml[] = [];
  for await (const admitCard of cards) {
    made.push(card(admitCard));
    await setImmediate();
    if (made.length < perPart) continue;
    yield document(made);
    made = [];
  }
  if (made.length > 0) yield document(made);
}
