/**
 * Several app servers behind a load balancer (architecture §9), with the real parts: PostgreSQL, Redis
 * (a database number of its own), an S3-compatible store (s3rver), two server processes and Debian's
 * haproxy from a generated configuration with health checks on /api/health. Runs on PostgreSQL only
 * (a SQLite file belongs to one server); without haproxy or Redis it is skipped with a warning, except
 * under CI=true, where it fails.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../lib/storage/s3-test-server.js';
import { consistencyProblems, openPlace } from '../test/consistency.js';
import { testRedis, type TestRedis } from '../test/redis.js';
import { call, type DataPlace, freePort, newDataPlace, type ServerProcess, startServerProcess } from '../test/server-process.js';
import { ADMIN, mixedStudent, validRegistration } from '../test/test-app.js';
import { jpeg, multipart } from './media/media-test-helpers.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const HAPROXY = '/usr/sbin/haproxy';
const haproxyThere = await fs.access(HAPROXY).then(
  () => true,
  () => false,
);
if (!haproxyThere && ci) throw new Error(`CI needs haproxy at ${HAPROXY} for the multi-node test`);
if (!haproxyThere) console.warn(`\n  ⚠ haproxy missing at ${HAPROXY}: the multi-node test is SKIPPED (apt-get install -y haproxy)\n`);
const postgres = process.env.TEST_DB === 'postgres';
const redis = postgres && haproxyThere ? await testRedis() : undefined;

const SERVERS = 2;

function haproxyConfig(port: number, servers: ServerProcess[]): string {
  return `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A busy server answers its health check late; only one that stops answering is taken out.
  timeout check 3s
  retries 2
  option redispatch
frontend web
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  http-response set-header x-served-by %s
${servers.map((s, i) => `  server s${i} ${new URL(s.url).host} check`).join('\n')}
`;
}

describe.skipIf(!redis)('several app servers behind haproxy', { timeout: 60_000 }, () => {
  let place: DataPlace;
  let s3: S3TestServer;
  let servers: ServerProcess[] = [];
  let balancer: ChildProcess;
  let lb = '';
  let configDir = '';

  beforeAll(async () => {
    place = await newDataPlace();
    s3 = await startS3Server();
    const env = { ...s3.env, REDIS_URL: (redis as TestRedis).url, DATABASE_URL: place.databaseUrl! };
    // Started together on the empty database: one prepares it, the other waits (start-lock.ts).
    servers = await Promise.all(Array.from({ length: SERVERS }, () => startServerProcess(place, env)));
    const port = await freePort();
    configDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haproxy-'));
    const file = path.join(configDir, 'haproxy.cfg');
    await fs.writeFile(file, haproxyConfig(port, servers));
    execFileSync(HAPROXY, ['-c', '-q', '-f', file]);
    balancer = spawn(HAPROXY, ['-db', '-f', file], { stdio: 'ignore' });
    lb = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${lb}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    balancer?.kill('SIGKILL');
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await s3?.close();
    await place?.drop();
    await (redis as TestRedis).flush();
    await fs.rm(configDir, { recursive: true, force: true });
  });

  const login = async (base: string, email: string, password: string) => call(base, 'POST', '/api/auth/login', undefined, { email, password });
  const tokenOf = (res: Awaited<ReturnType<typeof call>>) => (res.body!.data as { token: string }).token;

  it('spreads requests over every server', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await fetch(`${lb}/api/health`)).headers.get('x-served-by') ?? '');
    expect([...served].sort()).toEqual(servers.map((_, i) => `s${i}`));
  });

  it('accepts a login made on one server on every other', async () => {
    const res = await login(servers[0]!.url, ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    for (const base of [...servers.map((s) => s.url), lb, lb]) expect((await call(base, 'POST', '/api/auth/me', tokenOf(res))).status).toBe(200);
  });

  it('counts login attempts against one account across the servers', async () => {
    let allowed = 0;
    while (allowed < 50 && (await login(servers[0]!.url, 'measure@example.test', 'wrong-password')).status !== 429) allowed++;
    expect(allowed).toBeLessThan(50);
    // Through the balancer the attempts alternate between the servers, and the limit is the same one.
    for (let i = 0; i < allowed; i++) expect((await login(lb, 'guessed@example.test', 'wrong-password')).status).toBe(422);
    for (const s of servers) expect((await login(s.url, 'guessed@example.test', 'wrong-password')).status).toBe(429);
  });

  it("shows a page published through one server on every server's public site at once", async () => {
    const html = (base: string) => fetch(`${base}/site`, { headers: { accept: 'text/html' } }).then((r) => r.text());
    for (const s of servers) expect(await html(s.url)).not.toContain('সব সার্ভারের নোটিশ');
    const token = tokenOf(await login(servers[0]!.url, ADMIN.email, ADMIN.password));
    const stored = await call(servers[0]!.url, 'POST', '/api/v1/page-build/store', token, {
      title: 'সব সার্ভারের নোটিশ',
      url: 'notice-every-server',
      published_at: '2026-01-15T09:00',
      content_type: 'notice',
    });
    expect(stored.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    for (const s of servers) expect(await html(s.url)).toContain('সব সার্ভারের নোটিশ');
  });

  it('serves a file uploaded through one server from the others', async () => {
    const token = tokenOf(await login(servers[0]!.url, ADMIN.email, ADMIN.password));
    const { payload, headers } = await multipart([
      { name: 'width', value: '40' },
      { name: 'height', value: '40' },
      { name: 'photo', file: await jpeg(80, 80), filename: 'a.jpg' },
    ]);
    const res = await fetch(`${servers[0]!.url}/api/v1/media/upload`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(payload),
    });
    expect(res.status).toBe(200);
    const stored = ((await res.json()) as { data: string }).data;
    const first = Buffer.from(await (await fetch(`${servers[0]!.url}/${stored}`)).arrayBuffer());
    for (const s of servers.slice(1)) {
      const served = await fetch(`${s.url}/${stored}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(first)).toBe(true);
    }
  });

  it('numbers registrations written concurrently through every server uniquely, and keeps the counters true', async () => {
    const institutes = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const form = validRegistration(900 + n);
        expect((await call(lb, 'POST', '/api/auth/register', undefined, form)).status).toBe(200);
        return tokenOf(await login(lb, (form as { email: string }).email, String(form.password)));
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => call(lb, 'POST', '/api/v1/scholarship-registrations/store', institutes[i % 3], mixedStudent(i))),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const rows = results.map((r) => r.body!.data as { reg_no: string; roll_no: string });
    expect(new Set(rows.map((r) => r.reg_no)).size).toBe(300);
    expect(new Set(rows.map((r) => r.roll_no)).size).toBe(300);
    const db = openPlace(place);
    try {
      expect(await consistencyProblems(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('gives an unchanged list the same ETag on every server, so any of them answers 304', async () => {
    const form = validRegistration(940);
    expect((await call(lb, 'POST', '/api/auth/register', undefined, form)).status).toBe(200);
    const token = tokenOf(await login(lb, (form as { email: string }).email, String(form.password)));
    expect((await call(lb, 'POST', '/api/v1/scholarship-registrations/store', token, mixedStudent(1))).status).toBe(200);
    const list = (base: string, etag?: string) =>
      fetch(`${base}/api/v1/scholarship-registrations?paginate=100`, {
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await list(servers[0]!.url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    for (const s of servers) expect((await list(s.url, etag)).status).toBe(304);
    // A write through either server changes it for both.
    expect((await call(servers[1]!.url, 'POST', '/api/v1/scholarship-registrations/store', token, mixedStudent(2))).status).toBe(200);
    for (const s of servers) expect((await list(s.url, etag)).status).toBe(200);
  });

  it("shows each server's metrics through the balancer", async () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 6 && seen.size < SERVERS; i++) {
      const res = await fetch(`${lb}/metrics`);
      expect(res.status).toBe(200);
      seen.set(res.headers.get('x-served-by') ?? '', await res.text());
    }
    expect([...seen.keys()].sort()).toEqual(servers.map((_, i) => `s${i}`));
    for (const text of seen.values()) {
      for (const name of [
        'http_requests_total',
        'http_request_duration_seconds',
        'nodejs_eventloop_lag_seconds',
        'process_resident_memory_bytes',
        'db_pool_waiting',
        'jobs_running',
        'outbox_backlog',
        'rate_limit_refusals_total',
        'pdf_queue_depth',
      ])
        expect(text).toContain(name);
    }
    // A client the balancer names as someone else is refused.
    expect((await fetch(`${lb}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
  });

  it('loses no answered write when a server is killed under load, and sends the rest to the survivor', async () => {
    const form = validRegistration(950);
    expect((await call(lb, 'POST', '/api/auth/register', undefined, form)).status).toBe(200);
    const token = tokenOf(await login(lb, (form as { email: string }).email, String(form.password)));
    const answered: number[] = [];
    let afterKill = 0;

    let killed = false;
    const victim = servers[SERVERS - 1]!;
    const writes = Array.from({ length: 400 }, async (_, i) => {
      // Spread over time so that writes keep arriving after the kill.
      await new Promise((r) => setTimeout(r, i * 5));
      const res = await call(lb, 'POST', '/api/v1/scholarship-registrations/store', token, mixedStudent(2000 + i)).catch(() => undefined);
      if (res?.status === 200) {
        answered.push((res.body!.data as { id: number }).id);
        if (killed) afterKill++;
        if (answered.length === 100 && !killed) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(writes);
    expect(killed).toBe(true);
    // The writes in flight on the killed server fail unanswered (a 502 or a closed connection: the client
    // retries them); writes went on being answered by the survivor meanwhile.
    expect(afterKill).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1500));
    const later = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(lb, 'POST', '/api/v1/scholarship-registrations/store', token, mixedStudent(3000 + i))),
    );
    expect(later.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    answered.push(...later.map((r) => (r.body!.data as { id: number }).id));
    const db = openPlace(place);
    try {
      const stored = await db.selectFrom('scholarship_registrations').select('id').where('id', 'in', answered).execute();
      expect(stored.length).toBe(answered.length);
      expect(await consistencyProblems(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
    // The balancer has marked the dead server down: every request lands on a survivor.
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${lb}/api/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-served-by')).not.toBe(`s${SERVERS - 1}`);
    }
  });
});
