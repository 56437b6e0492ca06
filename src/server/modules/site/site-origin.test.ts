/**
 * The public site names only its configured address: a request line with a whole address
 * (`GET http://evil.example/…`) does not put that host in the canonical link; and in production its
 * policy upgrades insecure requests like the app's.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const ORIGIN = 'https://britti.example.test';

/** One raw HTTP/1.1 exchange, so the request line can be in absolute form (inject() cannot send one). */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: britti.example.test\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the public site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ APP_URL: ORIGIN, NODE_ENV: 'production' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('links to APP_URL whatever host the request line names', async () => {
    const port = (t.app.server.address() as net.AddressInfo).port;
    for (const target of ['http://evil.example/site/nothing-here', 'http://evil.example/site']) {
      const answer = await rawGet(port, target);
      expect(answer, target).toMatch(/<link rel="canonical" href="https:\/\/britti\.example\.test\/site/);
      expect(answer, target).not.toContain('evil.example');
    }
  });

  it('upgrades insecure requests in production only', async () => {
    const production = await t.app.inject({ method: 'GET', url: '/site' });
    expect(production.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const development = await startTestApp();
    try {
      const res = await development.app.inject({ method: 'GET', url: '/site' });
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await development.close();
    }
  });
});
