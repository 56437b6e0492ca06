import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, jpeg, pdf, png, upload } from './media-test-helpers.js';

let t: TestApp;
let admin: string;
let instituteA: string;
let instituteB: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  instituteA = (await instituteSession(t, 1)).token;
  instituteB = (await instituteSession(t, 2)).token;
});
afterAll(async () => t.close());

const stored = (p: string) => path.join(t.dataDir, p);

async function remove(p: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: '/api/v1/media/delete',
    headers: { 'accept-language': 'en', ...headers },
    payload: { path: p },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() as { message: string; data: unknown } };
}

async function mediaRows() {
  return t.app.db.selectFrom('media').selectAll().execute();
}

describe('uploading', () => {
  it('re-encodes a JPEG: EXIF and GPS gone, fitted inside the box, recorded with its owner', async () => {
    const original = await jpeg(1200, 800, true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(
      t.app,
      [
        { name: 'folder', value: 'posts/2026/11/22' },
        { name: 'width', value: '300' },
        { name: 'height', value: '300' },
        { name: 'photo', file: original, filename: 'holiday.jpg', type: 'image/jpeg' },
      ],
      bearer(instituteA),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('File uploaded.');
    const p = res.body.data as string;
    expect(p).toMatch(/^uploads\/posts\/2026\/11\/22\/[a-f0-9]{32}\.jpg$/);
    const bytes = fs.readFileSync(stored(p));
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('SecretCam')).toBe(false);
    const row = (await mediaRows()).find((r) => r.path === p)!;
    expect(row).toMatchObject({ mime: 'image/jpeg', size: bytes.length, width: 300, height: 200, uploader_ip: null });
    expect(row.owner_id).not.toBeNull();
  });

  it('defaults to 200×200 in files/, never enlarges, and keeps PNG as PNG', async () => {
    const small = await upload(t.app, [{ name: 'logo', file: await png(100, 50), filename: 'a.png' }], bearer(admin));
    expect(small.body.data).toMatch(/^uploads\/files\/[a-f0-9]{32}\.png$/);
    expect(await sharp(fs.readFileSync(stored(small.body.data as string))).metadata()).toMatchObject({ format: 'png', width: 100, height: 50 });
    const big = await upload(t.app, [{ name: 'photo', file: await png(1000, 500), filename: 'b.png' }], bearer(admin));
    expect(await sharp(fs.readFileSync(stored(big.body.data as string))).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('stores a GIF as a PNG of its first frame', async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const res = await upload(t.app, [{ name: 'photo', file: gif, filename: 'x.gif' }], bearer(admin));
    expect(res.body.data).toMatch(/\.png$/);
  });

  it('stores a PDF as it came, and refuses a PDF with JavaScript', async () => {
    const file = pdf();
    const res = await upload(
      t.app,
      [
        { name: 'accept', value: 'application/pdf' },
        { name: 'content_file', file, filename: 'notice.pdf' },
      ],
      bearer(admin),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^uploads\/files\/[a-f0-9]{32}\.pdf$/);
    expect(fs.readFileSync(stored(res.body.data as string)).equals(file)).toBe(true);
    for (const action of [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/AA << /O << /S /Launch /F (calc.exe) >> >>',
      '/OpenAction << /S /J#61vaScript /J#53 (x) >>',
    ]) {
      const bad = await upload(t.app, [{ name: 'content_file', file: pdf(action), filename: 'evil.pdf' }], bearer(admin));
      expect(bad.status).toBe(422);
      expect(bad.body.data).toEqual({ content_file: ['A PDF with scripts or actions cannot be uploaded.'] });
    }
  });

  it('refuses a file over 5,000,000 bytes with the spec message (413), storing nothing', async () => {
    const before = await mediaRows();
    const res = await upload(
      t.app,
      [{ name: 'photo', file: Buffer.concat([await jpeg(10, 10), Buffer.alloc(6_000_000)]), filename: 'big.jpg' }],
      bearer(admin),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size is too big. Should be less than 5MB.');
    expect(await mediaRows()).toHaveLength(before.length);
    const bn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'bn', 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n${'a'.repeat(5_000_001)}\r\n--x--\r\n`,
    });
    expect(bn.statusCode).toBe(413);
    expect(bn.json().message).toBe('ফাইলের আকার অনেক বড়। ৫ মেগাবাইটের কম হতে হবে।');
  });

  it('leaves no file and no row when the multipart stream is cut short', async () => {
    const before = await mediaRows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([Buffer.from('--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n'), await jpeg(50, 50)]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await mediaRows()).toHaveLength(before.length);
  });

  it('reads the type from the bytes: HTML, SVG with script, text and empty files are refused whatever their name', async () => {
    const fakes: [string, Buffer][] = [
      ['page.png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
      ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['run.jpg', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['empty.png', Buffer.alloc(0)],
      ['archive.png', Buffer.from('PK\u0003\u0004 not an image at all')],
    ];
    for (const [filename, file] of fakes) {
      const res = await upload(t.app, [{ name: 'photo', file, filename, type: 'image/png' }], bearer(admin));
      expect(res.status, filename).toBe(422);
      expect(res.body.data).toEqual({ photo: ['File is of invalid type. Give a JPEG, PNG, WebP or GIF image or a PDF.'] });
    }
  });

  it('refuses a JPEG in a PDF-only field and a PDF in an image field', async () => {
    const jpg = await upload(
      t.app,
      [
        { name: 'accept', value: 'application/pdf' },
        { name: 'content_file', file: await jpeg(20, 20), filename: 'x.pdf', type: 'application/pdf' },
      ],
      bearer(admin),
    );
    expect(jpg.status).toBe(422);
    expect(jpg.body.data).toEqual({ content_file: ['This field does not take this type of file.'] });
    const doc = await upload(
      t.app,
      [
        { name: 'accept', value: 'image/*' },
        { name: 'photo', file: pdf(), filename: 'x.png' },
      ],
      bearer(admin),
    );
    expect(doc.body.data).toEqual({ photo: ['This field does not take this type of file.'] });
  });

  it('refuses a damaged image as unreadable, not a server error', async () => {
    const good = await jpeg(400, 400);
    const res = await upload(t.app, [{ name: 'photo', file: good.subarray(0, 600), filename: 'cut.jpg' }], bearer(admin));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ photo: ['The image could not be read; the file may be damaged.'] });
  });

  it('refuses unsafe folders and sizes out of range', async () => {
    for (const folder of ['../x', '/etc', 'a\\b', 'a/../../b', 'UPPER', 'a/b/c/d/e/f', 'a//b', '.hidden']) {
      const res = await upload(
        t.app,
        [
          { name: 'folder', value: folder },
          { name: 'photo', file: await png(10, 10), filename: 'a.png' },
        ],
        bearer(admin),
      );
      expect(res.status, folder).toBe(422);
      expect(res.body.data).toHaveProperty('folder');
    }
    const res = await upload(
      t.app,
      [
        { name: 'width', value: '5' },
        { name: 'height', value: '99999' },
        { name: 'photo', file: await png(10, 10), filename: 'a.png' },
      ],
      bearer(admin),
    );
    expect(res.body.data).toEqual({ width: ['Must be at least 16.'], height: ['Must be at most 4,000.'] });
    expect(fs.existsSync(path.join(t.dataDir, 'x'))).toBe(false);
  });

  it('asks for a file when none is sent, and for one file at a time', async () => {
    const none = await upload(t.app, [{ name: 'folder', value: 'files' }], bearer(admin));
    expect(none.body.data).toEqual({ photo: ['Choose a file.'] });
    const two = await upload(
      t.app,
      [
        { name: 'a', file: await png(10, 10), filename: 'a.png' },
        { name: 'b', file: await png(10, 10), filename: 'b.png' },
      ],
      bearer(admin),
    );
    expect(two.status).toBe(422);
  });
});

describe('anonymous uploads (the register form logo)', () => {
  it('needs a login for any folder but logos/ (401)', async () => {
    for (const folder of [[], [{ name: 'folder', value: 'files' }], [{ name: 'folder', value: 'posts/2026/11/22' }]]) {
      const res = await upload(t.app, [...folder, { name: 'photo', file: await png(10, 10), filename: 'a.png' }], {}, '10.0.0.6');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Please log in.');
    }
  });

  it('takes images only into logos/, records the address, and lets that address alone delete it within the hour', async () => {
    const res = await upload(
      t.app,
      [
        { name: 'folder', value: 'logos' },
        { name: 'logo', file: await png(300, 300), filename: 'logo.png' },
      ],
      {},
      '10.0.0.7',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data as string;
    expect(p).toMatch(/^uploads\/logos\//);
    expect((await mediaRows()).find((r) => r.path === p)).toMatchObject({ owner_id: null, uploader_ip: '10.0.0.7' });

    const doc = await upload(
      t.app,
      [
        { name: 'folder', value: 'logos' },
        { name: 'logo', file: pdf(), filename: 'x.pdf' },
      ],
      {},
      '10.0.0.7',
    );
    expect(doc.body.data).toEqual({ logo: ['This field does not take this type of file.'] });

    expect((await remove(p, {}, '10.0.0.8')).status).toBe(403);
    expect((await remove(p, bearer(instituteA))).status).toBe(403);
    await t.app.db
      .updateTable('media')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000).toISOString() })
      .where('path', '=', p)
      .execute();
    expect((await remove(p, {}, '10.0.0.7')).status).toBe(403);
    await t.app.db.updateTable('media').set({ created_at: new Date().toISOString() }).where('path', '=', p).execute();
    const ok = await remove(`/${p}`, {}, '10.0.0.7');
    expect(ok).toMatchObject({ status: 200, body: { message: 'File deleted.' } });
    expect(fs.existsSync(stored(p))).toBe(false);
  });

  it('cannot delete a logged-in user’s file', async () => {
    const mine = (await upload(t.app, [{ name: 'photo', file: await png(10, 10), filename: 'a.png' }], bearer(instituteA))).body.data as string;
    expect((await remove(mine, {}, '127.0.0.1')).status).toBe(403);
    expect(fs.existsSync(stored(mine))).toBe(true);
  });

  it('limits anonymous calls per address (429), not logged-in ones', async () => {
    const image = await png(10, 10);
    for (let i = 0; i < 30; i++)
      expect(
        (
          await upload(
            t.app,
            [
              { name: 'folder', value: 'logos' },
              { name: 'logo', file: image, filename: 'a.png' },
            ],
            {},
            '10.0.0.99',
          )
        ).status,
      ).toBe(200);
    const refused = await upload(
      t.app,
      [
        { name: 'folder', value: 'logos' },
        { name: 'logo', file: image, filename: 'a.png' },
      ],
      {},
      '10.0.0.99',
    );
    expect(refused.status).toBe(429);
    expect(
      (
        await upload(
          t.app,
          [
            { name: 'folder', value: 'logos' },
            { name: 'logo', file: image, filename: 'a.png' },
          ],
          {},
          '10.0.0.100',
        )
      ).status,
    ).toBe(200);
    expect((await upload(t.app, [{ name: 'logo', file: image, filename: 'a.png' }], bearer(admin), '10.0.0.99')).status).toBe(200);
  });

  it('refuses a bad token instead of treating the caller as anonymous', async () => {
    const res = await upload(t.app, [{ name: 'photo', file: await png(10, 10), filename: 'a.png' }], bearer('not-a-token'));
    expect(res.status).toBe(401);
  });
});

describe('deleting', () => {
  it('lets the owner and an admin delete, and nobody else', async () => {
    const a1 = (await upload(t.app, [{ name: 'photo', file: await png(10, 10), filename: 'a.png' }], bearer(instituteA))).body.data as string;
    const a2 = (await upload(t.app, [{ name: 'photo', file: await png(10, 10), filename: 'a.png' }], bearer(instituteA))).body.data as string;
    expect((await remove(a1, bearer(instituteB))).status).toBe(403);
    expect(fs.existsSync(stored(a1))).toBe(true);
    expect((await remove(a1, bearer(instituteA))).status).toBe(200);
    expect(fs.existsSync(stored(a1))).toBe(false);
    expect((await remove(a2, bearer(admin))).status).toBe(200);
    expect(fs.existsSync(stored(a2))).toBe(false);
    expect((await mediaRows()).some((r) => r.path === a1 || r.path === a2)).toBe(false);
    expect((await remove(a1, bearer(instituteA))).status).toBe(404);
  });

  it('refuses paths outside storage without touching the disk', async () => {
    const outside = path.resolve('package.json');
    for (const p of [
      '../../package.json',
      '/etc/passwd',
      'uploads/../../package.json',
      'uploads/files/../../app.sqlite',
      '//uploads/files/x.png',
      'app.sqlite',
      'uploads\\files\\x.png',
      '',
      outside,
    ]) {
      const res = await remove(p, bearer(admin));
      expect(res.status, p).toBe(422);
      expect(res.body.data).toHaveProperty('path');
    }
    expect(fs.existsSync(outside)).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'app.sqlite')) || t.config.database.dialect === 'postgres').toBe(true);
    const unknown = await remove(`uploads/files/${'a'.repeat(32)}.png`, bearer(admin));
    expect(unknown.status).toBe(404);
  });
});

describe('serving', () => {
  it('serves a PDF as a download in a sandbox, never as a document of the site', async () => {
    const p = (await upload(t.app, [{ name: 'content_file', file: pdf(), filename: 'notice.pdf' }], bearer(admin))).body.data as string;
    const res = await t.app.inject({ method: 'GET', url: `/${p}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${p.split('/').pop()}"`);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
  });

  it('streams a stored file with its type, nosniff and a long cache; 404 JSON for anything else', async () => {
    const p = (await upload(t.app, [{ name: 'photo', file: await jpeg(30, 30), filename: 'a.jpg' }], bearer(admin))).body.data as string;
    const res = await t.app.inject({ method: 'GET', url: `/${p}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    });
    expect(res.rawPayload.equals(fs.readFileSync(stored(p)))).toBe(true);
    for (const url of [`/uploads/files/${'b'.repeat(32)}.jpg`, '/uploads/files/x.html', `/uploads/files/${'c'.repeat(32)}.png`]) {
      const missing = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/json/);
    }
    // Resolved before routing, so it never reaches the uploads route; whatever answers, not the file.
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/package.json']) {
      const dotted = await t.app.inject({ method: 'GET', url });
      expect(dotted.statusCode, url).toBe(404);
      expect(dotted.body).not.toContain('"dependencies"');
    }
  });
});
