/**
 * The Bengali proof: a PDF from the generator, rasterised by poppler, looks like the
 * same HTML drawn by Chromium on screen in the same font, word by word; a broken shaping (letters split by
 * zero-width non-joiners, or the Indic shaping features turned off) does not; and pdftotext gives the
 * words back.
 */
import sharp from 'sharp';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { pdfFonts, pdfPagePng, pdfText } from '../../test/poppler.js';
import { html, type RawHtml } from '../html.js';
import { pdfDocument } from './document.js';
import { createPdfGenerator, type PdfGenerator } from './generator.js';

const WORDS = ['ক্ষমতা', 'ত্যাগ', 'সর্বোচ্চ', 'চন্দ্রবিন্দু', 'বিজ্ঞান', 'স্ত্রী', 'রেফ', 'কৃষ্ণ'];
/** One word a row, each row this many CSS px high, so a word can be compared alone. */
const ROW = 64;
const WIDTH = 420;
const HEIGHT = ROW * WORDS.length;
/** Poppler draws the PDF at 96 dpi: one CSS px, one pixel, the screenshot's scale. */
const DPI = 96;

/** Letters apart: each code point drawn alone, as a PDF library that does not shape places them. */
const oneByOne = (word: string) => html`${[...word].map((letter) => html`<span style="display:inline-block">${letter}</span>`)}`;
/** Letters split by zero-width non-joiners (before a vowel sign it changes nothing: রেফ has no conjunct to split). */
const withZwnj = (word: string) => [...word].join('\u200c');
/** The Indic shaping features turned off (the vowel sign of রেফ is moved by the shaper itself, not by a feature). */
const NO_INDIC_FEATURES = `font-feature-settings: ${[
  'locl',
  'nukt',
  'akhn',
  'rphf',
  'blwf',
  'half',
  'pstf',
  'vatu',
  'cjct',
  'init',
  'pres',
  'abvs',
  'blws',
  'psts',
  'haln',
]
  .map((tag) => `'${tag}' 0`)
  .join(', ')};`;

function proof(words: (string | RawHtml)[], extraStyle = ''): string {
  return pdfDocument({
    title: 'proof',
    style: `@page { size: ${WIDTH}px ${HEIGHT}px; margin: 0; }
.word { height: ${ROW}px; line-height: ${ROW}px; padding-left: 16px; font-size: 40px; white-space: nowrap; ${extraStyle} }`,
    body: html`${words.map((word) => html`<div class="word">${word}</div>`)}`,
  });
}

type Ink = { pixels: Uint8Array; width: number; height: number };

/** Dark pixels (below mid grey) of an image: the letters, whatever the anti-aliasing. */
async function ink(png: Buffer): Promise<Ink> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: Uint8Array.from(data, (value) => (value < 128 ? 1 : 0)), width: info.width, height: info.height };
}

/** The share of `a`'s ink in rows [top, bottom) with no ink of `b` within one pixel (rasterisers place edges a pixel apart). */
function unmatched(a: Ink, b: Ink, top: number, bottom: number): number {
  let alone = 0;
  let total = 0;
  const inkOfB = (x: number, y: number) => x >= 0 && y >= 0 && x < b.width && y < b.height && b.pixels[y * b.width + x] === 1;
  for (let y = top; y < Math.min(bottom, a.height); y++) {
    for (let x = 0; x < a.width; x++) {
      if (a.pixels[y * a.width + x] !== 1) continue;
      total++;
      let near = false;
      for (let dy = -1; dy <= 1 && !near; dy++) for (let dx = -1; dx <= 1 && !near; dx++) near = inkOfB(x + dx, y + dy);
      if (!near) alone++;
    }
  }
  return total === 0 ? 1 : alone / total;
}

/** Per word: how far apart the two images are (the larger of the two directions). */
function differences(a: Ink, b: Ink): number[] {
  return WORDS.map((_, i) => Math.max(unmatched(a, b, i * ROW, (i + 1) * ROW), unmatched(b, a, i * ROW, (i + 1) * ROW)));
}

/** A word matches when at most this share of its ink has no counterpart (measured: under 1% for a correct print). */
const TOLERANCE = 0.03;

describe('Bengali in the PDF', { timeout: 30_000 }, () => {
  const config = loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).pdf;
  let generator: PdfGenerator;
  let browser: Browser;
  let pdf: Buffer;
  let printed: Ink;

  async function screenshot(document: string): Promise<Ink> {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    try {
      await page.emulateMedia({ media: 'print' });
      await page.setContent(document);
      await page.evaluate('document.fonts.ready.then(() => true)');
      return ink(await page.screenshot());
    } finally {
      await page.close();
    }
  }

  beforeAll(async () => {
    generator = createPdfGenerator(config);
    browser = await chromium.launch({ executablePath: config.chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    pdf = await (await generator.render([proof(WORDS)])).read();
    printed = await ink(await pdfPagePng(pdf, 1, DPI));
  }, 60_000);

  afterAll(async () => {
    await generator?.close();
    await browser?.close();
  });

  it('prints every word as Chromium draws it on screen', async () => {
    const shown = await screenshot(proof(WORDS));
    expect(Math.abs(printed.width - shown.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(printed.height - shown.height)).toBeLessThanOrEqual(1);
    const diff = differences(printed, shown);
    for (const [i, word] of WORDS.entries()) expect({ word, diff: diff[i]! < TOLERANCE }).toEqual({ word, diff: true });
  });

  const CONJUNCTS = WORDS.filter((word) => word !== 'রেফ');
  const BROKEN: [string, () => string, string[]][] = [
    ['letters drawn one by one', () => proof(WORDS.map(oneByOne)), WORDS],
    ['letters split by zero-width non-joiners', () => proof(WORDS.map(withZwnj)), CONJUNCTS],
    ['the Indic shaping features turned off', () => proof(WORDS, NO_INDIC_FEATURES), CONJUNCTS],
  ];

  it.each(BROKEN)('tells a broken shaping apart: %s', async (_, document, caught) => {
    const diff = differences(printed, await screenshot(document()));
    for (const word of caught) expect({ word, caught: diff[WORDS.indexOf(word)]! > 4 * TOLERANCE }).toEqual({ word, caught: true });
  });

  it('gives the words back as text, in order', async () => {
    const text = await pdfText(pdf);
    // pdftotext puts a space or a line break inside a word where a cluster's glyphs sit off the baseline or
    // step back over the one before (a reph, ্র, ী): Chromium writes each cluster's text in order (ActualText
    // spans), poppler's layout guess inserts the breaks. Without whitespace, the text is exactly the words.
    expect(text.replace(/\s+/g, '')).toBe(WORDS.join('').normalize('NFC'));
    for (const word of WORDS) expect(text.replace(/\s+/g, '')).toContain(word.normalize('NFC'));
  });

  it('embeds its own font, nothing from the system', async () => {
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^NotoSansBengali/);
  });
});
