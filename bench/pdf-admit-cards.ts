/**
 * `node --import tsx bench/pdf-admit-cards.ts [--cards 500] [--per-part 50] [--concurrency 2] [--runs 2]`
 *
 * An institute's admit cards as one PDF (budget: under 20 s and 400 MB for the server): the cards
 * with distinct photos (~20 kB JPEGs, made once in another process and read from disk part by part, as the
 * server reads them from storage) go through the real generator and templates. Prints, per run, the seconds,
 * this process's peak RSS (the server's share; tsx adds its compiler), the peak of Chromium's processes'
 * RSS summed from /proc (which counts their shared pages once per process) and of their PSS (shared pages
 * divided among them), the CPU seconds of node's main thread and of Chromium (on a shared machine the wall
 * time says more about the neighbours; half the CPU seconds is what two free cores would take), the event
 * loop's delay, pages and bytes. The first run includes Chromium's start.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { createPdfGenerator } from '../src/server/lib/pdf/generator.js';
import type { AdmitCard } from '../src/server/modules/exam/documents.js';
import { admitCardParts, ADMIT_CARDS_PER_PART } from '../src/server/modules/exam/pdf/admit-cards.js';
import { sampleAdmitCard, samplePhoto } from '../src/server/test/exam-samples.js';
import { pdfPageCount } from '../src/server/test/poppler.js';

const { values } = parseArgs({
  options: {
    cards: { type: 'string', default: '500' },
    'per-part': { type: 'string', default: String(ADMIT_CARDS_PER_PART) },
    concurrency: { type: 'string', default: '2' },
    runs: { type: 'string', default: '2' },
    'make-photos': { type: 'string' },
  },
});
const cards = Number(values.cards);
const photoDir = path.join(os.tmpdir(), `pdf-bench-photos-${cards}-v2`);

/** Photos with enough grain to weigh about 20 kB each, one file per student. */
async function makePhotos(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < cards; i++) fs.writeFileSync(path.join(dir, `${i}.jpg`), (await samplePhoto(i, 47)).bytes);
}

if (values['make-photos']) {
  await makePhotos(values['make-photos']);
  process.exit(0);
}
if (!fs.existsSync(path.join(photoDir, `${cards - 1}.jpg`))) {
  console.log(`making ${cards} photos in ${photoDir} (once)…`);
  const made = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--cards', String(cards), '--make-photos', photoDir], {
    stdio: 'inherit',
  });
  if (made.status !== 0) process.exit(1);
}
const photoBytes = Array.from({ length: cards }, (_, i) => fs.statSync(path.join(photoDir, `${i}.jpg`)).size);
console.log(
  `${cards} cards, photos ${Math.round(photoBytes.reduce((a, b) => a + b, 0) / cards / 1000)} kB on average, ${values['per-part']} cards a part, PDF_CONCURRENCY=${values.concurrency}`,
);

/** The cards as the exam module would yield them: each photo read when its card is made. */
async function* admitCards(): AsyncGenerator<AdmitCard> {
  for (let i = 0; i < cards; i++) {
    const bytes = await fs.promises.readFile(path.join(photoDir, `${i}.jpg`));
    yield sampleAdmitCard(i, { bytes, type: 'image/jpeg' });
  }
}

/**
 * CPU seconds of node's main thread, where the server's requests run (process.cpuUsage would add the
 * sampler's thread and libuv's; the event loop's utilisation counts wall time, which neighbours stretch).
 */
function mainThreadCpu(): number {
  const stat = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (utime! + stime!) / 100;
}

/** Chromium's peaks since the last call (bench/chromium-memory.mjs, a worker thread). */
async function chromiumPeak(sampler: Worker): Promise<{ rss: number; pss: number; count: number; cpu: number }> {
  sampler.postMessage('peak');
  return new Promise((resolve) => sampler.once('message', resolve));
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const generator = createPdfGenerator({ chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: Number(values.concurrency) });
const chromiumSampler = new Worker(new URL('./chromium-memory.mjs', import.meta.url), { workerData: { pid: process.pid } });
for (let run = 1; run <= Number(values.runs); run++) {
  let nodePeak = 0;
  const sample = () => (nodePeak = Math.max(nodePeak, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 50);
  const chromiumBefore = await chromiumPeak(chromiumSampler);
  const mainBefore = mainThreadCpu();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const before = process.memoryUsage.rss();
  const started = performance.now();
  let parts = 0;
  const file = await generator.render(admitCardParts(admitCards(), Number(values['per-part'])), (done) => (parts = done));
  const seconds = (performance.now() - started) / 1000;
  sample();
  clearInterval(sampler);
  loop.disable();
  const chromium = await chromiumPeak(chromiumSampler);
  const nodeCpu = mainThreadCpu() - mainBefore;
  const chromiumCpu = chromium.cpu - chromiumBefore.cpu;
  const pdf = await file.read();
  const pages = await pdfPageCount(pdf);
  globalThis.gc?.();
  const after = process.memoryUsage();
  console.log(
    `run ${run}: ${seconds.toFixed(1)} s, ${parts} parts, ${pages} pages (${file.pages} joined), ${(file.bytes / 1e6).toFixed(1)} MB; ` +
      `node RSS ${mb(before)} MB before, peak ${mb(nodePeak)} MB; Chromium peak ${mb(chromium.rss)} MB RSS summed, ${mb(chromium.pss)} MB PSS (${chromium.count} processes); ` +
      `CPU: node's main thread ${nodeCpu.toFixed(1)} s, Chromium ${chromiumCpu.toFixed(1)} s (on two free cores ≥ ${((nodeCpu + chromiumCpu) / 2).toFixed(1)} s); ` +
      `event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; ` +
      `after: heap ${mb(after.heapUsed)} MB, buffers ${mb(after.arrayBuffers)} MB`,
  );
}
await generator.close();
await chromiumSampler.terminate();
