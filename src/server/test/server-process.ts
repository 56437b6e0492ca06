/**
 * The real server as a child process (`node --import tsx src/server/main.ts`), for tests that kill,
 * stop or restart it: its own data folder and database, a free port, found healthy before use.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { ADMIN, onPostgresServer, POSTGRES_URL } from './test-app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export { freePort };

/** Where one test's server keeps its data: a temporary folder, and on TEST_DB=postgres its own database. */
export type DataPlace = { dataDir: string; databaseUrl?: string; dialect: 'sqlite' | 'postgres'; drop(): Promise<void> };

export async function newDataPlace(prefix = 'scholarship-proc-'): Promise<DataPlace> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  if (process.env.TEST_DB !== 'postgres') {
    return { dataDir, dialect: 'sqlite', drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `scholarship_test_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    dialect: 'postgres',
    async drop() {
      await onPostgresServer(`drop database if exists ${name} with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves once the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote to stderr (warnings and errors at LOG_LEVEL=warn). */
  stderr(): string;
};

/** Starts the server on `place` and waits until /api/health answers 200. */
export async function startServerProcess(place: DataPlace, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: place.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  // Generous: tsx compiles the server on start, and the test machine may be busy.
  const deadline = Date.now() + 60_000;
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended) {
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, child, exited, stderr: () => errors };
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${errors}`);
}

/** A JSON call to a running server, answered with its status and parsed body (null when not JSON). */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: { message: string; data: never } | null }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as { message: string; data: never }) : null };
}
