/** The result documents printed through the real generator and read back with poppler (Bengali shaped, pages, numbers). */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { createPdfGenerator, type PdfParts } from '../../../lib/pdf/generator.js';
import { headerRightBorderGaps, pdfPageCount, pdfPagePng, pdfText } from '../../../test/poppler.js';
import { SAMPLE_RESULT_EXAM as EXAM, sampleInstituteRows, sampleMeritRow, sampleMeritRows, sampleResultDocument } from '../../../test/result-samples.js';
import { bnDigits, bnNumber } from '../../../lib/pdf/format.js';
import { instituteSheetParts } from './institute-sheet.js';
import { meritListParts } from './merit-list.js';
import { resultSlipParts } from './result-slip.js';

const generator = createPdfGenerator(loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).pdf);
const print = async (parts: PdfParts) => (await generator.render(parts)).read();
const pagesOf = async (pdf: Buffer) => (await pdfText(pdf)).split('\f').filter((page) => page.trim());
// pdftotext breaks a Bengali word where marks sit off the baseline (src/server/lib/pdf/bengali-proof.test.ts): compared without whitespace.
const squeezed = (text: string) => text.normalize('NFC').replace(/\s+/g, '');
const isPng = (png: Buffer) => png.subarray(1, 4).toString() === 'PNG';

describe('result documents', { timeout: 60_000 }, () => {
  afterAll(() => generator.close());

  it('print a student’s slip on one page: names, numbers, each subject’s marks or absence, total, position, result and scholarship', async () => {
    const doc = sampleResultDocument();
    const pdf = await print(resultSlipParts(EXAM, doc, new Date('2027-01-05T10:00:00Z')));
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(isPng(await pdfPagePng(pdf, 1, 60))).toBe(true);
    const text = await pdfText(pdf);
    const flat = squeezed(text);
    for (const words of [doc.name_bn!, doc.father_name!, doc.institute, EXAM.name_bn, 'চতুর্থ শ্রেণি', 'ট্যালেন্টপুল', 'উত্তীর্ণ', 'অনুপস্থিত', 'প্রাপ্ত নম্বর'])
      expect(flat).toContain(squeezed(words));
    for (const value of [doc.name_en, doc.roll_no, doc.reg_no, EXAM.site, 'Absent', 'Talent pool', '5 January 2027']) expect(text).toContain(value);
    for (const number of [bnDigits(doc.roll_no), bnNumber(87.5), bnNumber(doc.total), bnNumber(doc.full_marks), bnNumber(doc.position)])
      expect(flat).toContain(number);
  });

  it('print a failed or absent student’s slip without a scholarship, and an absent one without a rank', async () => {
    const absent = sampleResultDocument({ state: 'absent', grade: null, position: 4321, total: 0 });
    const flat = squeezed(await pdfText(await print(resultSlipParts(EXAM, absent))));
    expect(flat).toContain(squeezed('বৃত্তি পায়নি'));
    expect(flat).not.toContain(bnNumber(4321));
  });

  it('print a withheld result as withheld: no marks, total, rank or scholarship made up', async () => {
    const withheld = sampleResultDocument({ state: 'withheld', grade: null, position: 0, total: 0 });
    const text = await pdfText(await print(resultSlipParts(EXAM, withheld)));
    const flat = squeezed(text);
    expect(flat).toContain(squeezed('ফলাফল স্থগিত'));
    for (const words of ['প্রাপ্ত নম্বর', 'বৃত্তি পায়নি', 'অনুপস্থিত', 'অনুত্তীর্ণ']) expect(flat).not.toContain(squeezed(words));
    expect(text).not.toMatch(/Absent|Failed|No scholarship/);
  });

  it('print a class’s merit list over many pages in parts, the header on every page, every row once in order', async () => {
    const count = 130;
    const pdf = await print(meritListParts(EXAM, '07', sampleMeritRows(count), 50));
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(squeezed(pages[0]!)).toContain(squeezed('বৃত্তিপ্রাপ্তদের মেধাতালিকা'));
    expect(squeezed(pages[0]!)).toContain(squeezed('সপ্তম শ্রেণি'));
    for (const page of pages) {
      expect(page).toContain('Position');
      expect(page).toContain('Roll No.');
    }
    const all = pages.join('\n');
    const at = Array.from({ length: count }, (_, i) => all.indexOf(sampleMeritRow(i + 1).roll_no));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const middle = Math.ceil(pages.length / 2);
    expect(isPng(await pdfPagePng(pdf, middle, 60))).toBe(true);
  });

  it('draw the right-hand border of the merit list’s and the institute sheet’s tables as their left one', async () => {
    const { classes, rows } = sampleInstituteRows({ '04': 5 });
    const institute = { id: 12, uid: '935784', name: 'সরকারি বালিকা উচ্চ বিদ্যালয়, কৃষ্ণপুর' };
    for (const pdf of [await print(meritListParts(EXAM, '07', sampleMeritRows(5), 50)), await print(instituteSheetParts(EXAM, institute, classes, rows, 30))]) {
      const { height, missing } = await headerRightBorderGaps(pdf);
      expect(height).toBeGreaterThan(40);
      expect(missing).toEqual([]);
    }
  });

  it('print an empty merit list as one page saying so', async () => {
    const pdf = await print(meritListParts(EXAM, '04', []));
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(await pdfText(pdf)).toContain('Nobody on this list');
  });

  it('print an institute’s sheet: its name and id, the counts per class, then each class’s students in position order', async () => {
    const { classes, rows } = sampleInstituteRows({ '04': 40, '07': 6 });
    const institute = { id: 12, uid: '935784', name: 'সরকারি বালিকা উচ্চ বিদ্যালয়, কৃষ্ণপুর' };
    const pdf = await print(instituteSheetParts(EXAM, institute, classes, rows, 30));
    const pages = await pagesOf(pdf);
    const first = squeezed(pages[0]!);
    expect(first).toContain(squeezed(institute.name));
    expect(first).toContain(bnDigits('935784'));
    expect(first).toContain(squeezed(`${bnNumber(46)}`));
    const all = pages.join('\n');
    for (const row of rows) expect(all).toContain(row.roll_no);
    expect(squeezed(all)).toContain(squeezed('পূর্বের পাতার পর'));
    // Class seven starts a page of its own.
    const seven = pages.findIndex((page) => page.includes(rows.find((row) => row.class === '07')!.roll_no));
    expect(squeezed(pages[seven]!)).toContain(squeezed('সপ্তম শ্রেণি'));
    expect(pages[seven]).not.toContain(rows.find((row) => row.class === '04')!.roll_no);
  });
});
