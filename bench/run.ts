/**
 * `npm run bench -- [--db sqlite:/path | --db postgres://…] [--duration 10] [--warmup 2] [--connections 32] [--only a,b] [--without-optimize] [--smoke]`
 *
 * Starts the real server (and the floor, bench/floor.ts) on data from `npm run bench:seed`, drives
 * every hot path over HTTP with autocannon, one scenario at a time, and writes
 * bench/results/<date>-<db>.json and .md. `--smoke` seeds a tiny database in a temporary directory,
 * runs each scenario for a second and fails unless every scenario ran without an error. `--only export-csv,login`
 * runs just the named scenarios (the floor, the client build and Lighthouse only when named: `floor-institute-list`,
 * `lighthouse`) and prints them; it writes a report only with `--out`, so partial runs never replace the full ones.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildClient, CHROMIUM, lighthouseScores, phoneLoads, screenSizes, type LighthouseScore, type PhoneLoad, type ScreenSize } from './client.js';
import { TOKEN_KEY } from '../src/web/api/token.js';
import { DEFAULT_DB, databaseOf, root, sessionFileOf, type Session } from './common.js';
import { writeReport, type Report, type ScenarioResult } from './report.js';
import { FAMILY_NAMES } from './names.js';
import { grainyPhoto, zipOf } from '../src/server/test/photo-zip.js';
import { approvalOf, studentForm } from './requests.js';
import { freePort, groupSampler, memorySampler, node, serverProcess, stopProcess, waitFor } from './server-process.js';
import { balancerReady, startBalancer } from './balancer.js';
import { compressionTable, tableText } from './compression.js';
import { registrationResource } from '../src/server/modules/registrations/registrations.resource.js';
import { AWARD_AMOUNT_KEYS } from '../src/common/schemas/scholarships.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: DEFAULT_DB },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    'admin-connections': { type: 'string', default: '4' },
    smoke: { type: 'boolean', default: false },
    out: { type: 'string' },
    'no-client': { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'without-optimize': { type: 'boolean', default: false },
    servers: { type: 'string', default: '0' },
    'quiet-load': { type: 'string', default: '1.5' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379/12' },
  },
});
const SCENARIOS = [
  'floor-institute-list',
  'institute-list',
  'institute-list-bytes',
  'institute-list-unchanged',
  'admin-search-name',
  'admin-search-surname',
  'admin-search-surname-filtered',
  'institute-search-surname',
  'admin-search-reg-no',
  'admin-search-mobile',
  'admin-list-first',
  'admin-list-deep',
  'analytics-institute',
  'analytics-admin',
  'registration-create',
  'payment-approve',
  'payment-approve-100',
  'login',
  'institute-list-after-restart',
  'export-csv',
  'export-xlsx',
  'import-dry-run',
  'import-store',
  'photos-bulk',
  'reconcile-statement',
  'allocation',
  'admit-cards-centre',
  'admit-cards-20',
  'results-processing',
  'results-publication',
  'award-letters',
  'payout-batch',
  'floor-result-lookup',
  'result-lookup',
  'guardian-sms-queue',
  'guardian-sms-dispatch',
  'public-site',
  'public-page',
  'compression',
  'lighthouse',
];
const only =
  values.only === undefined
    ? undefined
    : new Set(
        values.only
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      );
const unknown = [...(only ?? [])].filter((name) => !SCENARIOS.includes(name));
if (unknown.length || only?.size === 0) throw new Error(`--only: unknown scenario ${unknown.join(', ') || '(none named)'}; known: ${SCENARIOS.join(', ')}`);
const wanted = (name: string) => !only || only.has(name);
const smoke = values.smoke;
/** The 1-minute load each scenario waits to fall under before it starts (0: start at once; the smoke never waits). */
const quietLoad = Number(values['quiet-load']);
/** The longest wait for a quiet machine: a machine busy with something else still gets its run, its load in the report. */
const QUIET_WAIT_MS = 10 * 60_000;
/** App servers behind haproxy (0: one server, no balancer). */
const servers = Number(values.servers);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const dbUrl = smoke ? `sqlite:${path.join(tmp, 'smoke.sqlite')}` : values.db;
const database = databaseOf(dbUrl);
if (servers > 0 && database.dialect !== 'postgres') throw new Error('--servers needs --db postgres://…: a SQLite file belongs to one server');
const duration = smoke ? 1 : Number(values.duration);
/**
 * Seconds of the same load before each measured run, not counted: the server's JIT, caches and lazily
 * started parts (the search's worker thread) reach the state a serving server is in.
 */
const warmup = smoke ? 0 : Number(values.warmup);
const connections = smoke ? 4 : Number(values.connections);
/** A season has a handful of admins at once, not thirty-two: their screens are driven with fewer connections. */
const adminConnections = smoke ? 2 : Number(values['admin-connections']);
const outDir = values.out ? path.resolve(values.out) : smoke ? path.join(tmp, 'results') : path.join(root, 'bench/results');
const withClient = !smoke && !values['no-client'] && wanted('lighthouse');
/** A partial run prints its figures; only a run of everything (or one given --out) writes a report. */
const writeResults = !only || values.out !== undefined;

type Request = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: unknown };

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const round = (n: number) => Math.round(n * 10) / 10;

/** A warm-up, then the measured autocannon run; `next(i)` makes the i-th request, so each can carry another token or search. */
async function drive(base: string, next: (i: number) => Request, options: { connections?: number; duration?: number } = {}) {
  let i = 0;
  if (warmup > 0) await load(base, () => next(i++), { ...options, duration: warmup });
  return load(base, () => next(i++), options);
}

