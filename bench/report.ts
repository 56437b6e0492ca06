/** The benchmark's report: JSON for machines, Markdown with the budgets for people, and latest.md. */
import fs from 'node:fs';
import path from 'node:path';
import type { LighthouseScore, PhoneLoad, ScreenSize } from './client.js';

export type ScenarioResult = {
  name: string;
  title: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
  loadBefore?: number[];
  statuses?: Record<string, number>;
  missing?: boolean;
  duplicates?: number;
  seconds?: number;
  bytes?: number;
  rows?: number;
  rssQuartilesMb?: number[];
  /** /api/health answers while an export runs: whether it held the event loop. */
  healthP99Ms?: number;
  healthMaxMs?: number;
  /** Chromium's peak RSS summed over its processes, for the scenarios that print PDFs. */
  chromiumMb?: number;
};

export type Report = {
  date: string;
  dialect: 'sqlite' | 'postgres';
  smoke: boolean;
  machine: { cpus: number; model: string; memoryGb: number; node: string };
  data: { institutes: number; registrations: number; seed: number; seededInSeconds: number };
  settings: {
    connections: number;
    adminConnections: number;
    duration: number;
    warmup?: number;
    /** App servers behind haproxy (absent: one server, no balancer). */ servers?: number;
  };
  serverPeakRssMb: number;
  scenarios: ScenarioResult[];
  screens: ScreenSize[];
  lighthouse: LighthouseScore[];
  /** The dashboard and an institute's list on the throttled phone, first and repeat visits (bench/client.ts). */
  phone?: { loadBefore: number[]; loads: PhoneLoad[] };
  notes: string[];
};

type Verdict = { budget: string; measured: string; met: boolean | null };

