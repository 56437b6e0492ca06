import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../lib/storage/s3-test-server.js';
import { adminToken, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, jpeg, upload } from './media-test-helpers.js';

let s3: S3TestServer;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp(s3.env);
  admin = await adminToken(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('media with STORAGE=s3', () => {
  it('uploads into the bucket, serves from it and deletes from it; nothing is written locally', async () => {
    expect(t.config.storage.driver).toBe('s3');
    const res = await upload(
      t.app,
      [
        { name: 'width', value: '50' },
        { name: 'height', value: '50' },
        { name: 'photo', file: await jpeg(120, 60), filename: 'a.jpg' },
      ],
      bearer(admin),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = res.body.data as string;
    expect(fs.existsSync(path.join(t.dataDir, stored))).toBe(false);
    expect(await t.app.storage.exists(stored.slice('uploads/'.length))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: `/${stored}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 50, height: 25 });

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/media/delete', headers: bearer(admin), payload: { path: stored } });
    expect(removed.statusCode).toBe(200);
    expect(await t.app.storage.exists(stored.slice('uploads/'.length))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/${stored}` })).statusCode).toBe(404);
  });
});
