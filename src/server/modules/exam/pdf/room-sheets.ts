/**
 * Centre sheets for the invigilators, per room: the attendance sheet (seat, roll,
 * registration number, name, class, photo and a column to sign; the table's header repeats on every
 * page) and the seat plan for the door, each seat's roll number large enough to read from a metre.
 */
import { setImmediate } from 'node:timers/promises';
import { html, type RawHtml } from '../../../lib/html.js';
import { pdfDocument } from '../../../lib/pdf/document.js';
import { DOCUMENT_STYLE } from '../../../lib/pdf/document-style.js';
import type { RoomSheet, SeatedStudent } from '../documents.js';
import { CLASS_LABELS, ROOM_SHEET_TEXT as T } from '../../../lib/pdf/document-texts.js';
import { bnDigits, bnNumber, sittingDay, sittingTime } from '../../../lib/pdf/format.js';
import { both, photoImage, stacked } from '../../../lib/pdf/labels.js';

/** Rooms per part the generator prints (a room of 60 is about five pages). */
export const ROOMS_PER_PART = 5;

const STYLE = `
@page { size: A4; margin: 10mm 10mm 12mm; }
body { font-size: 9pt; }
${DOCUMENT_STYLE}
.room { break-before: page; }
.room:first-child { break-before: auto; }
.exam-bn { font-size: 12pt; font-weight: 700; }
.exam-en { font-size: 8.5pt; color: #333; }
.doc-title { margin-top: 1mm; font-size: 11pt; }
.doc-title .en { font-size: 9pt; }
.facts { display: grid; grid-template-columns: 1fr auto; gap: 1mm 6mm; margin-bottom: 2.5mm; border: 0.35mm solid #000; padding: 1.5mm 3mm; }
.facts .right { text-align: right; }
.room-no { font-size: 14pt; }
.label { font-size: 7.5pt; color: #444; }
.sittings { grid-column: 1 / -1; }
th { font-size: 7.5pt; }
td { font-size: 9pt; line-height: 1.25; }
td .ascii { font-size: 7.5pt; color: #333; letter-spacing: 0.4pt; }
td .institute { font-size: 7.5pt; color: #333; }
.thumb { width: 12mm; height: 16mm; object-fit: cover; display: block; margin: 0 auto; border: 0.2mm solid #777; }
.thumb.empty { border-style: dashed; }
.tally { display: grid; grid-template-columns: 1fr 1fr 2fr; gap: 6mm; margin-top: 6mm; break-inside: avoid; font-size: 8.5pt; }
.tally .blank { border-bottom: 0.3mm dotted #000; height: 8mm; margin-bottom: 0.8mm; }
.chart { break-before: page; }
.chart .room-name { font-size: 34pt; font-weight: 700; line-height: 1.15; }
.chart .centre { font-size: 12pt; }
.seats { display: grid; grid-template-columns: repeat(4, 1fr); gap: 2mm; margin-top: 3mm; }
.seat { border: 0.45mm solid #000; padding: 1mm 2mm 1.2mm; break-inside: avoid; text-align: center; }
.seat .no { display: flex; justify-content: space-between; font-size: 9pt; }
.seat .no .strong { font-size: 12pt; }
.seat .roll { font-size: 17pt; font-weight: 700; line-height: 1.2; }
.seat .ascii { font-size: 9pt; letter-spacing: 0.6pt; }
`;

/** A room as printed: "কক্ষ ১০১" for a room named "101", "কক্ষ ১০১" or "Room 101" alike (never "কক্ষ কক্ষ ১০১"). */
export function roomLabel(name: string): string {
  const own = new RegExp(`^(?:${T.room.bn}|${T.room.en})[\\s.:-]+`, 'iu');
  const rest = name.trim().replace(own, '');
  return `${T.room.bn} ${bnDigits(rest || name.trim())}`;
}

function sittingLines(sheet: RoomSheet): RawHtml {
  const classes = Object.keys(sheet.sittings).sort();
  if (classes.length === 0) return both(T.toBeAnnounced);
  return html`${classes.map((code) => {
    const sitting = sheet.sittings[code]!;
    const times = `${sittingTime(sitting, sitting.start_time)}–${sittingTime(sitting, sitting.end_time)}`;
    return html`<div><span class="strong">${CLASS_LABELS[code]?.bn ?? code}:</span> ${sittingDay(sitting)}, ${times} (${T.reporting.bn} ${sittingTime(sitting, sitting.reporting_time)})</div>`;
  })}`;
}

function heading(sheet: RoomSheet, title: RawHtml): RawHtml {
  return html`<header class="head">
<div class="exam-bn">${sheet.exam.name_bn}</div>
<div class="exam-en" lang="en">${sheet.exam.name_en}</div>
<div class="doc-title">${title}</div>
</header>`;
}

