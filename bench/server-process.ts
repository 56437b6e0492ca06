/** Starting the real server for a benchmark run and watching its memory from /proc. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureServerBuild, serverEntry } from '../scripts/lib/prepare.mjs';
import { freePort } from '../src/server/test/free-port.js';
import { root, type Session } from './common.js';

const spawnNode = (args: string[], env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });

/** A TypeScript script of the benchmark (the floor), run with tsx. */
export const node = (script: string, args: string[], env: NodeJS.ProcessEnv = {}) => spawnNode(['--import', 'tsx', script, ...args], env);

type ServerOptions = {
  port: number;
  dbUrl: string;
  /** Its DATA_DIR (uploads, mail): a temporary folder of the run. */
  dataDir: string;
  session: Pick<Session, 'admin' | 'password'>;
  /** The client build to serve; a folder without one serves the API and the public site only. */
  webRoot: string;
  /** Node's own options (e.g. the profiler's). */
  nodeOptions?: string[];
  env?: NodeJS.ProcessEnv;
};

/**
 * The server as `npm start` runs it (compiled JavaScript, built first if its sources changed) in
 * production mode with a quiet log, on the seeded data with its admin.
 */
export function serverProcess({ port, dbUrl, dataDir, session, webRoot, nodeOptions = [], env = {} }: ServerOptions): ChildProcess {
  ensureServerBuild();
  return spawnNode([...nodeOptions, serverEntry], {
    NODE_ENV: 'production',
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: session.admin.email,
    ADMIN_PASSWORD: session.password,
    WEB_ROOT: webRoot,
    ...env,
  });
}

export { freePort };

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer in 60 s`);
}

/** Resident memory of a process, sampled every `everyMs` from /proc: the peak since the last reset, and VmHWM. */
export function memorySampler(pid: number, everyMs = 100) {
  const read = () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  };
  let peak = 0;
  let series: number[] = [];
  const timer = setInterval(() => {
    try {
      const { rss } = read();
      peak = Math.max(peak, rss);
      series.push(rss);
    } catch {
      clearInterval(timer);
    }
  }, everyMs);
  timer.unref();
  return {
    reset() {
      peak = read().rss;
      series = [];
    },
    peak: () => Math.round(Math.max(peak, read().rss)),
    rss: () => Math.round(read().rss),
    series: () => series,
    hwm: () => Math.round(read().hwm),
    stop: () => clearInterval(timer),
  };
}

/** Several servers' samplers as one: the peak of the most loaded server (the budgets are per server), its series. */
export function groupSampler(samplers: ReturnType<typeof memorySampler>[]): ReturnType<typeof memorySampler> {
  const highest = () => samplers.reduce((a, b) => (b.peak() > a.peak() ? b : a));
  return {
    reset: () => samplers.forEach((s) => s.reset()),
    peak: () => Math.max(...samplers.map((s) => s.peak())),
    rss: () => Math.max(...samplers.map((s) => s.rss())),
    series: () => highest().series(),
    hwm: () => Math.max(...samplers.map((s) => s.hwm())),
    stop: () => samplers.forEach((s) => s.stop()),
  };
}

export const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
