/**
 * `npm run bench:ab -- [--db sqlite:/path] [--rounds 3] [--duration 10] [--warmup 3] [--only institute-list,analytics-institute] [--cpu-prof dir] <commit> <commit> …`
 *
 * Compares commits on the same machine at the same time: each commit's server is built from `git archive`
 * into a folder of its own, started once on a copy of the seeded SQLite data that has only the migrations
 * that commit knows (the newer ones are undone with their own `down`), and the scenarios are driven in turns
 * (A, B, A, B … for `--rounds`), so a neighbour's load falls on every commit alike. It prints each
 * round's req/s and the medians (docs/developers/benchmark.md).
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Migration } from 'kysely';
import { DEFAULT_DB, databaseOf, root, sessionFileOf, type Session } from './common.js';
import { freePort, stopProcess, waitFor } from './server-process.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: DEFAULT_DB },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string', default: 'institute-list,analytics-institute' },
    'cpu-prof': { type: 'string' },
    work: { type: 'string', default: path.join(os.tmpdir(), 'bench-ab') },
  },
});
const database = databaseOf(values.db);
if (database.dialect !== 'sqlite') throw new Error('bench:ab compares commits on SQLite data only');
const seeded = database.file;
if (positionals.length < 2) throw new Error('name two commits or more');
const session = JSON.parse(fs.readFileSync(sessionFileOf(database), 'utf8')) as Session;
const work = path.resolve(values.work);
const list = '/api/v1/scholarship-registrations';
const tokens = session.instituteTokens;
const SCENARIOS: Record<string, (i: number) => { path: string; headers: Record<string, string> }> = {
  'institute-list': (i) => ({ path: list, headers: { authorization: `Bearer ${tokens[i % tokens.length]!.token}` } }),
  'analytics-institute': (i) => ({ path: `${list}/analytics`, headers: { authorization: `Bearer ${tokens[i % tokens.length]!.token}` } }),
  'admin-list': () => ({ path: list, headers: { authorization: `Bearer ${session.admin.token}` } }),
};
const scenarios = values.only.split(',').map((s) => s.trim());
for (const name of scenarios) if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The commit's server compiled into work/<sha>/dist/node, node_modules linked from this tree. */
function build(sha: string): string {
  const dir = path.join(work, sha);
  const entry = path.join(dir, 'dist/node/server/main.js');
  if (fs.existsSync(entry)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: 'inherit' });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json', '--outDir', 'dist/node'], { cwd: dir, stdio: 'inherit' });
  const copyAssets = (from: string, to: string) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      if (entry.isDirectory()) copyAssets(source, path.join(to, entry.name));
      else if (!entry.name.endsWith('.ts')) fs.cpSync(source, path.join(to, entry.name));
    }
  };
  for (const part of ['server', 'common']) copyAssets(path.join(dir, 'src', part), path.join(dir, 'dist/node', part));
  return dir;
}

/** A copy of the seeded data per set of migrations: migrations the commit does not have are undone by their own `down`. */
async function dataFor(dir: string): Promise<string> {
  const known = new Set(fs.readdirSync(path.join(dir, 'src/server/db/migrations')).map((f) => f.replace(/\.ts$/, '')));
  const source = new SQLite(seeded, { readonly: true });
  const applied = (source.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
  source.close();
  const newer = applied.filter((name) => !known.has(name));
  // One copy per set of migrations the commits know (a server adds its own newer ones to its copy at start).
  const file = path.join(
    work,
    `data-${createHash('sha256')
      .update([...known].sort().join())
      .digest('hex')
      .slice(0, 12)}.sqlite`,
  );
  if (fs.existsSync(file)) return file;
  const copy = new SQLite(seeded, { readonly: true });
  await copy.backup(`${file}.part`);
  copy.close();
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(`${file}.part`) }) });
  for (const name of newer.reverse()) {
    const migration = (await import(path.join(root, 'src/server/db/migrations', `${name}.ts`))) as Migration;
    await migration.down!(db);
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
  }
  await db.destroy();
  fs.renameSync(`${file}.part`, file);
  return file;
}

/** TRUST_PROXY as the commit's own benchmark sets it (`true` before hop counts existed, `1` since). */
const trustProxyOf = (dir: string) => /TRUST_PROXY: '([^']+)'/.exec(fs.readFileSync(path.join(dir, 'bench/run.ts'), 'utf8'))?.[1] ?? '1';