function load(base: string, next: () => Request, options: { connections?: number; duration?: number }) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  return new Promise<Omit<ScenarioResult, 'name' | 'title' | 'peakRssMb'>>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections ?? connections,
        duration: options.duration ?? duration,
        requests: [
          {
            setupRequest: (request) => {
              const r = next();
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
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          rps: round(result.requests.total / (result.duration || 1)),
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          statuses: Object.fromEntries(statuses),
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

/** A GET's body as it crossed the wire (fetch would inflate it): for counting bytes sent. */
function wire(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Duplicate registration and roll numbers, asked of the database itself. */
async function duplicateNumbers(): Promise<number> {
  const query = `select count(*) as n from (select reg_no from scholarship_registrations group by reg_no having count(*) > 1) d`;
  const roll = `select count(*) as n from (select roll_no from scholarship_registrations group by roll_no having count(*) > 1) d`;
  if (database.dialect === 'sqlite') {
    const db = new SQLite(database.file, { readonly: true });
    const n = (db.prepare(query).get() as { n: number }).n + (db.prepare(roll).get() as { n: number }).n;
    db.close();
    return n;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const n = Number((await client.query(query)).rows[0].n) + Number((await client.query(roll)).rows[0].n);
  await client.end();
  return n;
}

/** Statements with `?` placeholders on the bench database itself, from this process (writes the scenarios prepare and remove). */
async function runSql(work: (exec: (sql: string, params: unknown[]) => Promise<void>) => Promise<void>): Promise<void> {
  if (database.dialect === 'sqlite') {
    const db = new SQLite(database.file);
    db.pragma('busy_timeout = 10000');
    try {
      await work(async (sql, params) => void db.prepare(sql).run(...params));
      // The setup's writes are copied into the database here, so the server does not pay for them at its first commit.
      db.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await work(async (sql, params) => {
      let n = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    });
  } finally {
    await client.end();
  }
}

/** Rows of a query on the bench database, from this process. */
async function readSql<T>(query: string): Promise<{ rows: T[] }> {
  if (database.dialect === 'sqlite') {
    const db = new SQLite(database.file, { readonly: true });
    try {
      return { rows: db.prepare(query).all() as T[] };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return { rows: (await client.query(query)).rows as T[] };
  } finally {
    await client.end();
  }
}

/** Institutes with at least `students` unpaid students (from the fee counters), for payments that name that many. */
async function institutesWithUnpaid(students: number, limit: number): Promise<number[]> {
  const { rows } = await readSql<{ institute_id: number }>(
    `select institute_id from fee_totals where institute_id > 0 and fee_status = 'unpaid' and students >= ${students} order by institute_id limit ${limit}`,
  );
  return rows.map((row) => Number(row.institute_id));
}

/**
 * The deep page's SQL beside its keyset form (`where id < last id of the previous page`), timed on the
 * database itself: what an `after_id` parameter would give instead of OFFSET.
 */
async function keysetComparison(page: number): Promise<string> {
  const offset = (page - 1) * 100;
  const offsetSql = `select id from scholarship_registrations where status = 1 order by id desc limit 100 offset ${offset}`;
  const boundarySql = `select id from scholarship_registrations where status = 1 order by id desc limit 1 offset ${Math.max(0, offset - 1)}`;
  const keysetSql = (after: number) => `select id from scholarship_registrations where status = 1 and id < ${after} order by id desc limit 100`;
  const best = async (run: () => Promise<unknown>) => {
    let ms = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await run();
      ms = Math.min(ms, performance.now() - started);
    }
    return round(ms);
  };
  if (database.dialect === 'sqlite') {
    const db = new SQLite(database.file, { readonly: true });
    const after = (db.prepare(boundarySql).get() as { id: number } | undefined)?.id ?? 0;
    const result = [await best(async () => db.prepare(offsetSql).all()), await best(async () => db.prepare(keysetSql(after)).all())];
    db.close();
    return `Page ${page}: OFFSET ${offset} takes ${result[0]} ms in SQLite itself, the keyset form (id < ${after}) ${result[1]} ms.`;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const after = Number((await client.query(boundarySql)).rows[0]?.id ?? 0);
  const result = [await best(() => client.query(offsetSql)), await best(() => client.query(keysetSql(after)))];
  await client.end();
  return `Page ${page}: OFFSET ${offset} takes ${result[0]} ms in PostgreSQL itself, the keyset form (id < ${after}) ${result[1]} ms.`;
}

async function main() {
  if (smoke) {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', '--institutes', '30', '--registrations', '3000', '--db', dbUrl], {
      cwd: root,
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding the smoke database failed');
  }
  const sessionFile = sessionFileOf(database);
  if (!fs.existsSync(sessionFile)) throw new Error(`No seeded data for ${dbUrl}: run npm run bench:seed -- --db ${dbUrl} first`);
  const session = JSON.parse(fs.readFileSync(sessionFile, 'utf8')) as Session;

  let screens: ScreenSize[] = [];
  const webRoot = path.join(tmp, 'web');
  if (withClient) {
    buildClient(webRoot);
    screens = screenSizes(webRoot);
  }

  // --servers N: N app servers behind haproxy sharing Redis (PostgreSQL only: a SQLite file belongs to one server).
  const balanced = servers > 0;
  const serverPorts = await Promise.all(Array.from({ length: Math.max(1, servers) }, () => freePort()));
  const balancerPort = balanced ? await freePort() : undefined;
  const base = `http://127.0.0.1:${balancerPort ?? serverPorts[0]}`;
  // Every SMS of the run goes to a local gateway that only counts them (the guardians' send is a million).
  const smsGateway = await countingGateway();
  const startServer = async (port: number, i: number) => {
    const child = serverProcess({
      port,
      dbUrl,
      dataDir: path.join(tmp, 'server-data'),
      session,
      webRoot: withClient ? webRoot : path.join(tmp, 'no-client'),
      nodeOptions: values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : [],
      // The login scenario comes from many addresses (X-Forwarded-For), as a season's users do; behind
      // haproxy the balancer's own entry is the second hop.
      env: {
        TRUST_PROXY: balanced ? '2' : '1',
        ...(balanced ? { REDIS_URL: values.redis } : {}),
        // A file seeded --without-statistics stays as its users grew it: the budgets without the server's statistics.
        ...(values['without-optimize'] ? { SQLITE_OPTIMIZE: 'off' } : {}),
        SMS_GATEWAY_URL: `${smsGateway.url}?to={to}&text={message}`,
        // As fast as the dispatcher goes: the scenario measures its throughput, not a gateway's contract.
        SMS_RATE_PER_SECOND: '1000',
      },
    });
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    return { child, memory: memorySampler(child.pid!), index: i };
  };
  const startServers = async () => {
    const started = await Promise.all(serverPorts.map(startServer));
    if (balanced) await balancerReady(base);
    return { children: started.map((s) => s.child), memory: groupSampler(started.map((s) => s.memory)) };
  };
  const balancer = balanced ? startBalancer(path.join(tmp, 'haproxy'), balancerPort!, serverPorts) : undefined;
  let server = await startServers();
  const floorPort = await freePort();
  const floor = wanted('floor-institute-list') || wanted('floor-result-lookup') ? node('bench/floor.ts', [String(floorPort), dbUrl]) : undefined;
  process.on('exit', () => {
    for (const child of server.children) child.kill('SIGTERM');
    balancer?.kill('SIGTERM');
    floor?.kill('SIGTERM');
    smsGateway.close();
  });
  // A stopped run stops its servers, balancer and floor too (the exit handler above).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  if (floor) await waitFor(`http://127.0.0.1:${floorPort}/`, floor);
  const floorMemory = floor ? memorySampler(floor.pid!) : undefined;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = bearer(session.admin.token);
  const tokens = session.instituteTokens;
  const institute = (i: number) => bearer(tokens[i % tokens.length]!.token);
  const results: ScenarioResult[] = [];
  let serverPeakMb = 0;
  const notes: string[] = [];
  /** A note for the report, shown as the run goes too. */
  const note = (text: string) => {
    console.log(`  ${text}`);
    notes.push(text);
  };

  /** Requests the load generator gave up on may still queue in the server: wait until it answers at once again. */
  async function settle(url: string) {
    for (let quick = 0, tries = 0; quick < 2 && tries < 300; tries++) {
      const started = performance.now();
      await fetch(url).catch(() => undefined);
      quick = performance.now() - started < 50 ? quick + 1 : 0;
      if (quick < 2) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Waits, at most QUIET_WAIT_MS, for the machine's 1-minute load to fall under `quietLoad`: a scenario begun
   * right after a heavy one measures the one before's tail, and only figures begun quiet are budget figures
   * (docs/developers/benchmark.md). The load before each scenario is in the report either way.
   */
  async function quiet(name: string): Promise<number[]> {
    if (smoke || quietLoad <= 0 || os.loadavg()[0]! < quietLoad) return os.loadavg().map(round);
    console.log(`  ${name.padEnd(26)} waiting for the 1-minute load (${round(os.loadavg()[0]!)}) to fall under ${quietLoad}`);
    const until = Date.now() + QUIET_WAIT_MS;
    while (os.loadavg()[0]! >= quietLoad && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5000));
    return os.loadavg().map(round);
  }

  async function scenario(
    name: string,
    title: string,
    run: () => Promise<Omit<ScenarioResult, 'name' | 'title' | 'peakRssMb'> & Partial<ScenarioResult>>,
    floorRun = false,
    /** The load before a job the scenario only reports, started (after its own wait) before the scenario. */
    loadBeforeJob?: number[],
  ) {
    if (!wanted(name)) return;
    await settle(floorRun ? `http://127.0.0.1:${floorPort}/` : `${base}/api/health`);
    if (!loadBeforeJob) await quiet(name);
    const load = loadBeforeJob ?? os.loadavg().map(round);
    const sampler = floorRun ? floorMemory! : server.memory;
    sampler.reset();
    const result = { name, title, loadBefore: load, ...(await run()), peakRssMb: 0 };
    result.peakRssMb = sampler.peak();
    results.push(result);
    console.log(
      `  ${name.padEnd(26)} ${String(result.rps).padStart(8)} req/s  p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms  errors ${result.errors} non-2xx ${result.non2xx}  rss ${result.peakRssMb} MB  (load ${load.join(' ')})` +
        (result.rows === undefined
          ? ''
          : `\n  ${''.padEnd(26)} ${result.seconds} s, ${result.rows} rows, ${/^(import|photos|payment|reconcile|allocation|admit|result|guardian|award|payout)/.test(result.name) ? 'an institute list' : '/api/health'} meanwhile p99 ${result.healthP99Ms} ms, slowest ${result.healthMaxMs} ms`),
    );
  }

  console.log(
    `bench on ${database.dialect} (${session.registrations} registrations, ${session.institutes} institutes), ${connections} connections (admin screens ${adminConnections}), ${duration} s each after ${warmup} s of warm-up`,
  );
  const list = '/api/v1/scholarship-registrations';

  /**
   * Runs `work` while `url` is fetched every `everyMs` (an institute's list by default), and answers its
   * value with the time of each of those fetches, sorted: the slowest shows whether the work held the event loop.
   */
  /**
   * The result of a scenario that times one action (an export, an import, an allocation…): its seconds as
   * every percentile, and the pings another user sent meanwhile.
   */
  function oneAction(seconds: number, pings: number[], fields: Partial<ScenarioResult> & { errors: number; non2xx: number }) {
    const ms = round(seconds * 1000);
    return {
      requests: 1,
      rps: 0,
      p50: ms,
      p95: ms,
      p99: ms,
      seconds: round(seconds),
      healthP99Ms: round(percentile(pings, 99)),
      healthMaxMs: round(pings.at(-1) ?? 0),
      ...fields,
    };
  }
  async function meanwhile<T>(work: () => Promise<T>, url = list, everyMs = 20): Promise<{ value: T; pings: number[] }> {
    const pings: number[] = [];
    let working = true;
    const headers = url === list ? institute(1) : {};
    const pinging = (async () => {
      while (working) {
        const sent = performance.now();
        await fetch(`${base}${url}`, { headers }).catch(() => undefined);
        pings.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
    try {
      return { value: await work(), pings };
    } finally {
      working = false;
      await pinging;
      pings.sort((a, b) => a - b);
    }
  }
  await scenario(
    'floor-institute-list',
    'Floor: bare node:http, same SQL and JSON',
    () => drive(`http://127.0.0.1:${floorPort}`, (i) => ({ path: list, headers: institute(i) })),
    true,
  );
  await scenario('institute-list', "An institute's own list (100 rows)", () => drive(base, (i) => ({ path: list, headers: institute(i) })));

  // Bytes on the wire per list request: as sent before lists sent each fact once (every row's `info`
  // copy and its own `policies` entry, rebuilt from today's answer), plain, and compressed.
  let resultPage: Buffer | undefined;
  await scenario('institute-list-bytes', "Bytes of an institute's list: before, plain, brotli (100 rows)", async () => {
    const sizes = { before: 0, plain: 0, br: 0, gzip: 0 };
    const institutes = Math.min(tokens.length, 20);
    for (let i = 0; i < institutes; i++) {
      const plain = await wire(`${base}${list}`, { ...institute(i), 'accept-encoding': 'identity' });
      const answer = JSON.parse(plain.toString()) as { data: { data: Record<string, unknown>[] }; policies: { ids: number[]; abilities: unknown }[] };
      const abilities = new Map(answer.policies.flatMap((p) => p.ids.map((id) => [id, p.abilities] as const)));
      const before = {
        ...answer,
        data: { ...answer.data, data: answer.data.data.map((row) => registrationResource.present!(row)) },
        policies: answer.data.data.map((row) => ({ id: row.id, abilities: abilities.get(row.id as number) })),
      };
      sizes.before += Buffer.byteLength(JSON.stringify(before));
      sizes.plain += plain.length;
      sizes.br += (await wire(`${base}${list}`, { ...institute(i), 'accept-encoding': 'br' })).length;
      sizes.gzip += (await wire(`${base}${list}`, { ...institute(i), 'accept-encoding': 'gzip' })).length;
    }
    const per = (n: number) => Math.round(n / institutes);
    note(
      `institute-list-bytes: per request ${per(sizes.before)} B before, ${per(sizes.plain)} B plain, ${per(sizes.gzip)} B gzip 6, ${per(sizes.br)} B brotli 4 (${round(sizes.before / sizes.br)}× fewer than before)`,
    );
    const measured = await drive(base, (i) => ({ path: list, headers: { ...institute(i), 'accept-encoding': 'br, gzip' } }));
    return { ...measured, bytes: per(sizes.br) };
  });

  // A repeat load of an unchanged list: each institute's client holds its ETag; every answer is a 304.
  await scenario('institute-list-unchanged', "An institute's unchanged list again, with If-None-Match (304s)", async () => {
    const etags: string[] = [];
    for (let i = 0; i < tokens.length; i++) etags.push((await fetch(`${base}${list}`, { headers: institute(i) })).headers.get('etag') ?? '');
    const measured = await drive(base, (i) => ({ path: list, headers: { ...institute(i), 'if-none-match': etags[i % tokens.length]! } }));
    const notModified = measured.statuses?.['304'] ?? 0;
    const floor = results.find((r) => r.name === 'floor-institute-list');
    if (floor?.rps) note(`institute-list-unchanged: ${round(measured.rps / floor.rps)}× the floor's req/s (${measured.rps} vs ${floor.rps})`);
    return { ...measured, non2xx: measured.non2xx - notModified };
  });

  const { samples } = session;
  await scenario('admin-search-name', 'Admin search by name across all', () =>
    drive(base, (i) => ({ path: `${list}?search=${encodeURIComponent(samples.names[i % samples.names.length]!)}`, headers: admin }), {
      connections: adminConnections,
    }),
  );
  // One common word (a family name shared by a twentieth of the season, in English or Bengali): the
  // search's total is capped, so it must cost about what a rare name's page costs.
  const surnames = FAMILY_NAMES.flatMap(([bn, en]) => [en, bn]);
  await scenario('admin-search-surname', 'Admin search by one common surname', () =>
    drive(base, (i) => ({ path: `${list}?search=${encodeURIComponent(surnames[i % surnames.length]!)}`, headers: admin }), {
      connections: adminConnections,
    }),
  );
  // The same word in the back office's filtered lists (a class, a gender, a fee status, the deactivated):
  // every row that passes the filter is counted and paged, not only those among the season's newest 10,000.
  const listFilters = ['class=04', 'class=07', 'gender=m', 'gender=f', 'fee_status=unpaid', 'fee_status=pending', 'fee_status=paid', 'status=0'];
  await scenario('admin-search-surname-filtered', 'Admin search by one common surname in a filtered list', () =>
    drive(
      base,
      (i) => ({ path: `${list}?search=${encodeURIComponent(surnames[i % surnames.length]!)}&${listFilters[(i * 7) % listFilters.length]}`, headers: admin }),
      { connections: adminConnections },
    ),
  );
  // An institute searching its own students: the owner is the filter, ~50 rows among a season's million.
  await scenario('institute-search-surname', 'An institute searches its own list by one common surname', () =>
    drive(base, (i) => ({ path: `${list}?search=${encodeURIComponent(surnames[i % surnames.length]!)}`, headers: institute(i) })),
  );
  await scenario('admin-search-reg-no', 'Admin search by reg no', () =>
    drive(base, (i) => ({ path: `${list}?search=${samples.regNos[i % samples.regNos.length]}`, headers: admin }), { connections: adminConnections }),
  );
  await scenario('admin-search-mobile', 'Admin search by mobile', () =>
    drive(base, (i) => ({ path: `${list}?search=${samples.mobiles[i % samples.mobiles.length]}`, headers: admin }), { connections: adminConnections }),
  );
  const deepPage = Math.max(2, Math.min(5000, Math.floor((session.registrations * 0.98) / 100)));
  await scenario('admin-list-first', 'Admin list, first page of 100', () =>
    drive(base, () => ({ path: list, headers: admin }), { connections: adminConnections }),
  );
  // A deep page as the paginator links it: the next_page_url of the page before (a keyset after its last row).
  const deepPath = async () => {
    const before = await fetch(`${base}${list}?page=${deepPage - 1}`, { headers: admin });
    return ((await before.json()) as { data: { next_page_url: string } }).data.next_page_url;
  };
  if (wanted('admin-list-deep')) {
    const deep = await deepPath();
    await scenario('admin-list-deep', `Admin list, page ${deepPage} of 100 (the next link of page ${deepPage - 1})`, () =>
      drive(base, () => ({ path: deep, headers: admin }), { connections: adminConnections }),
    );
    notes.push(
      `${await keysetComparison(deepPage)} The list's next_page_url carries the keyset (after_id); a page number typed or picked from the numbered links still pays the OFFSET.`,
    );
  }
  await scenario('analytics-institute', "An institute's dashboard numbers", () => drive(base, (i) => ({ path: `${list}/analytics`, headers: institute(i) })));
  await scenario('analytics-admin', "The admin's dashboard numbers (totals and first page of institutes)", () =>
    drive(base, () => ({ path: `${list}/analytics`, headers: admin }), { connections: adminConnections }),
  );

  await scenario('registration-create', 'Registration create under concurrency', async () => {
    const result = await drive(base, (i) => ({ method: 'POST', path: `${list}/store`, headers: institute(i), body: studentForm(i, 'bench', '0171') }));
    const duplicates = await duplicateNumbers();
    return { ...result, duplicates, errors: result.errors + duplicates };
  });

  const pending = session.pendingPayments;
  await scenario('payment-approve', 'Admin approves pending payments', () =>
    drive(base, (i) => {
      return { ...approvalOf(pending[i % pending.length]!), headers: admin };
    }),
  );

  /**
   * Payments that name 100 students each, filed by the admin for the institutes with that many unpaid
   * students, then approved one by one (four admins at once) while an institute's list is read
   * meanwhile: each approval moves 100 students and their counters in one transaction.
   */
  async function approvalScenario() {
    const wantedPayments = smoke ? 3 : 200;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...admin, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { ok: response.ok, body: (await response.json()) as { data: Record<string, unknown> } };
    };
    const payments: number[] = [];
    // Each institute files as many payments of 100 as its unpaid students make (the smoke seed's are small).
    const size = smoke ? 10 : 100;
    for (const instituteId of await institutesWithUnpaid(size, wantedPayments)) {
      if (payments.length >= wantedPayments) break;
      const unpaid = await call('GET', `${list}?paginate=${size}&fields[]=id&fields[]=fee&fee_status=unpaid&institute_id=${instituteId}`);
      const students = (unpaid.body.data.data ?? []) as { id: number; fee: number }[];
      const filed = await call('POST', '/api/v1/scholarship-payments/store', {
        institute_id: instituteId,
        payment_method: 'bank',
        transaction_id: `BENCH${size}${Date.now().toString(36)}${payments.length}`.toUpperCase(),
        date: new Date().toISOString().slice(0, 10),
        amount: String(students.reduce((sum, student) => sum + student.fee, 0)),
        registration_ids: students.map((student) => student.id),
      });
      if (filed.ok) payments.push(filed.body.data.id as number);
    }
    const latencies: number[] = [];
    let failed = 0;
    const queue = [...payments];
    const started = performance.now();
    const { pings } = await meanwhile(() =>
      Promise.all(
        Array.from({ length: adminConnections }, async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            const sent = performance.now();
            if (!(await call('POST', '/api/v1/scholarship-payments/approve', { id })).ok) failed++;
            latencies.push(performance.now() - sent);
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: payments.length,
      rps: round(payments.length / seconds),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      errors: failed,
      non2xx: failed,
      seconds: round(seconds),
      rows: payments.length * size,
      healthP99Ms: round(percentile(pings, 99)),
      healthMaxMs: round(pings.at(-1) ?? 0),
    };
  }
  await scenario('payment-approve-100', 'Admin approves payments of 100 students each (institute list meanwhile)', approvalScenario);

  // Each login names another account from another address, so the per-account and per-address limits
  // (10 per 15 minutes, 60 per minute) see a season's traffic, not one client hammering.
  await scenario('login', 'Login (argon2id verify)', () =>
    drive(base, (i) => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      body: { email: `institute${1 + (i % session.institutes)}@bench.example`, password: session.password },
    })),
  );

  // A fresh server for each export, so its memory is its own and not what the load before it left in the heap.
  async function freshServer() {
    serverPeakMb = Math.max(serverPeakMb, server.memory.hwm());
    server.memory.stop();
    await Promise.all(server.children.map(stopProcess));
    server = await startServers();
  }

  // The first minute of a restarted server (its start-up warm-up under way, db/warm-up.ts), no warm-up
  // of the load generator's. The operating system's page cache stays as the run left it: a cold file
  // after a reboot is measured by dropping that cache before the run, on a machine of one's own.
  if (wanted('institute-list-after-restart')) await freshServer();
  await scenario('institute-list-after-restart', "An institute's own list in the first minute after a restart", () =>
    load(
      base,
      (() => {
        let i = 0;
        return () => ({ path: list, headers: institute(i++) });
      })(),
      { duration: smoke ? 1 : 60 },
    ),
  );

  /**
   * Downloads every registration in one format, pinging /api/health meanwhile (the slowest answer shows
   * whether the export held the event loop). `count` reads the saved file's rows after the clock stops.
   */
  async function exportScenario(format: 'csv' | 'xlsx', count: (file: string) => Promise<number>) {
    const file = path.join(tmp, `export.${format}`);
    const started = performance.now();
    let bytes = 0;
    const { value: response, pings } = await meanwhile(
      async () => {
        const answer = await fetch(`${base}/api/v1/export-data`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'scholarship-registrations', format }),
        });
        const out = fs.createWriteStream(file);
        for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        await new Promise((resolve) => out.end(resolve));
        return answer;
      },
      '/api/health',
      50,
    );
    const seconds = (performance.now() - started) / 1000;
    const series = server.memory.series();
    const quarter = (q: number) => Math.round(series[Math.min(series.length - 1, Math.floor((q * (series.length - 1)) / 4))] ?? 0);
    const rows = response.ok ? await count(file) : 0;
    fs.rmSync(file, { force: true });
    return oneAction(seconds, pings, { errors: response.ok ? 0 : 1, non2xx: response.ok ? 0 : 1, bytes, rows, rssQuartilesMb: [0, 1, 2, 3, 4].map(quarter) });
  }

  const loaded = results.some((r) => r.name !== 'floor-institute-list');
  if (wanted('export-csv') && loaded) await freshServer();
  await scenario('export-csv', 'CSV export of every registration (fresh server)', () =>
    exportScenario('csv', async (file) => {
      let lines = 0;
      for await (const chunk of fs.createReadStream(file)) for (const byte of chunk as Buffer) if (byte === 10) lines++;
      return lines - 1;
    }),
  );
  if (wanted('export-xlsx') && (loaded || results.some((r) => r.name === 'export-csv'))) await freshServer();
  await scenario('export-xlsx', 'Excel (.xlsx) export of every registration (fresh server)', () =>
    exportScenario('xlsx', async (file) => {
      // The file is read back whole with exceljs's streaming reader: the rows are there and the zip is sound.
      let rows = 0;
      for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) for await (const row of sheet) if (row.number > 1) rows++;
      return rows;
    }),
  );

  /** The import template filled with `count` students of class four, on class rolls no earlier run used, as an upload form. */
  async function importForm(owner: Record<string, string>, count: number, dryRun: boolean): Promise<FormData> {
    const template = await fetch(`${base}/api/v1/scholarship-registrations/import/template`, { headers: owner });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    // Class rolls no earlier run used, so a stored import is not all duplicates.
    const first = 100_000 + (Date.now() % 800_000);
    for (let i = 0; i < count; i++) {
      sheet.addRow([
        'চতুর্থ',
        first + i,
        i % 2 ? 'ছেলে' : 'মেয়ে',
        null,
        `bench import ${first + i}`,
        null,
        'ABDUL RAHIM',
        null,
        'RAHIMA BEGUM',
        null,
        null,
        1712345678,
        'Dhaka',
        null,
        null,
        null,
        'Savar',
      ]);
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const form = new FormData();
    form.append('file', new Blob([file]), 'students.xlsx');
    form.append('dry_run', dryRun ? '1' : '0');
    return form;
  }

  /**
   * An institute imports a 5,000-row sheet (a dry run, or storing it) while another institute keeps
   * asking for its list: the time of the import, and the list's p99 meanwhile (docs/developers/benchmark.md).
   */
  async function importScenario(dryRun: boolean) {
    const owner = institute(0);
    const form = await importForm(owner, 5000, dryRun);
    const started = performance.now();
    const {
      value: [response, answer],
      pings,
    } = await meanwhile(async () => {
      const sent = await fetch(`${base}/api/v1/scholarship-registrations/import`, { method: 'POST', headers: owner, body: form });
      return [sent, (await sent.json()) as { data?: { valid: number; stored: number } }] as const;
    });
    const seconds = (performance.now() - started) / 1000;
    return oneAction(seconds, pings, {
      errors: response.ok ? 0 : 1,
      non2xx: response.ok ? 0 : 1,
      rows: (dryRun ? answer.data?.valid : answer.data?.stored) ?? 0,
    });
  }
  await scenario('import-dry-run', 'Import check of a 5,000-row sheet (institute list meanwhile)', () => importScenario(true));
  await scenario('import-store', 'Import of a 5,000-row sheet, stored (institute list meanwhile)', () => importScenario(false));

  /**
   * Photos in bulk (docs/integrators/photos.md): one zip of `size` photos (600 × 800 JPEGs of ~55 kB with a real photo's
   * grain, the size of a scanned passport photo: 5,000 phone photos would pass the zip's 1,000 MB) named by class-roll for `size` students of
   * one institute (the import's, given students through the import first when it has fewer), stored with replace,
   * while another institute keeps asking for its list: the seconds from the upload to the job's end.
   */
  async function photosScenario(size: number) {
    const ownerId = tokens[0]!.id;
    const owner = institute(0);
    const studentsOf = async () =>
      (
        await readSql<{ class: string; class_roll: string; reg_no: string; same_roll: number }>(
          `select class, class_roll, reg_no, (select count(*) from scholarship_registrations o where o.institute_id = r.institute_id and o.class = r.class and o.class_roll = r.class_roll and o.status = 1) as same_roll
           from scholarship_registrations r where institute_id = ${ownerId} and status = 1 order by id limit ${size}`,
        )
      ).rows;
    let students = await studentsOf();
    if (students.length < size) {
      const added = await fetch(`${base}/api/v1/scholarship-registrations/import`, {
        method: 'POST',
        headers: owner,
        body: await importForm(owner, size - students.length, false),
      });
      if (!added.ok) throw new Error(`photos-bulk: the students could not be imported: ${added.status} ${await added.text()}`);
      students = await studentsOf();
    }
    const samples = await Promise.all(Array.from({ length: 8 }, (_, i) => grainyPhoto(600, 800, { orientation: i % 2 ? 6 : undefined, seed: i })));
    // The seed's rolls repeat within a class: those students' photos are named by registration number, as a school may.
    const nameOf = (student: (typeof students)[number]) =>
      Number(student.same_roll) === 1 ? `${student.class}/${student.class_roll}.jpg` : `${student.reg_no}.jpg`;
    const zip = zipOf(students.map((student, i) => ({ name: nameOf(student), data: samples[i % samples.length]! })));
    const form = new FormData();
    form.append('dry_run', '0');
    form.append('replace', '1');
    form.append('file', new Blob([new Uint8Array(zip)]), 'photos.zip');
    const started = performance.now();
    const { value: result, pings } = await meanwhile(async () => {
      const sent = await fetch(`${base}/api/v1/photos/import`, { method: 'POST', headers: owner, body: form });
      if (sent.status !== 202) return undefined;
      const jobId = ((await sent.json()) as { data: { job_id: number } }).data.job_id;
      for (;;) {
        const job = (await (await fetch(`${base}/api/v1/jobs/${jobId}`, { headers: owner })).json()) as {
          data: { state: string; result: { stored: number } | null };
        };
        if (job.data.state !== 'running') return job.data.result ?? undefined;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }, list);
    const seconds = (performance.now() - started) / 1000;
    notes.push(`photos-bulk: ${students.length} photos in a ${Math.round(zip.length / 1e6)} MB zip`);
    return oneAction(seconds, pings, { errors: result ? 0 : 1, non2xx: result ? 0 : 1, rows: result?.stored ?? 0 });
  }
  await scenario('photos-bulk', 'Photos in bulk: a zip of 5,000 photos stored (institute list meanwhile)', () => photosScenario(smoke ? 40 : 5000));

  /**
   * An admin reconciles a bKash statement of `size` lines against `size` pending payments written for the
   * run (90% of the lines name one, a tenth of those with another amount; the rest name none), while an
   * institute keeps asking for its list: the time of the upload's answer (read, matched, stored) and the
   * list's p99 meanwhile. The run's payments and statement are deleted afterwards.
   */
  async function reconcileScenario(size: number) {
    const tag = `RB${Date.now().toString(36).toUpperCase()}`;
    const owners = session.instituteTokens.map((entry) => entry.id);
    const at = new Date().toISOString();
    const payments = Array.from({ length: size }, (_, i) => ({
      institute_id: owners[i % owners.length]!,
      amount: 200 * (1 + (i % 5)),
      transaction_id: `${tag}${String(i).padStart(6, '0')}`,
    }));
    await runSql(async (exec) => {
      for (let start = 0; start < size; start += 500) {
        const batch = payments.slice(start, start + 500);
        await exec(
          `insert into scholarship_payments (institute_id, amount, payment_method, transaction_id, date, is_approved, creator, slug, status, created_at, updated_at) values ${batch.map(() => '(?, ?, ?, ?, ?, 0, null, ?, 1, ?, ?)').join(', ')}`,
          batch.flatMap((p) => [p.institute_id, p.amount, 'bkash', p.transaction_id, at.slice(0, 10), p.transaction_id.toLowerCase(), at, at]),
        );
      }
    });
    const named = Math.floor(size * 0.9);
    const lines = ['Date,TrxID,Transaction Type,Sender,Amount,Balance'];
    for (let i = 0; i < size; i++) {
      const payment = i < named ? payments[i]! : undefined;
      // Every seventh id as a statement may print it: lower case, in two groups.
      const id = payment
        ? i % 7 === 0
          ? `${payment.transaction_id.slice(0, 6).toLowerCase()} ${payment.transaction_id.slice(6)}`
          : payment.transaction_id
        : `${tag}N${i}`;
      const amount = payment ? payment.amount + (i % 10 === 9 ? 200 : 0) : 500;
      lines.push(`2026-11-20 10:00:00,${id},Payment,01711000000,${amount}.00,0.00`);
    }
    const form = new FormData();
    for (const [name, value] of Object.entries({ format_name: 'bKash merchant', transaction_column: 'TrxID', amount_column: 'Amount', date_column: 'Date' }))
      form.append(name, value);
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), `bench-statement-${tag}.csv`);
    const started = performance.now();
    const {
      value: [response, answer],
      pings,
    } = await meanwhile(async () => {
      const sent = await fetch(`${base}/api/v1/payment-statements`, { method: 'POST', headers: admin, body: form });
      return [sent, (await sent.json()) as { data?: { id: number; lines: number; counts: Record<string, number> } }] as const;
    });
    const seconds = (performance.now() - started) / 1000;
    const counts = answer.data?.counts;
    const expected = { matched: named - Math.floor(named / 10), amount_differs: Math.floor(named / 10), not_filed: size - named };
    const wrong = !counts || Object.entries(expected).some(([list, n]) => counts[list] !== n);
    if (counts) notes.push(`reconcile-statement: ${JSON.stringify(counts)} from ${answer.data!.lines} lines (${size} seeded pending payments).`);
    await runSql(async (exec) => {
      await exec(`delete from statement_lines where statement_id in (select id from payment_statements where file_name = ?)`, [`bench-statement-${tag}.csv`]);
      await exec(`delete from payment_statements where file_name = ?`, [`bench-statement-${tag}.csv`]);
      await exec(`delete from scholarship_payments where transaction_id like ?`, [`${tag}%`]);
    });
    return oneAction(seconds, pings, { errors: response.ok && !wrong ? 0 : 1, non2xx: response.ok ? 0 : 1, rows: answer.data?.lines ?? 0 });
  }
  await scenario('reconcile-statement', 'Reconciliation of a 100,000-line statement against 100,000 pending payments (institute list meanwhile)', () =>
    reconcileScenario(smoke ? 2000 : 100_000),
  );

  /**
   * The seat plan of a whole season: every active student made paid for the run, about 2,000 centres over
   * the upazilas the seeded institutes sit in (capacity 5% above each upazila's students, rooms of 40),
   * then one allocation while an institute keeps asking for its list. Students, centres and seats are put
   * back after the admit-card scenarios, which print from this seat plan.
   */
  async function allocationScenario(centreCount: number) {
    const tag = `BENCH-${Date.now().toString(36)}`;
    const perUpazila = new Map<number, number>();
    await runSql(async (exec) => {
      await exec(`update scholarship_registrations set fee_status = 'paid' where status = 1 and fee_status = 'unpaid' and payment_id is null`, []);
    });
    const { rows: upazilas } = await readSql<{ upozilla_id: number; students: number }>(
      `select u.upozilla_id as upozilla_id, count(*) as students from scholarship_registrations r join users u on u.id = r.institute_id
       where r.status = 1 and r.fee_status = 'paid' and u.upozilla_id is not null group by u.upozilla_id`,
    );
    const students = upazilas.reduce((sum, row) => sum + Number(row.students), 0);
    const at = new Date().toISOString();
    await runSql(async (exec) => {
      for (const { upozilla_id: upazila, students: count } of upazilas) {
        const centres = Math.max(1, Math.round((centreCount * Number(count)) / students));
        perUpazila.set(upazila, centres);
        const seats = Math.ceil((Number(count) * 1.05) / centres);
        const rooms = Array.from({ length: Math.ceil(seats / 40) }, (_, i) => ({ name: String(101 + i), capacity: 40 }));
        for (let c = 0; c < centres; c++)
          await exec(
            `insert into exam_centres (name_bn, name_en, upozilla_id, address, contact_name, contact_mobile, rooms, capacity, upazila_ids, institute_ids, status, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', 1, ?, ?)`,
            [
              `কেন্দ্র ${c + 1}`,
              `${tag} ${upazila}-${c + 1}`,
              upazila,
              'School Road',
              'Head Teacher',
              '01711000000',
              JSON.stringify(rooms),
              rooms.length * 40,
              `[${upazila}]`,
              at,
              at,
            ],
          );
      }
    });
    const centresMade = [...perUpazila.values()].reduce((a, b) => a + b, 0);
    const started = performance.now();
    const { value: job, pings } = await meanwhile(async () => {
      const answer = (await (
        await fetch(`${base}/api/v1/exam/allocate`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: '{}' })
      ).json()) as {
        data?: { job_id: number };
      };
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const polled = (await (await fetch(`${base}/api/v1/jobs/${answer.data?.job_id}`, { headers: admin })).json()) as {
          data?: { state: string; result?: { seated: number; unseated_students: number; kept: number } };
        };
        if (polled.data?.state !== 'running') return polled.data;
      }
    });
    const seconds = (performance.now() - started) / 1000;
    notes.push(
      `allocation: ${job?.result?.seated ?? 0} of ${students} paid students seated in ${centresMade} centres, ${job?.result?.unseated_students ?? '?'} unseated (state ${job?.state}).`,
    );
    cleanups.push(() =>
      runSql(async (exec) => {
        await exec(`delete from exam_seats`, []);
        await exec(`delete from jobs`, []);
        await exec(`delete from exam_centres where name_en like ?`, [`${tag}%`]);
        await exec(`update exams set admit_cards_published = 0`, []);
        await exec(`update scholarship_registrations set fee_status = 'unpaid' where fee_status = 'paid' and payment_id is null`, []);
      }),
    );
    const ok = job?.state === 'done' && job.result?.seated === students;
    return oneAction(seconds, pings, { errors: ok ? 0 : 1, non2xx: 0, rows: job?.result?.seated ?? 0 });
  }
  /**
   * Admit-card PDFs through the API while an institute keeps asking for its list: each request starts a
   * job, polled until its file is made and downloaded. `centre_id: 'largest'` names the centre with the
   * most seats. The clock runs from the first request to the last file; Chromium's peak RSS is sampled
   * from /proc beside the server's.
   */
  async function admitCardsScenario(requests: { headers: Record<string, string>; body: Record<string, unknown> }[]) {
    await runSql(async (exec) => exec(`update exams set admit_cards_published = 1`, []));
    const { rows: largest } = await readSql<{ id: number; seated: number }>(`select id, seated from exam_centres order by seated desc limit 1`);
    const chromium = new Worker(new URL('./chromium-memory.mjs', import.meta.url), { workerData: { pid: server.children[0]!.pid } });
    const chromiumPeak = () =>
      new Promise<{ rss: number }>((resolve) => {
        chromium.once('message', resolve);
        chromium.postMessage('peak');
      });
    await chromiumPeak();
    const started = performance.now();
    const { value: outcomes, pings } = await meanwhile(() =>
      Promise.all(
        requests.map(async ({ headers, body }) => {
          const sent = await fetch(`${base}/api/v1/admit-cards`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body.centre_id === 'largest' ? { centre_id: largest[0]?.id } : body),
          });
          const answer = (await sent.json()) as { data?: { job_id?: number } };
          if (!answer.data?.job_id) return { ok: false, cards: 0, bytes: 0 };
          for (;;) {
            await new Promise((resolve) => setTimeout(resolve, 250));
            const job = (await (await fetch(`${base}/api/v1/jobs/${answer.data.job_id}`, { headers })).json()) as {
              data?: { state: string; result?: { cards: number } };
            };
            if (job.data?.state === 'running') continue;
            const file = await fetch(`${base}/api/v1/jobs/${answer.data.job_id}/file`, { headers });
            const bytes = file.ok ? (await file.arrayBuffer()).byteLength : 0;
            return { ok: job.data?.state === 'done' && file.ok, cards: job.data?.result?.cards ?? 0, bytes };
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const chromiumMb = Math.round((await chromiumPeak()).rss / 2 ** 20);
    await chromium.terminate();
    const cards = outcomes.reduce((sum, outcome) => sum + outcome.cards, 0);
    const failed = outcomes.filter((outcome) => !outcome.ok).length;
    notes.push(
      `admit cards: ${requests.length} download(s), ${cards} cards, ${Math.round(outcomes.reduce((sum, o) => sum + o.bytes, 0) / 2 ** 20)} MB of PDF in ${round(seconds)} s; Chromium's peak RSS ${chromiumMb} MB (summed over its processes); no photos in the seeded data.`,
    );
    return oneAction(seconds, pings, { errors: failed, non2xx: failed, requests: requests.length, rows: cards, chromiumMb });
  }

  const cleanups: (() => Promise<void>)[] = [];
  const admitCards = ['admit-cards-centre', 'admit-cards-20'];
  if (wanted('allocation') || admitCards.some(wanted)) {
    const allocationLoad = await quiet('allocation');
    const allocation = await allocationScenario(smoke ? 20 : 2000);
    await scenario(
      'allocation',
      'Seat allocation of every paid student of the season over ~2,000 centres (institute list meanwhile)',
      async () => allocation,
      false,
      allocationLoad,
    );
    await scenario('admit-cards-centre', "A centre's admit cards (~500) as one PDF (institute list meanwhile; Chromium's memory beside the server's)", () =>
      admitCardsScenario([{ headers: admin, body: { centre_id: 'largest' } }]),
    );
    await scenario('admit-cards-20', '20 institutes download their admit cards at once (institute list meanwhile)', () =>
      admitCardsScenario(session.instituteTokens.slice(1, 21).map((entry) => ({ headers: { authorization: `Bearer ${entry.token}` }, body: {} }))),
    );
    for (const cleanup of cleanups) await cleanup();
  }

  /**
   * Results day on the whole season: every active student made paid, three subjects a class and a mark
   * per subject per student (halves, spread 0–100), quotas per class; then the processing and the
   * publication as the admin starts them (an institute's list asked meanwhile), and the public lookup of
   * random right pairs under load, beside the floor (bare node:http reading the same snapshot) and with
   * an institute's list asked meanwhile. Everything is put back afterwards.
   */
  // Results day's scenarios are the run order's stretch from processing to the guardians' SMS.
  const resultScenarios = SCENARIOS.slice(SCENARIOS.indexOf('results-processing'), SCENARIOS.indexOf('guardian-sms-dispatch') + 1);
  if (resultScenarios.some(wanted)) {
    const at = new Date().toISOString();
    const BENCH_AWARD_AMOUNTS = { [AWARD_AMOUNT_KEYS.talent_pool]: 1500, [AWARD_AMOUNT_KEYS.general]: 1000 };
    await runSql(async (exec) => {
      await exec(`update scholarship_registrations set fee_status = 'paid' where status = 1 and fee_status = 'unpaid' and payment_id is null`, []);
      // A run stopped half-way leaves its marks and results: start from none.
      for (const table of ['result_snapshot', 'results', 'marks', 'exam_subjects']) await exec(`delete from ${table}`, []);
      for (const klass of ['04', '07'])
        for (const [position, [bn, en]] of [
          ['বাংলা', 'Bangla'],
          ['ইংরেজি', 'English'],
          ['গণিত', 'Mathematics'],
        ].entries())
          await exec(`insert into exam_subjects (class, name_bn, name_en, full_marks, position) values (?, ?, ?, 100, ?)`, [klass, bn, en, position]);
      // Marks from the registration and subject ids, so a run is repeatable: 0–100 in halves (the id
      // reduced first: PostgreSQL's integer product of a millionth id overflows).
      await exec(
        `insert into marks (registration_id, subject_id, marks, absent, updated_at)
         select r.id, s.id, (((r.id % 201) * 7919 + s.id * 104729) % 201) / 2.0, 0, ? from scholarship_registrations r join exam_subjects s on s.class = r.class
         where r.status = 1 and r.fee_status = 'paid'`,
        [at],
      );
      // The smoke's quotas are small: its letters are printed by Chromium at some 20 pages a second.
      await exec(`update result_rules set pass_marks = 99, kind = 'quota', scope = 'class', talent_pool = ?, general = ?`, smoke ? [20, 40] : [5000, 10000]);
      // The season's amounts, so the letters and the payouts carry taka (the settings start at 0).
      for (const [key, taka] of Object.entries(BENCH_AWARD_AMOUNTS)) await exec(`update setting_values set value = ? where key = ?`, [String(taka), key]);
    });
    const { rows: candidates } = await readSql<{ n: number }>(`select count(*) as n from scholarship_registrations where status = 1 and fee_status = 'paid'`);
    const students = Number(candidates[0]?.n ?? 0);
    /** Starts an admin action that answers a job, and waits for the job, an institute's list asked meanwhile. */
    const jobAction = async (pathName: string, body: unknown) => {
      const started = performance.now();
      const { value: job, pings } = await meanwhile(async () => {
        const answer = (await (
          await fetch(`${base}${pathName}`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        ).json()) as { data?: { job_id: number } };
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const polled = (await (await fetch(`${base}/api/v1/jobs/${answer.data?.job_id}`, { headers: admin })).json()) as {
            data?: { id: number; state: string; done: number; result?: Record<string, unknown> };
          };
          if (polled.data?.state !== 'running') return polled.data;
        }
      });
      return { job, pings, seconds: (performance.now() - started) / 1000 };
    };
    /**
     * The guardians' send (docs/integrators/notices.md): the result published again with the setting on,
     * its job queues one SMS per published student; timed from the publication's last write to the send's
     * last batch (the row's own times), the server's RSS before, after and at its peak. Then the dispatcher's
     * throughput against the counting gateway for `duration` seconds. Its messages are removed afterwards.
     */
    const guardianSms = async () => {
      await runSql((exec) => exec(`update setting_values set value = '1' where key = 'guardian_result_sms'`, []));
      await fetch(`${base}/api/v1/results/publish`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: '{"published":0}' });
      const rssBefore = server.memory.rss();
      const republished = await jobAction('/api/v1/results/publish', { published: 1 });
      const version = Number(republished.job?.result?.version ?? 0);
      // From here the send's job queues (it starts at the publication's last write): its peak, an institute's list meanwhile.
      server.memory.reset();
      type Send = { state: string; queued: number; created_at: string; updated_at: string };
      const { value: send, pings } = await meanwhile(async () => {
        for (;;) {
          const row = (await readSql<Send>(`select state, queued, created_at, updated_at from notice_sends where topic = 'guardian-results:${version}'`))
            .rows[0];
          if (!row || row.state !== 'queuing') return row;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      });
      const seconds = send ? (Date.parse(send.updated_at) - Date.parse(send.created_at)) / 1000 : 0;
      const queued = Number(send?.queued ?? 0);
      const peak = server.memory.peak();
      const rssAfter = server.memory.rss();
      notes.push(
        `guardian SMS: ${queued} queued in ${round(seconds)} s (${round(queued / Math.max(seconds, 0.001))} rows/s); server RSS ${rssBefore} MB before, ${rssAfter} MB after, peak ${peak} MB.`,
      );
      await scenario(
        'guardian-sms-queue',
        `Guardians' result SMS queued by the job (${queued.toLocaleString('en')} messages; server RSS before ${rssBefore} MB, after ${rssAfter} MB, peak ${peak} MB; institute list meanwhile)`,
        async () => ({
          ...oneAction(seconds, pings, { errors: send?.state === 'queued' ? 0 : 1, non2xx: 0, rows: queued }),
          rps: round(queued / Math.max(seconds, 0.001)),
        }),
      );
      await scenario(
        'guardian-sms-dispatch',
        `The dispatcher's SMS to a local gateway (SMS_RATE_PER_SECOND=1000), for ${duration} s (institute list meanwhile)`,
        async () => {
          const before = smsGateway.count();
          const { pings: listPings } = await meanwhile(() => new Promise((resolve) => setTimeout(resolve, duration * 1000)));
          const sent = smsGateway.count() - before;
          return {
            requests: sent,
            rps: round(sent / duration),
            p50: 0,
            p95: 0,
            p99: 0,
            errors: 0,
            non2xx: 0,
            seconds: duration,
            rows: sent,
            healthP99Ms: round(percentile(listPings, 99)),
            healthMaxMs: round(listPings.at(-1) ?? 0),
          };
        },
      );
      await runSql(async (exec) => {
        await exec(`update setting_values set value = '0' where key = 'guardian_result_sms'`, []);
        await exec(`delete from outbox where topic like 'guardian-results:%'`, []);
        await exec(`delete from notice_sends`, []);
      });
    };
    /**
     * Every institute's award letters as the admin asks for them (no institute_id): the live awards counted
     * first, the job timed from the request to its end (an institute's list asked meanwhile; the server's RSS
     * before, after and at its peak), then its PDF downloaded and checked.
     */
    const awardLetters = async () => {
      const { rows: counted } = await readSql<{ letters: number; institutes: number }>(
        `select count(*) as letters, count(distinct institute_id) as institutes from scholarship_awards where withdrawn_at is null`,
      );
      const letters = Number(counted[0]?.letters ?? 0);
      const institutes = Number(counted[0]?.institutes ?? 0);
      console.log(`  award-letters: ${letters} live awards across ${institutes} institutes to print (${letters + institutes} pages with the covering letters)`);
      const rssBefore = server.memory.rss();
      const printed = await jobAction('/api/v1/scholarships/letters', {});
      const peak = server.memory.peak();
      const rssAfter = server.memory.rss();
      const done = Number(printed.job?.result?.letters ?? 0);
      const pages = Number(printed.job?.result?.pages ?? 0);
      const file = printed.job?.state === 'done' ? await fetch(`${base}/api/v1/jobs/${printed.job.id}/file`, { headers: admin }) : undefined;
      const pdf = file?.ok ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
      const isPdf = file?.status === 200 && pdf.subarray(0, 5).toString('latin1') === '%PDF-';
      note(
        `award-letters: ${done} of ${letters} letters (${institutes} institutes), ${pages} pages, job ${printed.job?.state} in ${round(printed.seconds)} s (${round(done / Math.max(printed.seconds, 0.001))} letters/s); ` +
          `PDF ${round(pdf.length / 2 ** 20)} MB (status ${file?.status ?? 'none'}, ${isPdf ? '%PDF-' : 'not a PDF'}); server RSS ${rssBefore} MB before, ${rssAfter} MB after, peak ${peak} MB.`,
      );
      // A letter is a page; an institute's covering letter is one or more (its list of winners).
      const ok = printed.job?.state === 'done' && done === letters && pages >= letters + institutes && isPdf;
      return {
        ...oneAction(printed.seconds, printed.pings, { errors: ok ? 0 : 1, non2xx: file?.ok === false ? 1 : 0, rows: done, bytes: pdf.length }),
        rps: round(done / Math.max(printed.seconds, 0.001)),
      };
    };

    /**
     * A payout batch of the season's winners (docs/integrators/payouts.md): every live award given complete
     * details as the service stores them (a bKash wallet, a bank account for every tenth), then as the admin the
     * bKash batch made, its .xlsx downloaded, and the provider's result file for every line (Completed, every
     * hundredth Failed with a reason) checked and stored as the screen does; each step timed, an institute's list
     * asked meanwhile, the server's peak RSS sampled. What it wrote is removed afterwards.
     */
    const payoutBatch = async () => {
      const clear = () =>
        runSql(async (exec) => {
          for (const table of ['payout_lines', 'payout_batches', 'payout_details']) await exec(`delete from ${table}`, []);
        });
      // A run stopped half-way leaves its payouts: start from none.
      await clear();
      try {
        const { rows: awarded } = await readSql<{ registration_id: number; guardian: string | null }>(
          `select a.registration_id as registration_id, r.father_name_english as guardian from scholarship_awards a
           join scholarship_registrations r on r.id = a.registration_id where a.withdrawn_at is null order by a.registration_id`,
        );
        const { rows: admins } = await readSql<{ id: number }>(`select id from users where email = '${session.admin.email.replaceAll("'", "''")}'`);
        const at = new Date().toISOString();
        const walletPrefixes = ['013', '014', '015', '016', '017', '018', '019'];
        // As saveDetails writes them: the other method's fields null, numbers as 11 or 13 digits, no refusal.
        const details = awarded.map(({ registration_id: id, guardian }, i) => {
          const name = guardian || 'Guardian';
          const wallet = [id, 'wallet', 'bkash', `${walletPrefixes[id % 7]}${String(id % 100_000_000).padStart(8, '0')}`, null, null, null, null, null];
          const bank = [id, 'bank', null, null, name, `0${String(id).padStart(12, '0')}`, 'Sonali Bank PLC', 'Savar', '200264567'];
          return [...(i % 10 === 9 ? bank : wallet), name, null, admins[0]?.id ?? null, at, at];
        });
        const bkash = details.filter((row) => row[1] === 'wallet').length;
        await runSql(async (exec) => {
          for (let start = 0; start < details.length; start += 500) {
            const rows = details.slice(start, start + 500);
            await exec(
              `insert into payout_details (registration_id, method, wallet_provider, wallet_number, account_name, account_number, bank_name, branch_name,
               routing_number, guardian_name, failure_reason, updated_by, created_at, updated_at) values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
              rows.flat(),
            );
          }
        });
        /** One step as the admin takes it: its seconds, an institute's list meanwhile, the server's peak RSS over it. */
        const step = async <T>(work: () => Promise<T>) => {
          const from = server.memory.series().length;
          const started = performance.now();
          const { value, pings } = await meanwhile(work);
          const seconds = (performance.now() - started) / 1000;
          return { value, pings, seconds, peakMb: Math.round(Math.max(server.memory.rss(), ...server.memory.series().slice(from))) };
        };
        const made = await step(async () => {
          const response = await fetch(`${base}/api/v1/payout-batches`, {
            method: 'POST',
            headers: { ...admin, 'content-type': 'application/json' },
            body: JSON.stringify({ layout: 'bkash_bulk' }),
          });
          return {
            status: response.status,
            batch: ((await response.json()) as { data?: { id: number; reference: string; lines: number; amount: number } }).data,
          };
        });
        const batch = made.value.batch;
        if (!batch) {
          note(`payout-batch: the batch was not made (status ${made.value.status})`);
          return oneAction(made.seconds, made.pings, { errors: 1, non2xx: 1, rows: 0 });
        }
        const exported = await step(async () => {
          const response = await fetch(`${base}/api/v1/payout-batches/${batch.id}/file?format=xlsx`, { headers: admin });
          return { status: response.status, body: await response.arrayBuffer() };
        });
        // The provider's side: the sheet as uploaded, and its result file, a row for each line.
        const sent = new ExcelJS.Workbook();
        await sent.xlsx.load(exported.value.body);
        const sheet = sent.worksheets[0]!;
        const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
        const column = (header: string) => headers.indexOf(header);
        const outcomes: ExcelJS.CellValue[][] = [];
        let failed = 0;
        sheet.eachRow((row, number) => {
          if (number === 1) return;
          const fail = (outcomes.length + 1) % 100 === 0;
          if (fail) failed++;
          const cell = (header: string) => row.getCell(column(header)).value;
          outcomes.push([
            cell('Wallet Number'),
            cell('Amount'),
            cell('Reference'),
            fail ? 'Failed' : 'Completed',
            fail ? 'Wallet is not active' : null,
            fail ? null : `BKT${String(outcomes.length + 1).padStart(8, '0')}`,
          ]);
        });
        const lines = outcomes.length;
        // One file for the whole batch, as a provider sends it (a result file takes up to MAX_PAYOUT_RESULT_LINES).
        const answered = new ExcelJS.Workbook();
        const results = answered.addWorksheet('Disbursement result');
        results.addRow(['Wallet Number', 'Amount', 'Reference', 'Status', 'Reason', 'TrxID']);
        for (const outcome of outcomes) results.addRow(outcome);
        const resultFile = new Uint8Array(await answered.xlsx.writeBuffer());
        type ResultReport = { total: number; valid: number; invalid: number; stored: number; paid: number; failed: number };
        const upload = (dryRun: boolean) =>
          step(async () => {
            const form = new FormData();
            form.append('dry_run', dryRun ? '1' : '0');
            form.append('file', new Blob([resultFile]), `${batch.reference}-result.xlsx`);
            const response = await fetch(`${base}/api/v1/payout-batches/${batch.id}/result`, { method: 'POST', headers: admin, body: form });
            const answer = (await response.json()) as { data?: ResultReport; errors?: unknown };
            return { status: response.status, report: answer.data, errors: answer.errors };
          });
        // As the screen does: the check, then the store.
        const checked = await upload(true);
        const stored = await upload(false);
        const { rows: closed } = await readSql<{ state: string; paid: number; failed: number }>(
          `select state, paid, failed from payout_batches where id = ${Number(batch.id)}`,
        );
        const wrong = [
          made.value.status === 200 && batch.lines === bkash ? '' : `batch of ${batch.lines} lines for ${bkash} bKash wallets`,
          exported.value.status === 200 && lines === batch.lines ? '' : `file of ${lines} lines (status ${exported.value.status})`,
          checked.value.report?.valid === lines && checked.value.report.invalid === 0
            ? ''
            : `dry run ${checked.value.status} ${JSON.stringify(checked.value.report ?? checked.value.errors)}`,
          stored.value.report?.stored === lines && stored.value.report.paid === lines - failed && stored.value.report.failed === failed
            ? ''
            : `store ${stored.value.status} ${JSON.stringify(stored.value.report ?? stored.value.errors)}`,
          closed[0]?.state === 'closed' && Number(closed[0].paid) === lines - failed && Number(closed[0].failed) === failed
            ? ''
            : `batch ${JSON.stringify(closed[0])}`,
        ].filter(Boolean);
        const rate = (s: { seconds: number }) => `${round(s.seconds)} s (${round(lines / Math.max(s.seconds, 0.001))} lines/s`;
        const meanwhileP99 = (s: { pings: number[] }) => `list p99 ${round(percentile(s.pings, 99))} ms`;
        note(
          `payout-batch: details for ${details.length} winners (${bkash} bKash, ${details.length - bkash} bank); the bkash_bulk batch of ${batch.lines} lines (Tk ${batch.amount}) made in ${rate(made)}, ${meanwhileP99(made)}, peak RSS ${made.peakMb} MB); ` +
            `its .xlsx ${Math.round(exported.value.body.byteLength / 1024)} KB in ${rate(exported)}, ${meanwhileP99(exported)}, peak RSS ${exported.peakMb} MB); ` +
            `the result file checked in ${rate(checked)}, ${meanwhileP99(checked)}, peak RSS ${checked.peakMb} MB) and stored in ${rate(stored)}, ${meanwhileP99(stored)}, peak RSS ${stored.peakMb} MB): ` +
            `${lines - failed} paid, ${failed} failed.${wrong.length ? ` Wrong: ${wrong.join('; ')}.` : ''}`,
        );
        const steps = [made, exported, checked, stored];
        const seconds = steps.reduce((sum, s) => sum + s.seconds, 0);
        const pings = steps.flatMap((s) => s.pings).sort((a, b) => a - b);
        const failedRequests = steps.filter((s) => s.value.status !== 200).length;
        return {
          ...oneAction(seconds, pings, { errors: wrong.length, non2xx: failedRequests, rows: lines, bytes: exported.value.body.byteLength }),
          rps: round(lines / Math.max(seconds, 0.001)),
        };
      } finally {
        await clear();
      }
    };
    const processingLoad = await quiet('results-processing');
    const processed = await jobAction('/api/v1/results/process', {});
    notes.push(`results processing: ${students} candidates with 3 marks each, job ${processed.job?.state} in ${round(processed.seconds)} s.`);
    await scenario(
      'results-processing',
      `Result processing of ${students.toLocaleString('en')} students (institute list meanwhile)`,
      async () => oneAction(processed.seconds, processed.pings, { errors: processed.job?.state === 'done' ? 0 : 1, non2xx: 0, rows: processed.job?.done ?? 0 }),
      false,
      processingLoad,
    );
    const publicationLoad = await quiet('results-publication');
    const published = await jobAction('/api/v1/results/publish', { published: 1 });
    await scenario(
      'results-publication',
      'Publication: the snapshot of every result and the merit lists (institute list meanwhile)',
      async () =>
        oneAction(published.seconds, published.pings, {
          errors: published.job?.state === 'done' ? 0 : 1,
          non2xx: 0,
          rows: Number(published.job?.result?.students ?? 0),
        }),
      false,
      publicationLoad,
    );
    await scenario('award-letters', "Award letters of every institute, one PDF job (the admin's; institute list meanwhile)", awardLetters);
    await scenario(
      'payout-batch',
      'A bKash payout batch of the winners: made, exported, result file checked and stored (institute list meanwhile)',
      payoutBatch,
    );
    const { rows: pairs } = await readSql<{ roll_no: string; reg_no: string }>(
      `select roll_no, reg_no from result_snapshot where version = (select results_version from exams where id = 1) order by reg_no limit 20000`,
    );
    const lookupOf = (i: number) => {
      const pair = pairs[(i * 7919) % Math.max(1, pairs.length)]!;
      // Each lookup from another address: families on result day, not one client past the per-address limit.
      return {
        path: `/result?roll=${pair.roll_no}&reg=${pair.reg_no}`,
        headers: { accept: 'text/html', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      };
    };
    await scenario(
      'floor-result-lookup',
      'Floor: bare node:http reading the same snapshot row and writing the same result HTML',
      () => drive(`http://127.0.0.1:${floorPort}`, lookupOf),
      true,
    );
    const pair = pairs[0];
    if (pair) resultPage = await wire(`${base}/result?roll=${pair.roll_no}&reg=${pair.reg_no}`, { accept: 'text/html', 'accept-encoding': 'identity' });
    await scenario('result-lookup', 'Public result lookup, random right pairs (/result; an institute list meanwhile)', async () => {
      const { value, pings } = await meanwhile(() => drive(base, lookupOf), list, 50);
      return { ...value, healthP99Ms: round(percentile(pings, 99)), healthMaxMs: round(pings.at(-1) ?? 0), seconds: duration, rows: value.requests };
    });
    if (wanted('guardian-sms-queue') || wanted('guardian-sms-dispatch')) await guardianSms();
    await runSql(async (exec) => {
      await exec(`delete from result_snapshot`, []);
      await exec(`delete from results`, []);
      await exec(`delete from marks`, []);
      await exec(`delete from exam_subjects`, []);
      await exec(`delete from jobs`, []);
      await exec(
        `update exams set results_version = 0, results_processed_at = null, results_summary = null, results_published_at = null, merit_list_files = '{}'`,
        [],
      );
      await exec(`update scholarship_registrations set fee_status = 'unpaid' where fee_status = 'paid' and payment_id is null`, []);
      for (const key of Object.keys(BENCH_AWARD_AMOUNTS)) await exec(`update setting_values set value = '0' where key = ?`, [key]);
    });
  }

  for (const [name, title, pagePath] of (
    [
      ['public-site', 'Public website home (/site)', '/site'],
      ['public-page', `Public page (/${session.pages[0]})`, `/${session.pages[0]}`],
    ] as const
  ).filter(([name]) => wanted(name))) {
    const probe = await fetch(`${base}${pagePath}`, { headers: { accept: 'text/html' } });
    const html = await probe.text();
    // The client's index.html answers every unknown path; a public page has its own content.
    const missing = !probe.ok || (pagePath !== '/site' && !html.includes('অনুচ্ছেদ'));
    if (missing) {
      notes.push(`${pagePath}: no public page is served yet (status ${probe.status}); the scenario is reported as missing.`);
      results.push({ name, title, missing: true, requests: 0, rps: 0, p50: 0, p95: 0, p99: 0, errors: 0, non2xx: 0, peakRssMb: 0 });
      continue;
    }
    await scenario(name, title, () => drive(base, () => ({ path: pagePath, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } })));
  }

  // CPU per answer of each compression level, in this process (bench/compression.ts).
  await scenario('compression', 'Compression: bytes saved and CPU ms per answer, gzip 1/6 and brotli 1/4/11', async () => {
    const bodies = [
      { answer: "institute's list (100 rows)", body: await wire(`${base}${list}`, { ...institute(0), 'accept-encoding': 'identity' }) },
      ...(resultPage ? [{ answer: 'result page', body: resultPage }] : []),
      { answer: 'site home', body: await wire(`${base}/site`, { accept: 'text/html', 'accept-encoding': 'identity' }) },
    ];
    const started = performance.now();
    const rows = compressionTable(bodies, (level) => (smoke ? 2 : level.includes('11') ? 5 : 50));
    const table = tableText(rows);
    note(`compression (CPU ms per answer, this process):\n\n${table}`);
    return oneAction((performance.now() - started) / 1000, [], { errors: 0, non2xx: 0 });
  });

  let lighthouse: LighthouseScore[] = [];
  let phone: { loadBefore: number[]; loads: PhoneLoad[] } | undefined;
  if (withClient && fs.existsSync(CHROMIUM)) {
    const pages = [{ page: 'login', url: `${base}/login` }];
    const publicPage = results.find((r) => r.name === 'public-page' && !r.missing);
    if (publicPage) pages.push({ page: 'public page', url: `${base}/${session.pages[0]}` });
    lighthouse = await lighthouseScores(pages);
    const loadBefore = await quiet('phone loads');
    phone = { loadBefore, loads: await phoneLoads(base, tokens[0]!.token, TOKEN_KEY) };
    for (const load of phone.loads)
      console.log(
        `  phone: ${load.screen.padEnd(22)} ${load.error ?? `first ${load.firstMs} ms (${load.firstKb} KB), repeat ${load.repeatMs} ms (${load.repeatKb} KB)`}`,
      );
  } else if (withClient) {
    notes.push(`Lighthouse not run: no Chromium at ${CHROMIUM}.`);
  }

  serverPeakMb = Math.max(serverPeakMb, server.memory.hwm());
  server.memory.stop();
  floorMemory?.stop();
  await Promise.all(server.children.map(stopProcess));
  balancer?.kill('SIGTERM');
  floor?.kill('SIGTERM');

  const report: Report = {
    date: new Date().toISOString(),
    dialect: database.dialect,
    smoke,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', memoryGb: round(os.totalmem() / 2 ** 30), node: process.version },
    data: { institutes: session.institutes, registrations: session.registrations, seed: session.seed, seededInSeconds: session.seededInSeconds },
    settings: { connections, adminConnections, duration, warmup, ...(balanced ? { servers } : {}) },
    serverPeakRssMb: serverPeakMb,
    scenarios: results,
    screens,
    lighthouse,
    phone,
    notes,
  };
  const written = writeResults ? writeReport(report, outDir) : [];
  console.log(
    written.length
      ? `report: ${written.map((f) => path.relative(process.cwd(), f)).join(', ')}`
      : `server peak RSS ${serverPeakMb} MB; no report written (--only without --out)`,
  );

  if (smoke) {
    const failed = results.filter((r) => !r.missing && (r.requests === 0 || r.errors > 0 || r.non2xx > 0));
    if (failed.length || !written.every((f) => fs.existsSync(f))) {
      console.error(
        `smoke failed: ${failed.map((r) => `${r.name} (${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx ${JSON.stringify(r.statuses)})`).join(', ')}`,
      );
      process.exitCode = 1;
    } else {
      console.log(`smoke passed: ${results.length} scenarios, no errors`);
    }
  }
  // A failed smoke keeps its data and report for a look; otherwise the temporary build and data go.
  if (!process.exitCode) fs.rmSync(tmp, { recursive: true, force: true });
}

await main();

/** An SMS gateway that answers OK to every message and counts them. */
async function countingGateway(): Promise<{ url: string; count: () => number; close: () => void }> {
  let received = 0;
  const gateway = http.createServer((req, res) => {
    received++;
    req.resume();
    res.end('OK');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => gateway.listen(port, '127.0.0.1', resolve));
  gateway.unref();
  return { url: `http://127.0.0.1:${port}/send`, count: () => received, close: () => gateway.close() };
}
