/**
 * The one PDF generator (architecture §9): HTML printed by Chromium, which shapes Bengali with HarfBuzz
 * (conjuncts, reph, vowel signs before the consonant). A document comes as parts, each a complete HTML
 * document of a bounded number of pages (say 25 pages of admit cards); each part is one Chromium page
 * and one print, the prints are joined into one file on disk in order, and progress is told per part.
 * At most `concurrency` Chromium pages print at once across the process; the rest wait their turn,
 * and a render holds at most that many parts in memory, so 500 cards never sit in one page.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BrowserContext, Page } from 'playwright-core';
import type { PdfConfig } from '../../config.js';
import { HttpError } from '../errors.js';
import { ChromiumUnavailable, SharedChromium } from './chromium.js';
import { PdfJoiner } from './pdf-joiner.js';
import { FairSlots, Slots } from './slots.js';

/** A printed PDF in a temporary file, removed once it is read, streamed or dropped. */
export type PdfFile = {
  path: string;
  pages: number;
  bytes: number;
  /** The file as a stream; the file is removed when the stream closes (read to the end or destroyed). */
  stream(): Readable;
  /** The whole file in memory (a single card, tests); the file is removed. */
  read(): Promise<Buffer>;
  remove(): Promise<void>;
};

export type PdfParts = AsyncIterable<string> | Iterable<string>;

/** `done` parts of `total` (known when the parts came as an array) are printed and joined. */
export type PdfProgress = (done: number, total?: number) => void;

export type PdfGenerator = {
  /** Prints the parts (complete HTML documents, see document.ts; at least one) in order into one PDF; 503 `pdf_unavailable` without Chromium. */
  render(parts: PdfParts, onProgress?: PdfProgress): Promise<PdfFile>;
  /**
   * Runs `make` (a whole document: its render and what it does with the file) once it is `owner`'s turn:
   * at most `concurrency` documents at once across the server, the waiting ones taken round-robin by owner.
   */
  inTurn<T>(owner: string, make: () => Promise<T>): Promise<T>;
  /** Documents waiting for their turn and parts waiting for a page: the queue an operator watches (lib/metrics). */
  queued(): { documents: number; parts: number };
  close(): Promise<void>;
};

/** A part that takes longer than this to load or print is broken (a part is tens of pages, printed in seconds). */
const PART_TIMEOUT_MS = 60_000;

/**
 * The work, unless Chromium exits or the part overruns first: a Playwright call under way when the browser
 * dies can stay pending for good (newPage does), which would hold the render and its slot forever.
 */
function whileAlive<T>(context: BrowserContext, work: Promise<T>): Promise<T> {
  const browser = context.browser();
  work.catch(() => undefined);
  if (!browser) return work;
  let gone = () => {};
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<never>((_, reject) => {
    gone = () => reject(new Error('Chromium exited while printing'));
    timer = setTimeout(() => reject(new Error(`a part took over ${PART_TIMEOUT_MS / 1000} s to print`)), PART_TIMEOUT_MS);
    browser.once('disconnected', gone);
    if (!browser.isConnected()) gone();
  });
  return Promise.race([work, stopped]).finally(() => {
    browser.off('disconnected', gone);
    clearTimeout(timer);
  });
}

/** Where a failure to start Chromium is told (the answer itself is a 503 that names no path). */
export type PdfLog = { warn(details: object, message: string): void };

export function createPdfGenerator(config: PdfConfig, log?: PdfLog): PdfGenerator {
  const chromium = new SharedChromium(config.chromiumPath);
  const slots = new Slots(config.concurrency);
  const documents = new FairSlots(config.concurrency);
  let tempDir: Promise<string> | undefined;

  async function print(context: BrowserContext, html: string): Promise<Buffer> {
    let page: Page | undefined;
    try {
      page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: PART_TIMEOUT_MS });
      // The fonts are data: URLs, yet they load after the load event; printing before would use a fallback font.
      await page.evaluate('document.fonts.ready.then(() => true)');
      return await page.pdf({ preferCSSPageSize: true, printBackground: true, format: 'A4' });
    } finally {
      await page?.close().catch(() => undefined);
    }
  }

  /** One part into a PDF; if Chromium died under it, once more on a new Chromium. */
  async function printPart(html: string): Promise<Buffer> {
    const context = await chromium.context();
    try {
      return await whileAlive(context, print(context, html));
    } catch (error) {
      if (context.browser()?.isConnected() !== false) throw error;
      const fresh = await chromium.context();
      return whileAlive(fresh, print(fresh, html));
    }
  }

  async function render(parts: PdfParts, onProgress?: PdfProgress): Promise<PdfFile> {
    const total = Array.isArray(parts) ? parts.length : undefined;
    const iterator = Symbol.asyncIterator in parts ? parts[Symbol.asyncIterator]() : parts[Symbol.iterator]();
    tempDir ??= fs.mkdtemp(path.join(os.tmpdir(), 'scholarship-pdf-'));
    const file = path.join(await tempDir, `${randomUUID()}.pdf`);
    const joiner = await PdfJoiner.create(file);
    const printing: Promise<Buffer>[] = [];
    let done = 0;
    const appendFirst = async () => {
      await joiner.append(await printing.shift()!);
      onProgress?.(++done, total);
    };
    try {
      for (;;) {
        if (printing.length >= config.concurrency) await appendFirst();
        // The slot is taken before the next part is made, so a waiting render holds no part in memory.
        const release = await slots.acquire();
        let next: IteratorResult<string>;
        try {
          next = await iterator.next();
        } catch (error) {
          release();
          throw error;
        }
        if (next.done) {
          release();
          break;
        }
        const printed = printPart(next.value).finally(release);
        printed.catch(() => undefined);
        printing.push(printed);
      }
      while (printing.length > 0) await appendFirst();
      const { pages, bytes } = await joiner.finish();
      return pdfFile(file, pages, bytes);
    } catch (error) {
      await Promise.resolve(iterator.return?.()).catch(() => undefined);
      await Promise.allSettled(printing);
      await joiner.abort();
      await fs.rm(file, { force: true });
      if (!(error instanceof ChromiumUnavailable)) throw error;
      log?.warn({ reason: error.message }, 'PDF generator unavailable');
      throw new HttpError(503, 'pdf_unavailable');
    }
  }

  async function close(): Promise<void> {
    await chromium.close();
    const dir = await tempDir?.catch(() => undefined);
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }

  return { render, inTurn: (owner, make) => documents.run(owner, make), queued: () => ({ documents: documents.queued, parts: slots.queued }), close };
}

function pdfFile(file: string, pages: number, bytes: number): PdfFile {
  const remove = () => fs.rm(file, { force: true });
  return {
    path: file,
    pages,
    bytes,
    stream() {
      const stream = createReadStream(file);
      stream.once('close', () => void remove());
      return stream;
    },
    async read() {
      try {
        return await fs.readFile(file);
      } finally {
        await remove();
      }
    },
    remove,
  };
}
