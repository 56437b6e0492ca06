/** A PDF read back the way a person's viewer would: poppler-utils' pdftotext, pdftoppm, pdfinfo and pdffonts. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'poppler-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await fs.writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The text of the pages (all, or `first`..`last`), NFC-normalised; pages end with a form feed. */
export function pdfText(pdf: Buffer, pages: { first?: number; last?: number } = {}): Promise<string> {
  const range = [...(pages.first ? ['-f', String(pages.first)] : []), ...(pages.last ? ['-l', String(pages.last)] : [])];
  return withFile(pdf, async (file) => (await run('pdftotext', [...range, file, '-'], { maxBuffer: 64 << 20 })).stdout.normalize('NFC'));
}

const pdfInfo = (pdf: Buffer) => withFile(pdf, async (file) => (await run('pdfinfo', [file])).stdout);

export async function pdfPageCount(pdf: Buffer): Promise<number> {
  return Number(/^Pages:\s+(\d+)/m.exec(await pdfInfo(pdf))?.[1]);
}

/** The title a viewer shows (the document information's /Title). */
export async function pdfTitle(pdf: Buffer): Promise<string | undefined> {
  return /^Title:\s+(.*)$/m.exec(await pdfInfo(pdf))?.[1]?.trim();
}

/** The names of the fonts the PDF embeds (subset prefixes removed). */
export async function pdfFonts(pdf: Buffer): Promise<string[]> {
  const out = await withFile(pdf, async (file) => (await run('pdffonts', [file])).stdout);
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
}

/** One page as a PNG at `dpi` (pdftoppm -r). */
export function pdfPagePng(pdf: Buffer, page: number, dpi: number): Promise<Buffer> {
  return withFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    return fs.readFile(path.join(dir, 'page.png'));
  });
}

export type PdfWord = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** The words of one page with their boxes in points from the top left (pdftotext -bbox), and the page's height. */
export function pdfWords(pdf: Buffer, page: number): Promise<{ height: number; words: PdfWord[] }> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { maxBuffer: 64 << 20 });
    const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(stdout)?.[1]);
    const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      text: m[5]!.normalize('NFC'),
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    }));
    return { height, words };
  });
}

/**
 * The first page's first table header row at 300 dpi: how many pixel lines of it lack a right-hand border
 * where the left one's mirror image across the page would be (equal side margins), and how tall it is.
 */
export async function headerRightBorderGaps(pdf: Buffer): Promise<{ height: number; missing: number[] }> {
  const { data, info } = await sharp(await pdfPagePng(pdf, 1, 300))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[y * info.width + x]!;
  // The header row: the lines whose first column (just inside the 10 mm margin) is the header's grey.
  const firstColumn = Math.floor(info.width * 0.053);
  const grey = (y: number) => at(firstColumn, y) > 215 && at(firstColumn, y) < 245;
  let top = 0;
  while (top < info.height && !grey(top)) top++;
  let bottom = top;
  while (bottom < info.height && grey(bottom)) bottom++;
  const y = Math.floor((top + bottom) / 2);
  let left = 0;
  while (left < info.width && at(left, y) > 128) left++;
  const edge = info.width - 1 - left;
  const dark = (line: number) => Array.from({ length: 9 }, (_, i) => at(edge - 4 + i, line)).some((value) => value < 128);
  return { height: bottom - top, missing: Array.from({ length: bottom - top }, (_, i) => top + i).filter((line) => !dark(line)) };
}
