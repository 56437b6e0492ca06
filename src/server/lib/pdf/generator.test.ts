/** The PDF generator: parts joined in order, progress, the queue, Chromium missing, crashed and closed. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { chromiumBrowsers, chromiumProcesses } from '../../test/processes.js';
import { startTestApp } from '../../test/test-app.js';
import { pdfPageCount, pdfText } from '../../test/poppler.js';
import { HttpError } from '../errors.js';
import { html } from '../html.js';
import { pdfDocument } from './document.js';
import { createPdfGenerator } from './generator.js';
import { Slots } from './slots.js';

const config = loadConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).pdf;

/** A part of `pages` pages, each saying which part and page it is. */
function part(name: string, pages: number): string {
  return pdfDocument({
    title: name,
    style: '.page { break-after: page; font-size: 20pt; } .page:last-child { break-after: auto; }',
    body: html`${Array.from({ length: pages }, (_, i) => html`<div class="page">${name} পাতা ${i + 1}</div>`)}`,
  });
}

const pagesOf = (text: string) => text.split('\f').filter((page) => page.trim());

// Chromium on a busy machine: a print takes seconds, not the default 5.
describe('PDF generator', { timeout: 30_000 }, () => {
  const generator = createPdfGenerator(config);
  afterAll(() => generator.close());

  it('joins the parts into one PDF, in order, whichever part finished first', async () => {
    const progress: [number, number | undefined][] = [];
    const file = await generator.render([part('ক', 12), part('খ', 1), part('গ', 2)], (done, total) => progress.push([done, total]));
    const pdf = await file.read();
    expect(file.pages).toBe(15);
    expect(file.bytes).toBe(pdf.length);
    expect(await pdfPageCount(pdf)).toBe(15);
    const pages = pagesOf(await pdfText(pdf)).map((page) => page.trim());
    expect(pages).toEqual([...Array.from({ length: 12 }, (_, i) => `ক পাতা ${i + 1}`), 'খ পাতা 1', 'গ পাতা 1', 'গ পাতা 2']);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    await expect(fs.stat(file.path)).rejects.toThrow();
  });

  it('takes parts made on demand, and streams the file, removing it after', async () => {
    const made: number[] = [];
    const parts = (async function* () {
      for (const batch of ['1+2', '3+4', '5']) {
        made.push(Number(batch[0]));
        yield part(batch, 1);
      }
    })();
    const progress: (number | undefined)[] = [];
    const file = await generator.render(parts, (_, total) => progress.push(total));
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pagesOf(await pdfText(pdf)).map((page) => page.trim())).toEqual(['1+2 পাতা 1', '3+4 পাতা 1', '5 পাতা 1']);
    expect(made).toEqual([1, 3, 5]);
    expect(progress).toEqual([undefined, undefined, undefined]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fs.stat(file.path)).rejects.toThrow();
  });

  it('leaves no file behind when a part cannot be made', async () => {
    const failing = (function* () {
      yield part('ক', 1);
      throw new Error('the database went away');
    })();
    await expect(generator.render(failing)).rejects.toThrow('the database went away');
    const file = await generator.render([part('ক', 1)]);
    expect(await fs.readdir(path.dirname(file.path))).toEqual([path.basename(file.path)]);
    await file.remove();
  });

  it('launches Chromium again after it crashed', async () => {
    await (await generator.render([part('ক', 1)])).remove();
    const browsers = chromiumBrowsers();
    expect(browsers.length).toBe(1);
    process.kill(browsers[0]!, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pdf = await (await generator.render([part('খ', 1)])).read();
    expect((await pdfText(pdf)).trim()).toBe('খ পাতা 1');
    expect(chromiumBrowsers()).not.toContain(browsers[0]);
  });

  it('finishes a render during which Chromium crashed', async () => {
    await (await generator.render([part('ক', 1)])).remove();
    const rendering = generator.render([part('গ', 30)]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    process.kill(chromiumBrowsers()[0]!, 'SIGKILL');
    const file = await rendering;
    expect(file.pages).toBe(30);
    await file.remove();
  });

  it('answers 503 pdf_unavailable without Chromium, and the app still starts', async () => {
    const t = await startTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      const failure = await t.app.pdf.render([part('ক', 1)]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpError);
      expect(failure).toMatchObject({ statusCode: 503, messageKey: 'pdf_unavailable' });
    } finally {
      await t.close();
    }
  });

  it('closes its Chromium when the app closes', async () => {
    const t = await startTestApp({ CHROMIUM_PATH: config.chromiumPath });
    const already = new Set(chromiumProcesses());
    await (await t.app.pdf.render([part('ক', 1)])).remove();
    expect(chromiumProcesses().filter((pid) => !already.has(pid)).length).toBeGreaterThan(0);
    await t.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(chromiumProcesses().filter((pid) => !already.has(pid))).toEqual([]);
  });
});

describe('Slots', () => {
  it('lets at most `size` hold at once, the rest in arrival order', async () => {
    const slots = new Slots(2);
    let holding = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const release = await slots.acquire();
        order.push(i);
        most = Math.max(most, ++holding);
        await new Promise((resolve) => setTimeout(resolve, 10));
        holding--;
        release();
        release();
      }),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
