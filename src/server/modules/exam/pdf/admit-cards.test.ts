/** Admit cards printed through the real generator and read back with poppler: what a head teacher gets. */
import jsqr from 'jsqr';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { createPdfGenerator } from '../../../lib/pdf/generator.js';
import { pdfPagePng, pdfPageCount, pdfText, pdfTitle } from '../../../test/poppler.js';
import { SAMPLE_INSTRUCTIONS, sampleAdmitCard, samplePhoto } from '../../../test/exam-samples.js';
import type { AdmitCard } from '../documents.js';
import { ADMIT_CARDS_PER_PART, admitCardParts, admitCardsHtml } from './admit-cards.js';
import { bnDigits } from '../../../lib/pdf/format.js';

/** jsqr is CommonJS: its function is the module itself, typed as its `default`. */
const jsQR = jsqr.default;
const config = loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).pdf;
const generator = createPdfGenerator(config);
const print = async (cards: AdmitCard[]) => (await generator.render([admitCardsHtml(cards)])).read();
/** pdftotext breaks a few Bengali words where marks sit off the baseline (see bengali-proof.test.ts): compare without whitespace. */
const squeeze = (text: string) => text.normalize('NFC').replace(/\s+/g, '');

describe('admit cards', { timeout: 30_000 }, () => {
  afterAll(() => generator.close());

  it('hold the roll, the registration number and the Bengali name, in Bengali digits and as printed elsewhere', async () => {
    const card = sampleAdmitCard(7, await samplePhoto(7));
    const text = await pdfText(await print([card]));
    expect(text).toContain(card.student.roll_no);
    expect(text).toContain(card.student.reg_no);
    expect(text).toContain(bnDigits(card.student.roll_no));
    expect(text).toContain(bnDigits(card.student.reg_no));
    expect(squeeze(text)).toContain(squeeze(card.student.name_bn!));
    expect(text).toContain(card.student.name_en);
    expect(squeeze(text)).toContain(squeeze('প্রবেশপত্র'));
    expect(text).toContain('Admit Card');
    expect(await pdfTitle(await print([card]))).toBe('প্রবেশপত্র / Admit Card');
    expect(squeeze(text)).toContain(squeeze('শনিবার, ৫ ডিসেম্বর, ২০২৬'));
    expect(text).toContain('১০:০০');
    expect(squeeze(text)).toContain(card.verify_page);
    expect(text).toContain(card.verify_code);
  });

  it('carry a QR code that a phone reads as the verification address, on each of the two cards', async () => {
    const cards = [sampleAdmitCard(3, null), sampleAdmitCard(4, null)];
    const { data, info } = await sharp(await pdfPagePng(await print(cards), 1, 150))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const half = info.width * 4 * Math.floor(info.height / 2);
    const read = (from: number, to: number) => jsQR(new Uint8ClampedArray(data.subarray(from, to)), info.width, (to - from) / info.width / 4)?.data;
    expect(read(0, half)).toBe(cards[0]!.verify_url);
    expect(read(half, data.length)).toBe(cards[1]!.verify_url);
  });

  it('print two cards a page, and a single card alone', async () => {
    const cards = Array.from({ length: 5 }, (_, i) => sampleAdmitCard(i, null));
    expect(await pdfPageCount(await print(cards.slice(0, 1)))).toBe(1);
    expect(await pdfPageCount(await print(cards.slice(0, 2)))).toBe(1);
    const five = await print(cards);
    expect(await pdfPageCount(five)).toBe(3);
    const pages = (await pdfText(five)).split('\f');
    expect(pages[0]).toContain(cards[0]!.student.roll_no);
    expect(pages[0]).toContain(cards[1]!.student.roll_no);
    expect(pages[2]).toContain(cards[4]!.student.roll_no);
  });

  it('fill whole pages in a part', async () => {
    const cards = Array.from({ length: ADMIT_CARDS_PER_PART }, (_, i) => sampleAdmitCard(i, null));
    expect(await pdfPageCount(await print(cards))).toBe(ADMIT_CARDS_PER_PART / 2);
  });

  it('come as parts of whole pages, made as the generator asks for them', async () => {
    const cards = Array.from({ length: 7 }, (_, i) => sampleAdmitCard(i, null));
    const made: number[] = [];
    const source = (function* () {
      for (const [i, card] of cards.entries()) {
        made.push(i);
        yield card;
      }
    })();
    const progress: number[] = [];
    const pdf = await (await generator.render(admitCardParts(source, 4), (done) => progress.push(done))).read();
    expect(progress).toEqual([1, 2]);
    expect(made).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const pages = (await pdfText(pdf)).split('\f').filter((page) => page.trim());
    expect(pages.length).toBe(4);
    expect(pages[3]).toContain(cards[6]!.student.roll_no);
    await expect(admitCardParts(cards, 3).next()).rejects.toThrow(RangeError);
  });

  it('print what people typed as text, never as markup', async () => {
    const card = sampleAdmitCard(1, null, { name_en: 'TOM <b>&amp; JERRY</b>' });
    const text = await pdfText(await print([{ ...card, instructions: ['<script>alert(1)</script> আসন ছাড়বেন না'] }]));
    expect(text).toContain('TOM <b>&amp; JERRY</b>');
    expect(text).toContain('<script>alert(1)</script>');
  });

  it('say the date is still to be announced when there is no sitting yet', async () => {
    const text = await pdfText(await print([{ ...sampleAdmitCard(2, null), sitting: null }]));
    expect(squeeze(text)).toContain(squeeze('পরে জানানো হবে'));
    expect(text).toContain('To be announced');
  });
});

describe('admit card layout', { timeout: 30_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: config.chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(() => browser?.close());

  /** Whether every card's instructions fit inside it, laid out at the printed width (A4 less the margins). */
  async function instructionsFit(cards: AdmitCard[]): Promise<boolean> {
    const page = await browser.newPage({ viewport: { width: 733, height: 1000 } });
    try {
      await page.emulateMedia({ media: 'print' });
      await page.setContent(admitCardsHtml(cards));
      await page.evaluate('document.fonts.ready.then(() => true)');
      return (await page.evaluate(`[...document.querySelectorAll('.instructions')].every((box) => box.scrollHeight <= box.clientHeight + 1)`)) as boolean;
    } finally {
      await page.close();
    }
  }

  it('keeps the instructions inside the card, up to about 900 characters of them', async () => {
    const card = sampleAdmitCard(0, null);
    expect(await instructionsFit([card])).toBe(true);
    const longer = [...SAMPLE_INSTRUCTIONS, ...SAMPLE_INSTRUCTIONS, SAMPLE_INSTRUCTIONS[1]!];
    expect(longer.join('').length).toBeGreaterThan(800);
    expect(await instructionsFit([{ ...card, instructions: longer }])).toBe(true);
    // The check can fail: far more than a card holds does not fit.
    expect(await instructionsFit([{ ...card, instructions: [...longer, ...longer, ...longer] }])).toBe(false);
  });
});