function start(dir: string, dataFile: string, port: number, sha: string): ChildProcess {
  const prof = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'], sha)] : [];
  return spawn(process.execPath, [...prof, path.join(dir, 'dist/node/server/main.js')], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dataFile}`,
      DATA_DIR: path.join(work, `server-data-${sha}`),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: session.admin.email,
      ADMIN_PASSWORD: session.password,
      WEB_ROOT: path.join(work, 'no-client'),
      TRUST_PROXY: trustProxyOf(dir),
    },
  });
}

function load(base: string, next: (i: number) => { path: string; headers: Record<string, string> }, seconds: number) {
  let i = 0;
  return new Promise<{ rps: number; p95: number; non2xx: number }>((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: base,
        connections: Number(values.connections),
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, ...next(i++) }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          rps: Math.round((result.requests.total / (result.duration || 1)) * 10) / 10,
          p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
          non2xx: result.non2xx + result.errors,
        });
      },
    );
    instance.on('response', (_c: unknown, _s: number, _b: number, time: number) => latencies.push(time));
  });
}

/** CPU time the process has used (user + system), in ms: less moved by the neighbours' load than req/s is. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  fs.mkdirSync(work, { recursive: true });
  const commits = positionals.map((ref) => ({ ref, sha: git('rev-parse', '--short', ref) }));
  const servers: { ref: string; sha: string; base: string; child: ChildProcess }[] = [];
  for (const { ref, sha } of commits) {
    const dir = build(sha);
    const data = await dataFor(dir);
    const port = await freePort();
    const child = start(dir, data, port, sha);
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    servers.push({ ref, sha, base: `http://127.0.0.1:${port}`, child });
    console.log(`${ref} (${sha}) on :${port}, data ${path.basename(data)}`);
  }
  process.on('exit', () => servers.forEach((s) => s.child.kill('SIGTERM')));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const figures = new Map<string, { rps: number[]; p95: number[]; cpu: number[]; client: number[] }>();
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const name of scenarios) {
      // Alternate the order each round, so neither commit always runs right after the other.
      const order = round % 2 ? servers : [...servers].reverse();
      for (const server of order) {
        const warm = await load(server.base, SCENARIOS[name]!, Number(values.warmup));
        const cpuBefore = cpuMs(server.child.pid!);
        const clientBefore = process.cpuUsage();
        const result = await load(server.base, SCENARIOS[name]!, Number(values.duration));
        const measured = result.rps * Number(values.duration);
        const cpuPerRequest = Math.round(((cpuMs(server.child.pid!) - cpuBefore) * 1000) / measured);
        // The load generator shares the machine: what each answer costs it (bigger answers cost more to read).
        const clientUsage = process.cpuUsage(clientBefore);
        const clientPerRequest = Math.round((clientUsage.user + clientUsage.system) / measured);
        const key = `${name} ${server.ref}`;
        const entry = figures.get(key) ?? { rps: [], p95: [], cpu: [], client: [] };
        entry.rps.push(result.rps);
        entry.p95.push(result.p95);
        entry.cpu.push(cpuPerRequest);
        entry.client.push(clientPerRequest);
        figures.set(key, entry);
        console.log(
          `round ${round}  ${name.padEnd(20)} ${server.ref.padEnd(12)} ${String(result.rps).padStart(8)} req/s  p95 ${Math.round(result.p95)} ms  CPU ${cpuPerRequest} µs/request (client ${clientPerRequest})  non-2xx ${result.non2xx}  requests ${Math.round(warm.rps * Number(values.warmup))} + ${Math.round(result.rps * Number(values.duration))}  load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      }
    }
  }
  console.log('\nmedians');
  for (const name of scenarios) {
    for (const server of servers) {
      const entry = figures.get(`${name} ${server.ref}`)!;
      console.log(
        `  ${name.padEnd(20)} ${server.ref.padEnd(12)} ${String(median(entry.rps)).padStart(8)} req/s  p95 ${Math.round(median(entry.p95))} ms  CPU ${median(entry.cpu)} µs/request (client ${median(entry.client)})  (req/s ${entry.rps.join(', ')}; µs ${entry.cpu.join(', ')})`,
      );
    }
  }
  for (const server of servers) await stopProcess(server.child);
}

await main();
