/**
 * Chromium's memory while the PDF benchmark runs, sampled in a worker thread (plain JavaScript, as a worker
 * is started without the benchmark's TypeScript loader): listing a process's descendants and reading their
 * smaps from /proc takes milliseconds each time, which on the main thread would count as the event loop's
 * delay and slow the render being measured. Ask with any message; the answer is the peaks since the last
 * question: RSS summed over the processes (their shared pages counted once per process), PSS summed (shared
 * pages divided among them), and how many processes there were.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const kilobytes = (text, pattern) => Number(pattern.exec(text)?.[1] ?? 0) * 1024;

/** The Chromium processes under `root`, however deep (the browser, its zygotes, renderers and utilities). */
function chromiumUnder(root) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // The command name may hold spaces or parentheses: the fields after the last ')' are fixed.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found = [];
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found.filter((pid) => /chrom/i.test(read(`/proc/${pid}/comm`)));
}

let chromium = [];
let peak = { rss: 0, pss: 0, count: 0 };
setInterval(() => (chromium = chromiumUnder(workerData.pid)), 500);
setInterval(() => {
  const now = { rss: 0, pss: 0, count: chromium.length };
  for (const pid of chromium) {
    now.rss += kilobytes(read(`/proc/${pid}/status`), /^VmRSS:\s+(\d+) kB/m);
    now.pss += kilobytes(read(`/proc/${pid}/smaps_rollup`), /^Pss:\s+(\d+) kB/m);
  }
  peak = { rss: Math.max(peak.rss, now.rss), pss: Math.max(peak.pss, now.pss), count: Math.max(peak.count, now.count) };
}, 100);

parentPort.on('message', () => {
  parentPort.postMessage(peak);
  peak = { rss: 0, pss: 0, count: 0 };
});