/** Each budget against this run; null where the run did not measure it. */
export function verdicts(report: Report): Verdict[] {
  const by = (name: string) => report.scenarios.find((s) => s.name === name && !s.missing);
  const out: Verdict[] = [];
  const floor = by('floor-institute-list');
  const list = by('institute-list');
  if (floor && list) {
    const share = Math.round((list.rps / floor.rps) * 100);
    out.push({
      budget: 'institute list ≥ 60% of the floor, p99 < 30 ms',
      measured: `${share}% (${list.rps} of ${floor.rps} req/s), p99 ${list.p99} ms`,
      met: share >= 60 && list.p99 < 30,
    });
  }
  // Every search scenario (an admin's or an institute's) has the search budget.
  for (const s of report.scenarios.filter((scenario) => scenario.name.includes('-search-') && !scenario.missing)) {
    out.push({ budget: `${s.name}: p95 < 50 ms`, measured: `p95 ${s.p95} ms`, met: s.p95 < 50 && s.errors === 0 });
  }
  const first = by('admin-list-first');
  const deep = by('admin-list-deep');
  if (first && deep) {
    out.push({
      budget: 'deep admin page (its next link) as cheap as the first: p95 within 1.5× of page 1',
      measured: `p95 ${deep.p95} ms vs ${first.p95} ms (${deep.rps} vs ${first.rps} req/s)`,
      met: deep.p95 <= first.p95 * 1.5 && deep.errors === 0,
    });
  }
  for (const name of ['analytics-admin', 'analytics-institute']) {
    const s = by(name);
    if (s) out.push({ budget: `${name}: p95 < 20 ms`, measured: `p95 ${s.p95} ms`, met: s.p95 < 20 && s.errors === 0 });
  }
  const exportOf = (name: string, format: string, budgetMb: number, budgetSeconds?: number) => {
    const exported = by(name);
    if (!exported) return;
    out.push({
      budget: `${format} export of ${report.data.registrations} rows${budgetSeconds ? ` < ${budgetSeconds} s` : ''}, server peak RSS < ${budgetMb} MB`,
      measured:
        `${exported.seconds} s, ${exported.rows} rows, ${Math.round((exported.bytes ?? 0) / 2 ** 20)} MB, peak ${exported.peakRssMb} MB (RSS at 0/25/50/75/100%: ${exported.rssQuartilesMb?.join('/')} MB)` +
        (exported.healthMaxMs === undefined ? '' : `; /api/health meanwhile p99 ${exported.healthP99Ms} ms, slowest ${exported.healthMaxMs} ms`),
      met: (exported.seconds ?? Infinity) < (budgetSeconds ?? Infinity) && exported.peakRssMb < budgetMb && exported.errors === 0,
    });
  };
  exportOf('export-csv', 'CSV', 200, 10);
  // The .xlsx is held whole in memory while written: it has a memory budget; its time is reported.
  exportOf('export-xlsx', 'Excel', 300);
  // Matching 100,000 statement lines against 100,000 pending payments takes seconds, not minutes.
  const reconciled = by('reconcile-statement');
  if (reconciled) {
    out.push({
      budget: 'statement reconciliation of 100,000 lines < 10 s',
      measured: `${reconciled.seconds} s, ${reconciled.rows} lines; an institute list meanwhile p99 ${reconciled.healthP99Ms} ms, slowest ${reconciled.healthMaxMs} ms`,
      met: (reconciled.seconds ?? Infinity) < 10 && reconciled.errors === 0,
    });
  }
  // Exam day: the whole season's seat plan in under a minute, the server answering meanwhile.
  const photos = by('photos-bulk');
  if (photos) {
    out.push({
      budget: '5,000 photos from one zip stored < 60 s',
      measured: `${photos.seconds} s, ${photos.rows} stored; an institute list meanwhile p99 ${photos.healthP99Ms} ms, slowest ${photos.healthMaxMs} ms`,
      met: (photos.seconds ?? Infinity) < 60 && photos.errors === 0 && (photos.rows ?? 0) >= 5000,
    });
  }
  const allocated = by('allocation');
  if (allocated) {
    out.push({
      budget: `seat allocation of ${allocated.rows} students < 60 s`,
      measured: `${allocated.seconds} s, ${allocated.rows} seated; an institute list meanwhile p99 ${allocated.healthP99Ms} ms, slowest ${allocated.healthMaxMs} ms`,
      met: (allocated.seconds ?? Infinity) < 60 && allocated.errors === 0,
    });
  }
  const centreCards = by('admit-cards-centre');
  if (centreCards) {
    out.push({
      budget: `a centre's ${centreCards.rows} admit cards as one PDF < 20 s, server peak RSS < 400 MB`,
      measured: `${centreCards.seconds} s, server peak ${centreCards.peakRssMb} MB, Chromium ${centreCards.chromiumMb} MB; an institute list meanwhile p99 ${centreCards.healthP99Ms} ms`,
      met: (centreCards.seconds ?? Infinity) < 20 && centreCards.peakRssMb < 400 && centreCards.errors === 0,
    });
  }
  const manyCards = by('admit-cards-20');
  if (manyCards) {
    out.push({
      budget: '20 institutes downloading admit cards at once: all served, the institute list answering meanwhile (p99 < 500 ms)',
      measured: `${manyCards.rows} cards in ${manyCards.seconds} s, ${manyCards.errors} failed; an institute list meanwhile p99 ${manyCards.healthP99Ms} ms, slowest ${manyCards.healthMaxMs} ms`,
      met: manyCards.errors === 0 && (manyCards.healthP99Ms ?? Infinity) < 500,
    });
  }
  // Results day: a season processed in under a minute; the lookup holds the rush from the snapshot, beside its floor.
  const processed = by('results-processing');
  if (processed) {
    out.push({
      budget: `result processing of ${processed.rows} students < 60 s`,
      measured: `${processed.seconds} s; an institute list meanwhile p99 ${processed.healthP99Ms} ms, slowest ${processed.healthMaxMs} ms`,
      met: (processed.seconds ?? Infinity) < 60 && processed.errors === 0,
    });
  }
  const lookup = by('result-lookup');
  if (lookup) {
    const floor = by('floor-result-lookup');
    out.push({
      budget: 'public result lookup ≥ 10,000 req/s, p99 < 50 ms',
      measured: `${lookup.rps} req/s, p99 ${lookup.p99} ms${floor ? ` (floor ${floor.rps} req/s: ${Math.round((lookup.rps / floor.rps) * 100)}%)` : ''}; an institute list meanwhile p99 ${lookup.healthP99Ms} ms`,
      met: lookup.rps >= 10_000 && lookup.p99 < 50 && lookup.errors === 0 && lookup.non2xx === 0,
    });
  }
  const create = by('registration-create');
  if (create) {
    out.push({
      budget: 'registration create ≥ 1,500 req/s, no duplicate reg_no, no error',
      measured: `${create.rps} req/s, ${create.duplicates} duplicates, ${create.errors} errors, ${create.non2xx} non-2xx`,
      met: create.rps >= 1500 && create.errors === 0 && create.non2xx === 0,
    });
  }
  for (const name of ['public-site', 'public-page']) {
    const s = report.scenarios.find((r) => r.name === name);
    if (s)
      out.push({
        budget: `${name} ≥ 5,000 req/s`,
        measured: s.missing ? 'not served yet' : `${s.rps} req/s`,
        met: s.missing ? null : s.rps >= 5000 && s.errors === 0,
      });
  }
  const login = report.screens.find((s) => s.screen === 'login');
  if (login) out.push({ budget: 'login screen ≤ 150 KB JS gzipped', measured: `${login.jsGzipKb} KB`, met: login.jsGzipKb <= 150 });
  for (const score of report.lighthouse) {
    out.push({
      budget: `Lighthouse ${score.page}: performance ≥ 95, accessibility ≥ 95`,
      measured: score.error ? `failed: ${score.error}` : `${score.performance} / ${score.accessibility}`,
      met: score.performance === null ? null : (score.performance ?? 0) >= 95 && (score.accessibility ?? 0) >= 95,
    });
  }
  return out;
}

