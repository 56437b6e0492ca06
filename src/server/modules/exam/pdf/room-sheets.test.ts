/** Centre sheets printed through the real generator and read back with poppler. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { createPdfGenerator } from '../../../lib/pdf/generator.js';
import { headerRightBorderGaps, pdfPageCount, pdfText, pdfWords } from '../../../test/poppler.js';
import { samplePhoto, sampleRoomSheet } from '../../../test/exam-samples.js';
import type { RoomSheet } from '../documents.js';
import { bnDigits } from '../../../lib/pdf/format.js';
import { roomSheetParts, roomSheetsHtml } from './room-sheets.js';

const generator = createPdfGenerator(loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).pdf);
const print = async (sheets: RoomSheet[]) => (await generator.render([roomSheetsHtml(sheets)])).read();
const pagesOf = async (pdf: Buffer) => (await pdfText(pdf)).split('\f').filter((page) => page.trim());

describe('room sheets', { timeout: 30_000 }, () => {
  afterAll(() => generator.close());

  it('list every seat on the attendance sheet, its header on every page, then the seat plan for the door', async () => {
    const sheet = sampleRoomSheet(45, [await samplePhoto(1), await samplePhoto(2)]);
    const pages = await pagesOf(await print([sheet]));
    const plan = pages.findIndex((page) => page.includes('Seat plan'));
    expect(plan).toBeGreaterThan(1);
    const attendance = pages.slice(0, plan);
    for (const page of attendance) {
      expect(page).toContain('Roll No.');
      expect(page).toContain('Candidate’s signature');
      expect(page).toContain(`কক্ষ ${bnDigits(sheet.room)}`);
    }
    const listed = attendance.join('\n');
    const onDoor = pages.slice(plan).join('\n');
    for (const student of sheet.students) {
      expect(listed).toContain(student.roll_no);
      expect(listed).toContain(bnDigits(student.reg_no));
      expect(onDoor).toContain(bnDigits(student.roll_no));
      expect(onDoor).toContain(student.roll_no);
    }
    expect(pages[plan]).toContain(`কক্ষ ${bnDigits(sheet.room)}`);
  });

  it('start each room on its own page, and give an empty room no seat plan', async () => {
    const full = sampleRoomSheet(3, []);
    const empty: RoomSheet = { ...full, room: 'Lab-2', students: [] };
    const pdf = await print([full, empty]);
    const pages = await pagesOf(pdf);
    expect(await pdfPageCount(pdf)).toBe(3);
    expect(pages[1]).toContain('Seat plan');
    expect(pages[2]).toContain('Lab-২');
    expect(pages[2]).toContain('No candidates in this room');
  });

  it('come as parts of whole rooms', async () => {
    const rooms = ['1', '2', '3'].map((room) => ({ ...sampleRoomSheet(2, []), room }));
    const progress: number[] = [];
    const pages = await pagesOf(await (await generator.render(roomSheetParts(rooms, 2), (done) => progress.push(done))).read());
    expect(progress).toEqual([1, 2]);
    expect(pages.length).toBe(6);
    expect(pages[4]).toContain('কক্ষ ৩');
  });

  it('name a room once, as "কক্ষ ১০১", when the room is named so', async () => {
    const text = await pdfText(
      await print([
        { ...sampleRoomSheet(3, []), room: 'কক্ষ ১০১' },
        { ...sampleRoomSheet(2, []), room: 'Room 7' },
      ]),
    );
    expect(text).not.toContain('কক্ষ কক্ষ');
    expect(text).toContain('কক্ষ ১০১');
    expect(text).toContain('কক্ষ ৭');
  });

  it('end each page with whole lines: nothing of the next page’s header printed in the bottom margin', async () => {
    const pdf = await print([sampleRoomSheet(30, [await samplePhoto(1)])]);
    // The sheets' bottom margin is 12 mm (34 pt): every word sits above it.
    for (const page of [1, 2]) {
      const { height, words } = await pdfWords(pdf, page);
      const low = words.filter((word) => word.yMax > height - 34 + 1);
      expect(
        low.map((word) => word.text),
        `page ${page}`,
      ).toEqual([]);
    }
  });

  it('draw the table’s right-hand border as its left one', async () => {
    const { height, missing } = await headerRightBorderGaps(await print([sampleRoomSheet(30, [await samplePhoto(1)])]));
    expect(height).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
