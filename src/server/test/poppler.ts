/** A PDF read back the way a person's viewer would: poppler-utils' pdftotext, pdftoppm, pdfinfo and pdffonts. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const info = await withFile(pdf, async (file) => (await run('pdfinfo', [file])).stdout);
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
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
