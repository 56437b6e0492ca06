/**
 * `npm run bench:soak -- [--db …] [--minutes 10] [--rate 200] [--connections 16]`
 *
 * The soak: the real server on the season data under mixed traffic (institutes' lists, dashboards
 * and new registrations, admin searches and approvals, the public site) at a steady rate for many
 * minutes. It passes with no error and no non-2xx answer and memory that stays flat: the mean resident
 * memory of the last minute within 15% (plus 10 MB) of the second minute's, after the warm-up.
 * Writes bench/results/<date>-soak-<db>.json and .md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEFAULT_DB, databaseOf, root, sessionFileOf, type Session } from './common.js';
import { approvalOf, studentForm } from './requests.js';
import { freePort, memorySampler, serverProcess, stopProcess, waitFor } from './server-process.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: DEFAULT_DB },
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    connections: { type: 'string', default: '16' },
    out: { type: 'string' },
  },
});
const dbUrl = values.db;
const database = databaseOf(dbUrl);
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const connections = Number(values.connections);
const outDir = values.out ? path.resolve(values.out) : path.join(root, 'bench/results');

type Request = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: unknown };

/** Twenty requests of a season's day, in proportion: mostly institutes, some admins, the public site. */
function trafficOf(session: Session): (i: number) => Request {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = bearer(session.admin.token);
  const institute = (i: number) => bearer(session.instituteTokens[i % session.instituteTokens.length]!.token);
  const list = '/api/v1/scholarship-registrations';
  const { samples, pendingPayments } = session;
  const page = session.pages[0] ? `/${session.pages[0]}` : '/site';
  return (i) => {
    switch (i % 20) {
      case 8:
      case 9:
        return { path: `${list}/analytics`, headers: institute(i) };
      case 10:
      case 11:
        return { method: 'POST', path: `${list}/store`, headers: institute(i), body: studentForm(i, 'soak', '0181') };
      case 12:
        return { path: `${list}?search=${encodeURIComponent(samples.names[i % samples.names.length]!)}`, headers: admin };
      case 13:
        return { path: `${list}/analytics`, headers: admin };
      case 14:
        return { path: '/api/v1/scholarship-payments', headers: institute(i) };
      case 15:
      case 16:
        return { path: '/site', headers: { accept: 'text/html' } };
      case 17:
        return { path: page, headers: { accept: 'text/html' } };
      case 18:
        return { method: 'POST', path: '/api/auth/me', headers: institute(i) };
      case 19:
        return { ...approvalOf(pendingPayments[i % pendingPayments.length]!), headers: admin };
      default:
        return { path: list, headers: institute(i) };
    }
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

async function main() {
  const sessionFile = sessionFileOf(database);
  if (!fs.existsSync(sessionFile)) throw new Error(`No seeded data for ${dbUrl}: run npm run bench:seed -- --db ${dbUrl} first`);
  const session = JSON.parse(fs.readFileSync(sessionFile, 'utf8')) as Session;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = serverProcess({ port, dbUrl, dataDir: path.join(tmp, 'server-data'), session, webRoot: path.join(tmp, 'no-client') });
  process.on('exit', () => server.kill('SIGTERM'));
  await waitFor(`${base}/api/health`, server);
  const memory = memorySampler(server.pid!, 1000);
  memory.reset();

  const next = trafficOf(session);
  let i = 0;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const loadBefore = os.loadavg().map(round);
  console.log(`soak on ${database.dialect}: ${minutes} min of mixed traffic at ${rate} req/s over ${connections} connections`);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        overallRate: rate,
        duration: minutes * 60,
        requests: [
          {
            setupRequest: (request) => {
              const r = next(i++);
              const body = r.body === undefined ? undefined : JSON.stringify(r.body);
              return {
                ...request,
                method: r.method ?? 'GET',
                path: r.path,
                headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...r.headers },
                body,
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const series = memory.series();
  memory.stop();
  await stopProcess(server);

  latencies.sort((a, b) => a - b);
  // One sample a second: the minutes of resident memory, the first one being the warm-up.
  const perMinute = Array.from({ length: Math.ceil(series.length / 60) }, (_, m) => round(mean(series.slice(m * 60, m * 60 + 60))));
  const baseline = perMinute[1] ?? perMinute[0] ?? 0;
  const last = perMinute.at(-1) ?? 0;
  const flat = last <= baseline * 1.15 + 10;
  const errors = result.errors + result.timeouts;
  const report = {
    date: new Date().toISOString(),
    dialect: database.dialect,
    registrations: session.registrations,
    institutes: session.institutes,
    minutes,
    rate,
    connections,
    loadBefore,
    requests: result.requests.total,
    rps: round(result.requests.total / (result.duration || 1)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(statuses),
    rssPerMinuteMb: perMinute,
    rssPeakMb: round(Math.max(0, ...series)),
    flat,
    passed: errors === 0 && result.non2xx === 0 && flat,
  };
  const name = `${report.date.slice(0, 10)}-soak-${database.dialect}`;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(
    path.join(outDir, `${name}.md`),
    `# Soak ${report.date.slice(0, 16).replace('T', ' ')} UTC — ${report.dialect}

${minutes} minutes of mixed traffic at ${rate} req/s over ${connections} connections on ${session.registrations.toLocaleString('en')} registrations and ${session.institutes.toLocaleString('en')} institutes: institutes' lists (8 in 20), dashboards (2), new registrations (2), payments list (1), session checks (1); admin name search (1), admin dashboard (1), payment approval (1); the public home (2) and a public page (1). Load before (1/5/15 min): ${loadBefore.join(' / ')}.

| result | value |
|---|---|
| passed (no error, no non-2xx, memory flat) | ${report.passed ? '✅' : '❌'} |
| requests | ${report.requests.toLocaleString('en')} (${report.rps} req/s) |
| latency p50 / p95 / p99 | ${report.p50} / ${report.p95} / ${report.p99} ms |
| errors / non-2xx | ${errors} / ${result.non2xx} |
| answers by status | ${Object.entries(report.statuses)
      .map(([s, n]) => `${s}: ${n.toLocaleString('en')}`)
      .join(', ')} |
| server RSS, mean of each minute (MB) | ${perMinute.join(', ')} |
| server RSS peak | ${report.rssPeakMb} MB |
| memory flat (last minute ≤ second minute × 1.15 + 10 MB) | ${flat ? 'yes' : 'no'} |
`,
  );
  console.log(
    `soak ${report.passed ? 'passed' : 'FAILED'}: ${report.requests} requests, ${errors} errors, ${result.non2xx} non-2xx, RSS per minute ${perMinute.join(' ')} MB → ${path.relative(root, path.join(outDir, `${name}.md`))}`,
  );
  fs.rmSync(tmp, { recursive: true, force: true });
  if (!report.passed) process.exitCode = 1;
}

await main();