function markdown(report: Report): string {
  const mark = (met: boolean | null) => (met === null ? '—' : met ? '✅' : '❌');
  const lines = [
    `# Benchmark ${report.date.slice(0, 16).replace('T', ' ')} UTC — ${report.dialect}${report.settings.servers ? `, ${report.settings.servers} servers behind haproxy` : ''}${report.smoke ? ' (smoke)' : ''}`,
    '',
    `${report.data.registrations.toLocaleString('en')} registrations, ${report.data.institutes.toLocaleString('en')} institutes (seed ${report.data.seed}, seeded in ${report.data.seededInSeconds} s). ` +
      `${report.machine.cpus} × ${report.machine.model}, ${report.machine.memoryGb} GB, Node ${report.machine.node}. ` +
      `autocannon on the same machine, ${report.settings.connections} connections (the admin's screens ${report.settings.adminConnections}: a season has a few admins), ${report.settings.duration} s per scenario${report.settings.warmup ? ` after ${report.settings.warmup} s of the same load not counted` : ''}. Server peak RSS (VmHWM) over the load scenarios: ${report.serverPeakRssMb} MB; the export runs on a freshly started server.`,
    '',
    '## Budgets',
    '',
    '| budget | measured | met |',
    '|---|---|---|',
    ...verdicts(report).map((v) => `| ${v.budget} | ${v.measured} | ${mark(v.met)} |`),
    '',
    '## Scenarios',
    '',
    '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | peak RSS MB | load before (1/5/15 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...report.scenarios.map((s) =>
      s.missing
        ? `| ${s.title} | missing | | | | | | | |`
        : `| ${s.title} | ${s.rps} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.errors} | ${s.non2xx} | ${s.peakRssMb} | ${s.loadBefore?.join(' / ') ?? ''} |`,
    ),
  ];
  if (report.screens.length) {
    lines.push('', '## Client: JavaScript each first screen downloads', '', '| screen | JS gzipped KB | CSS gzipped KB | files |', '|---|---:|---:|---|');
    for (const s of report.screens) lines.push(`| ${s.screen} | ${s.jsGzipKb} | ${s.cssGzipKb} | ${s.files.filter((f) => f.endsWith('.js')).join(', ')} |`);
  }
  if (report.lighthouse.length) {
    lines.push('', '## Lighthouse (mobile)', '', '| page | performance | accessibility |', '|---|---:|---:|');
    for (const s of report.lighthouse) lines.push(`| ${s.page} | ${s.performance ?? s.error} | ${s.accessibility ?? ''} |`);
  }
  if (report.phone?.loads.length) {
    lines.push(
      '',
      `## The throttled phone (360 px, CPU 4×, 150 ms, 1.6 Mbit/s; 1-minute load ${report.phone.loadBefore.join(' / ')} before)`,
      '',
      "From the navigation to the screen's content in the page, and the bytes over the network for it: first visit with nothing cached, then the same screen again.",
      '',
      '| screen | first visit | repeat visit |',
      '|---|---:|---:|',
    );
    for (const l of report.phone.loads)
      lines.push(
        l.error
          ? `| ${l.screen} | failed: ${l.error} | |`
          : `| ${l.screen} (\`${l.path}\`) | ${l.firstMs} ms, ${l.firstKb} KB | ${l.repeatMs} ms, ${l.repeatKb} KB |`,
      );
  }
  if (report.notes.length) lines.push('', '## Notes', '', ...report.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}

/** Writes <date>-<dialect>.json and .md into `dir` and points latest.md at the newest run and soak of each dialect. */
export function writeReport(report: Report, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const stem = `${report.date.slice(0, 10)}-${report.dialect}${report.settings.servers ? `-${report.settings.servers}-servers` : ''}`;
  const json = path.join(dir, `${stem}.json`);
  const md = path.join(dir, `${stem}.md`);
  fs.writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(md, markdown(report));
  const newest = (pattern: RegExp) =>
    fs
      .readdirSync(dir)
      .filter((f) => pattern.test(f))
      .sort()
      .at(-1);
  const latest = ['sqlite', 'postgres']
    .flatMap((dialect) => [
      newest(new RegExp(`^\\d{4}-\\d\\d-\\d\\d-${dialect}\\.md$`)),
      newest(new RegExp(`-soak-${dialect}\\.md$`)),
      // The multi-server runs (--servers), one line per number of servers.
      ...(dialect === 'postgres' ? [1, 2, 3].map((n) => newest(new RegExp(`-postgres-${n}-servers\\.md$`))) : []),
    ])
    .filter((f): f is string => Boolean(f));
  const latestFile = path.join(dir, 'latest.md');
  // analysis.md is written by hand: the measured reasons behind each missed budget.
  const analysis = fs.existsSync(path.join(dir, 'analysis.md')) ? '\nWhere budgets are missed and why: [analysis.md](analysis.md).\n' : '';
  fs.writeFileSync(
    latestFile,
    `# Latest benchmark reports\n\n${latest.map((f) => `- [${f.replace(/\.md$/, '')}](${f}) ([JSON](${f.replace(/\.md$/, '.json')}))`).join('\n')}\n${analysis}`,
  );
  return [json, md, latestFile];
}
