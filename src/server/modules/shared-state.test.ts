/**
 * Two app servers on one database and one Redis (architecture §9, several servers): what one server
 * counts or changes, the other sees at once; with Redis gone both keep answering and pick it up again.
 * Redis is reached through a TCP relay the test can cut, which is what a Redis outage looks like to a server.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { freePort } from '../test/free-port.js';
import { testRedis, type TestRedis } from '../test/redis.js';
import { adminToken, client, startTestApp, type TestApp } from '../test/test-app.js';

const redis = await testRedis();

/** A relay from a local port to Redis that can be cut (every connection dropped, port closed) and restored. */
function relay(target: URL, port: number) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  return {
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((socket) => {
          const upstream = net.connect(Number(target.port || 6379), target.hostname);
          sockets.add(socket).add(upstream);
          socket.pipe(upstream).pipe(socket);
          for (const s of [socket, upstream]) {
            s.on('error', () => {});
            s.on('close', () => sockets.delete(s));
          }
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
  };
}

const waitFor = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!redis)('two app servers sharing Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let link: ReturnType<typeof relay>;
  const shared = redis as TestRedis;

  beforeAll(async () => {
    const target = new URL(shared.url);
    const port = await freePort();
    link = relay(target, port);
    await link.open();
    a = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}${target.pathname}` });
    // The second server: the same configuration, so the same database and the same Redis.
    b = await buildApp(a.config);
    await waitFor(() => a.app.shared!.client.status === 'ready' && b.shared!.client.status === 'ready', 'Redis');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await link?.cut().catch(() => {});
    await shared.flush();
  });

  const login = (app: FastifyInstance, email: string, from: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { email, password: 'wrong-password' } });

  /** Wrong passwords for `email` through `app` from fresh addresses until one is refused: the attempts allowed. */
  const allowedAttempts = async (app: FastifyInstance, email: string, subnet: string) => {
    for (let i = 0; i < 100; i++) if ((await login(app, email, `${subnet}.${i + 1}`)).statusCode === 429) return i;
    throw new Error('never refused');
  };
  let perAccount = 0;

  /** The per-account limit's attempts, alternating between the servers: then both refuse the account. */
  const sharedLimitHolds = async (first: FastifyInstance, second: FastifyInstance, email: string, subnet: string) => {
    for (let i = 0; i < perAccount; i++) expect((await login(i % 2 ? second : first, email, `${subnet}.${i + 1}`)).statusCode).toBe(422);
    expect((await login(first, email, `${subnet}.200`)).statusCode).toBe(429);
    expect((await login(second, email, `${subnet}.201`)).statusCode).toBe(429);
  };

  it('counts login attempts against one account on both servers together', async () => {
    perAccount = await allowedAttempts(a.app, 'measured@example.test', '203.0.113');
    expect(perAccount).toBeGreaterThan(1);
    // Each server saw only half of the attempts; counted apart, neither would refuse yet.
    await sharedLimitHolds(a.app, b, 'guessed@example.test', '198.18.0');
  });

  it("empties the other server's site cache the moment one server takes a site write", async () => {
    const admin = client(a, await adminToken(a));
    const visit = () => b.inject({ method: 'GET', url: '/site', headers: { accept: 'text/html' } });
    expect((await visit()).body).not.toContain('সবার জন্য নোটিশ');
    const published = await admin.post('/api/v1/page-build/store', {
      title: 'সবার জন্য নোটিশ',
      url: 'notice-for-all',
      published_at: '2026-01-15T09:00',
      content_type: 'notice',
    });
    expect(published.status).toBe(200);
    // The message travels through Redis; well within the cache's 10 s time to live.
    let body = '';
    for (let i = 0; i < 20 && !body.includes('সবার জন্য নোটিশ'); i++) {
      body = (await visit()).body;
      if (!body.includes('সবার জন্য নোটিশ')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(body).toContain('সবার জন্য নোটিশ');
  });

  it('keeps answering while Redis is gone, counting per process, and shares counters again when it is back', async () => {
    await link.cut();
    await waitFor(() => a.app.shared!.client.status !== 'ready' && b.shared!.client.status !== 'ready', 'the servers to notice');
    // Requests are answered (a wrong password is a 422, not a 500 or a hang), and counted per process.
    for (const app of [a.app, b]) expect((await login(app, 'offline@example.test', '198.51.100.7')).statusCode).toBe(422);
    expect((await b.inject({ method: 'GET', url: '/site', headers: { accept: 'text/html' } })).statusCode).toBe(200);
    expect(await allowedAttempts(a.app, 'offline@example.test', '198.51.100')).toBe(perAccount - 1);
    // The other server counted alone, so it still lets this account try.
    expect((await login(b, 'offline@example.test', '198.51.100.250')).statusCode).toBe(422);

    await link.open();
    await waitFor(() => a.app.shared!.client.status === 'ready' && b.shared!.client.status === 'ready', 'the servers to reconnect');
    await sharedLimitHolds(b, a.app, 'back@example.test', '192.0.2');
  });
});
