/**
 * Bodies cost the server at most the 1 MB limit whatever their encoding: multipart form data on a route
 * that takes no file is read under that limit, the upload takes only a few short fields beside its
 * file, and a caller over a per-address limit is refused before its body is read.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, png, upload } from '../media/media-test-helpers.js';
import { adminToken, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(async () => t.close());

const big = 'x'.repeat(700_000);

describe('multipart bodies', () => {
  it('are held to the 1 MB body limit on routes that take forms (413)', async () => {
    for (const [url, headers] of [
      ['/api/auth/login', {}],
      ['/api/v1/settings/update', bearer(admin)],
    ] as const) {
      const body = await multipart([
        { name: 'email', value: big },
        { name: 'password', value: big },
      ]);
      const res = await t.app.inject({ method: 'POST', url, headers: { 'accept-language': 'en', ...headers, ...body.headers }, payload: body.payload });
      expect(res.statusCode, url).toBe(413);
    }
  });

  it('still carry forms under the limit', async () => {
    const body = await multipart([
      { name: 'email', value: 'nobody@example.test' },
      { name: 'password', value: 'wrong-password-1' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en', ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(422);
  });

  it('give the upload a file and a few short fields, no more (413)', async () => {
    const parts = [{ name: 'photo', file: await png(20, 20), filename: 'a.png', type: 'image/png' }];
    const many = Array.from({ length: 20 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    expect((await upload(t.app, [...parts, ...many], bearer(admin))).status).toBe(413);
    expect((await upload(t.app, parts, bearer(admin))).status).toBe(200);
  });
});

describe('per-address limits', () => {
  it('refuse a caller over the limit before its body arrives', async () => {
    for (let i = 0; i < 60; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `guess${i}@example.test`, password: 'wrong-password-1' } });
    }
    // A body that never ends: only a hook that runs before the body is read can answer.
    const endless = new PassThrough();
    endless.write('{"email":"');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: endless });
    expect(res.statusCode).toBe(429);
    endless.destroy();
  });
});
