/**
 * Security headers and limits: the same protective headers on API, client and site
 * answers, HSTS only in production, 413 for large bodies, timeouts set, expired tokens refused, and
 * no stack trace, SQL or parser detail in any answer in production.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest, newToken } from '../../lib/tokens.js';
import { ADMIN, adminToken, instituteSession, json, loginToken, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let production: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'scholarship-web-'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html lang="bn"><body><div id="root"></div></body></html>');
  t = await startTestApp({}, { webRoot, rateLimit: false });
  production = await startTestApp({ NODE_ENV: 'production', APP_URL: 'https://exam.example.org', TOKEN_TTL: '90m' }, { webRoot });
});
afterAll(async () => {
  await t?.close();
  await production?.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0]!, part.slice(part.indexOf(' ') + 1)] as [string, string]),
  );
}

function expectProtected(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  const csp = directives(res);
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
}

describe('security headers', () => {
  it('protect API answers, and send no HSTS outside production', async () => {
    for (const url of ['/api/health', '/api/v1/users', '/api/nowhere', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectProtected(res);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(directives(res).has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it('protect the client page, with what the admin UI needs: inline styles, data: and blob: images, blob: workers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(res.body).toContain('id="root"');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expectProtected(res);
    const csp = directives(res);
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('font-src')).toBe("'self' data:");
    expect(csp.get('worker-src')).toBe("'self' blob:");
    expect(csp.get('connect-src')).toBe("'self' blob:");
  });

  it('protect the public website', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/site', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain('id="root"');
    expectProtected(res);
  });

  it('add HSTS and upgrade-insecure-requests in production', async () => {
    for (const request of [{ url: '/api/health' }, { url: '/login', headers: { accept: 'text/html' } }]) {
      const res = await production.app.inject({ method: 'GET', ...request });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains/);
      expect(directives(res).has('upgrade-insecure-requests')).toBe(true);
      expectProtected(res);
    }
  });
});

describe('limits', () => {
  const big = (bytes: number) => ({ email: 'someone@example.test', password: 'x'.repeat(bytes) });

  it('refuses a JSON body over 1 MB with a 413 message, logged in or not', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en' }, payload: big(1_100_000) });
    expect(anonymous.statusCode).toBe(413);
    expect(anonymous.json()).toEqual({ message: 'The request is too large.', data: null });

    const token = await adminToken(t);
    const bn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/blog-categories/store',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'x'.repeat(1_100_000) },
    });
    expect(bn.statusCode).toBe(413);
    expect(json(bn).message).toBe('পাঠানো তথ্য অনেক বড়।');

    // Just under the limit the body is read and judged on its content.
    const under = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en' }, payload: big(1_000_000) });
    expect(under.statusCode).not.toBe(413);
  });

  it('bounds how long a request may take to arrive and how long a connection may sit silent', () => {
    expect(t.app.server.requestTimeout).toBe(120_000);
    expect(t.app.server.timeout).toBe(60_000);
    expect(t.app.server.headersTimeout).toBeLessThanOrEqual(t.app.server.requestTimeout);
  });
});

describe('token expiry', () => {
  it('gives a login token the lifetime TOKEN_TTL names', async () => {
    const token = await loginToken(production, ADMIN.email, ADMIN.password);
    const row = await production.app.db.selectFrom('access_tokens').select('expires_at').where('token_hash', '=', digest(token)).executeTakeFirstOrThrow();
    const lifetime = Date.parse(row.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(89 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(90 * 60_000);
  });

  it('refuses a token once it has expired, and an inserted expired one', async () => {
    const institute = await instituteSession(t, 900);
    const me = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect((await me(institute.token)).statusCode).toBe(200);

    await t.app.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', digest(institute.token))
      .execute();
    const aged = await me(institute.token);
    expect(aged.statusCode).toBe(401);
    expect(aged.json()).toEqual({ message: 'Please log in.', data: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/scholarship-registrations', headers: { authorization: `Bearer ${institute.token}` } });
    expect(list.statusCode).toBe(401);

    const stale = newToken();
    const day = 86_400_000;
    await t.app.db
      .insertInto('access_tokens')
      .values({
        user_id: institute.id,
        token_hash: digest(stale),
        created_at: new Date(Date.now() - 31 * day).toISOString(),
        expires_at: new Date(Date.now() - day).toISOString(),
      })
      .execute();
    expect((await me(stale)).statusCode).toBe(401);
  });
});

describe('error answers in production', () => {
  const leaks =
    /select |insert |from "|no such table|does not exist|relation |sqlite|postgres|kysely|stack|\bat .*\.[jt]s|node_modules|Unexpected token|JSON at position|\/work\//i;

  it('answers a database failure with a plain 500: no stack trace, no SQL', async () => {
    const token = await adminToken(production);
    await production.app.db.schema.alterTable('scholarship_payments').renameTo('payments_elsewhere').execute();
    try {
      const res = await production.app.inject({
        method: 'GET',
        url: '/api/v1/scholarship-payments?search=x',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on the server. Please try again.', data: null });
      expect(res.body).not.toMatch(leaks);
    } finally {
      await production.app.db.schema.alterTable('payments_elsewhere').renameTo('scholarship_payments').execute();
    }
  });

  it('answers malformed and mistyped bodies without the parser’s words', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c", "password": ' },
      { headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}, "email": "a@b.c"}' },
      { headers: { 'content-type': 'application/xml' }, payload: '<login/>' },
    ];
    for (const c of cases) {
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...c.headers, 'accept-language': 'en' },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload).toBeLessThan(500);
      expect(res.body, c.payload).not.toMatch(leaks);
      expect(Object.keys(res.json() as object)).toEqual(['message', 'data']);
    }
  });
});

describe('answers the router gives before any route', () => {
  it('answers a path parameter over the router’s length limit with the app’s envelope and headers, not echoing the path', async () => {
    const long = 'a'.repeat(150);
    for (const request of [
      { url: `/verify/${long}`, headers: { accept: 'text/html' } },
      { url: `/api/v1/jobs/${long}`, headers: { 'accept-language': 'en' } },
      { url: `/api/v1/jobs/${long}/file` },
    ]) {
      const res = await production.app.inject({ method: 'GET', ...request });
      expect(res.statusCode, request.url).toBe(404);
      expect(Object.keys(res.json() as object)).toEqual(['message', 'data']);
      expect(res.body).not.toContain(long);
      expect(res.body).not.toContain('FST_');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains/);
      expectProtected(res);
    }
  });

  it('answers a path that is not a valid URL the same way', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/v1/jobs/%zz', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), data: null });
    expect(res.body).not.toContain('%zz');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    expectProtected(res);
  });
});