function facts(sheet: RoomSheet): RawHtml {
  return html`<div class="facts">
<div><span class="label">${both(T.centre)}</span><br><span class="strong">${sheet.centre.name_bn}</span> <span class="en" lang="en">${sheet.centre.name_en}</span><br>${sheet.centre.address}</div>
<div class="right"><span class="label">${both(T.room)}</span><br><span class="strong room-no">${bnDigits(sheet.room)}</span><br>${T.seats.bn} ${bnNumber(sheet.capacity)} · ${T.candidates.bn} ${bnNumber(sheet.students.length)}</div>
<div class="sittings">${sittingLines(sheet)}</div>
</div>`;
}

function row(student: SeatedStudent): RawHtml {
  const name = student.name_bn
    ? html`${student.name_bn}<br><span class="en" lang="en">${student.name_en}</span>`
    : html`<span lang="en">${student.name_en}</span>`;
  return html`<tr>
<td class="num strong">${bnNumber(student.seat)}</td>
<td class="num"><span class="strong">${bnDigits(student.roll_no)}</span><br><span class="ascii" lang="en">${student.roll_no}</span></td>
<td class="num">${bnDigits(student.reg_no)}</td>
<td>${name}${student.institute_name ? html`<br><span class="institute">${student.institute_name}</span>` : ''}</td>
<td class="num">${CLASS_LABELS[student.class]?.bn ?? student.class}</td>
<td>${photoImage(student.photo, 'thumb', html``)}</td>
<td></td>
</tr>`;
}

const COLUMNS: [keyof typeof T, string][] = [
  ['seat', '11mm'],
  ['rollNo', '28mm'],
  ['regNo', '25mm'],
  ['name', 'auto'],
  ['class', '19mm'],
  ['photo', '16mm'],
  ['signature', '38mm'],
];

function attendance(sheet: RoomSheet): RawHtml {
  const table =
    sheet.students.length === 0
      ? html`<p class="none">${both(T.noCandidates)}</p>`
      : html`<table>
<colgroup>${COLUMNS.map(([, width]) => html`<col style="width:${width}">`)}</colgroup>
<thead>
<tr><th class="running" colspan="${COLUMNS.length}">${sheet.exam.name_bn} · ${sheet.centre.name_bn} · <span class="strong">${roomLabel(sheet.room)}</span></th></tr>
<tr>${COLUMNS.map(([key]) => html`<th>${stacked(T[key])}</th>`)}</tr>
</thead>
<tbody>${sheet.students.map(row)}</tbody>
</table>`;
  return html`${heading(sheet, both(T.attendance))}${facts(sheet)}${table}
<div class="tally">
<div><div class="blank"></div>${both(T.present)}</div>
<div><div class="blank"></div>${both(T.absent)}</div>
<div><div class="blank"></div>${both(T.invigilator)}</div>
</div>`;
}

function seatPlan(sheet: RoomSheet): RawHtml {
  return html`<section class="chart">
<header class="head">
<div class="exam-bn">${sheet.exam.name_bn}</div>
<div class="doc-title">${both(T.seatPlan)}</div>
<div class="room-name">${roomLabel(sheet.room)}</div>
<div class="centre">${sheet.centre.name_bn} <span class="en" lang="en">${sheet.centre.name_en}</span></div>
<div>${sittingLines(sheet)}</div>
</header>
<div class="seats">${sheet.students.map(
    (student) => html`<div class="seat">
<div class="no"><span>${T.seat.bn} <span class="strong">${bnNumber(student.seat)}</span></span><span>${CLASS_LABELS[student.class]?.bn ?? student.class}</span></div>
<div class="roll">${bnDigits(student.roll_no)}</div>
<div class="ascii" lang="en">${student.roll_no}</div>
</div>`,
  )}</div>
</section>`;
}

function room(sheet: RoomSheet): RawHtml {
  // An empty room gets its attendance sheet (saying so), but no seat plan for the door.
  return html`<section class="room">${attendance(sheet)}</section>${sheet.students.length > 0 && seatPlan(sheet)}`;
}

function document(rooms: RawHtml[]): string {
  return pdfDocument({ title: `${T.document.bn} / ${T.document.en}`, style: STYLE, body: html`${rooms}` });
}

/** Each room's attendance sheet and seat plan, rooms one after another, as one HTML document. */
export function roomSheetsHtml(sheets: RoomSheet[]): string {
  return document(sheets.map(room));
}

/** A centre's rooms as the parts of one PDF, `perPart` rooms to a part, a room made at a time (see admitCardParts). */
export async function* roomSheetParts(sheets: AsyncIterable<RoomSheet> | Iterable<RoomSheet>, perPart = ROOMS_PER_PART): AsyncGenerator<string> {
  let made: RawHtml[] = [];
  for await (const sheet of sheets) {
    made.push(room(sheet));
    await setImmediate();
    if (made.length < perPart) continue;
    yield document(made);
    made = [];
  }
  if (made.length > 0) yield document(made);
}
