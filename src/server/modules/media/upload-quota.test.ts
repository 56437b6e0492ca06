/**
 * Logged-in uploads have a rate and a quota per account, and uploads nothing refers to are removed a day
 * after their upload — by the periodic job's function and by `npm run media:cleanup` — on local storage
 * and on S3 alike (docs/operators/security.md).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../lib/storage/s3-test-server.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { samples } from '../../test/resource-samples.js';
import { removeUnreferencedUploads } from './media-cleanup.js';
import { bearer, jpeg, upload } from './media-test-helpers.js';

const run = promisify(execFile);

describe.each(['local', 's3'] as const)('uploads on %s storage', (storage) => {
  let s3: S3TestServer | undefined;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await startTestApp(s3?.env ?? {}, { uploads: { perTenMinutes: 100, quotaBytes: 3_000, cleanupEverySeconds: null } });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const photo = async (token: string, side = 40) => upload(t.app, [{ name: 'photo', file: await jpeg(side, side), filename: 'a.jpg' }], bearer(token));

  it('refuses an account’s uploads past the rate, without touching other accounts', async () => {
    const limited = await startTestApp(s3?.env ?? {}, { uploads: { perTenMinutes: 4, quotaBytes: 1_000_000, cleanupEverySeconds: null } });
    try {
      const a = await instituteSession(limited, 1101);
      const b = await instituteSession(limited, 1102);
      const send = async (token: string) => (await upload(limited.app, [{ name: 'photo', file: await jpeg(20, 20), filename: 'a.jpg' }], bearer(token))).status;
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await send(a.token));
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect(await send(b.token)).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses an upload that would pass the account’s quota, with a 422 on the file field; admins have none', async () => {
    const c = await instituteSession(t, 1103);
    const sizes: number[] = [];
    let refused;
    for (let i = 0; i < 30 && !refused; i++) {
      const res = await photo(c.token, 60);
      if (res.status === 200)
        sizes.push(
          (
            await t.app.db
              .selectFrom('media')
              .select('size')
              .where('path', '=', res.body.data as string)
              .executeTakeFirstOrThrow()
          ).size,
        );
      else refused = res;
    }
    expect(sizes.length).toBeGreaterThan(0);
    expect(refused?.status).toBe(422);
    expect(refused?.body.data).toEqual({ photo: [expect.stringMatching(/upload space is full/)] });
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(3_000);
    for (let i = 0; i < 4; i++) expect((await photo(admin, 60)).status).toBe(200);
  });

  it('removes the uploads nothing refers to once they are a day old, and keeps every referenced one', async () => {
    const owner = await instituteSession(t, 1104);
    const api = client(t, admin);
    const uploads: string[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await photo(i < 3 ? owner.token : admin, 10);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      uploads.push(res.body.data as string);
    }
    const [logo, studentPhoto, unused, pageImage, inHtml, inGrid, setting, menuLink, fresh] = uploads as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await t.app.db.updateTable('users').set({ photo: logo }).where('id', '=', owner.id).execute();
    const student = await client(t, owner.token).post(
      '/api/v1/scholarship-registrations/store',
      await samples['scholarship-registrations']!({ n: 1, ownerId: owner.id, admin: api }),
    );
    expect(student.status, JSON.stringify(student.body)).toBe(200);
    await t.app.db.updateTable('scholarship_registrations').set({ photo: studentPhoto }).where('institute_id', '=', owner.id).execute();
    const page = await api.post('/api/v1/page-build/store', await samples['page-build']!({ n: 1, ownerId: owner.id, admin: api }));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    await t.app.db
      .updateTable('web_pages')
      .set({ image: pageImage, content: `<p><img src="/${inHtml}"></p>`, custom_fields: JSON.stringify({ layout: [{ cells: [`<img src="/${inGrid}">`] }] }) })
      .execute();
    await t.app.db
      .updateTable('setting_values')
      .set({ value: setting })
      .where('id', '=', (await t.app.db.selectFrom('setting_values').select('id').executeTakeFirstOrThrow()).id)
      .execute();
    const menu = await api.post('/api/v1/web-page-menu/store', { title: 'Prospectus', content_url: `/${menuLink}` });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);

    // Everything but the last upload is two days old.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await t.app.db.updateTable('media').set({ created_at: twoDaysAgo }).where('path', 'in', uploads.slice(0, -1)).execute();
    const stored = async (path: string) => ({
      row: Boolean(await t.app.db.selectFrom('media').select('id').where('path', '=', path).executeTakeFirst()),
      file: await t.app.storage.exists(path.slice('uploads/'.length)),
    });
    expect(await stored(unused)).toEqual({ row: true, file: true });

    await removeUnreferencedUploads(t.app.db, t.app.storage);
    expect(await stored(unused)).toEqual({ row: false, file: false });
    for (const kept of [logo, studentPhoto, pageImage, inHtml, inGrid, setting, menuLink, fresh])
      expect(await stored(kept), kept).toEqual({ row: true, file: true });
    expect((await t.app.inject({ method: 'GET', url: `/${unused}` })).statusCode).toBe(404);
  });

  it('runs as `npm run media:cleanup` with the server’s environment', async () => {
    const res = await photo(admin, 10);
    const path = res.body.data as string;
    await t.app.db
      .updateTable('media')
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('path', '=', path)
      .execute();
    const database = t.config.database;
    const env = {
      ...process.env,
      ...(s3?.env ?? {}),
      DATA_DIR: t.dataDir,
      ...(database.dialect === 'postgres' ? { DATABASE_URL: database.url } : { DATABASE_URL: `sqlite:${database.file}` }),
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin-password-1',
      LOG_LEVEL: 'silent',
    };
    const { stdout } = await run('npm', ['run', '--silent', 'media:cleanup'], { env, cwd: process.cwd() });
    expect(stdout).toMatch(/^1 unreferenced uploads older than a day removed/m);
    expect(await t.app.storage.exists(path.slice('uploads/'.length))).toBe(false);
  });
});
