/**
 * The built client's pages: a public screen with a frame of its own (publicFrames in vite.config.ts) gets
 * that copy of index.html, with or without a query or a trailing slash; every other client route gets
 * index.html, and the API's unknown paths stay JSON 404s.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'scholarship-web-'));
  await fs.mkdir(path.join(webRoot, 'frames'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"><div class="boot"></div></div>');
  await fs.writeFile(path.join(webRoot, 'frames', 'register.html'), '<!doctype html><div id="root"><div class="boot"><h1>প্রতিষ্ঠান নিবন্ধন</h1></div></div>');
  t = await startTestApp({}, { webRoot, rateLimit: false });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

it('sends a public screen its own frame, and index.html for every other client route', async () => {
  for (const url of ['/register', '/register?from=site', '/register/']) {
    const res = await page(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.body, url).toContain('<h1>প্রতিষ্ঠান নিবন্ধন</h1>');
  }
  for (const url of ['/', '/login', '/scholarship-registrations', '/scholarship-registrations/create']) {
    const res = await page(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).not.toContain('<h1>');
  }
  const api = await t.app.inject({ method: 'GET', url: '/api/register', headers: { accept: 'text/html' } });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ data: null });
});
