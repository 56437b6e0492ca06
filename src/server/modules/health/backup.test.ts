/**
 * Backup and restore through `npm run backup` / `npm run restore`'s script, against the
 * real server process under a stream of writes: the restored copy is consistent and holds every write
 * answered before the backup started, with every uploaded file its rows reference.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type Manifest } from '../../ops/backup.js';
import { consistencyProblems, openPlace } from '../../test/consistency.js';
import { call, type DataPlace, newDataPlace, type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { ADMIN, mixedStudent, validRegistration } from '../../test/test-app.js';
import { jpeg } from '../media/media-test-helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function cli(place: DataPlace, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: place.dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

type Institute = { id: number; token: string };
type Acked = { kind: 'registration' | 'payment'; id: number; key: string; at: number };

let source: DataPlace;
let target: DataPlace;
let backupDir: string;
let server: ServerProcess | undefined;
let institutes: Institute[];
const acked: Acked[] = [];
let backupStarted = 0;
let backupEnded = 0;
let photoBytes: Buffer;
/** The writers upload a photo per student, far past an account's usual upload rate. */
const MANY_UPLOADS = { UPLOAD_RATE: '1000000' };

async function registerInstitute(base: string, n: number): Promise<Institute> {
  const form = validRegistration(n);
  const registered = await call(base, 'POST', '/api/auth/register', undefined, form);
  const { id, uid } = (registered.body!.data as { user: { id: number; uid: string } }).user;
  const login = await call(base, 'POST', '/api/auth/login', undefined, { email: uid, password: form.password });
  return { id, token: (login.body!.data as { token: string }).token };
}

/** A photo uploaded through the server, as the form does, so the registration may name it (it is the institute's upload). */
async function storePhoto(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/v1/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: string }).data;
}

/** Writers that keep registering students (each with a photo) and filing payments until `stop()`. */
function writeContinuously(base: string, writers: number) {
  let stopped = false;
  let n = 0;
  const errors: string[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const loops = Array.from({ length: writers }, async () => {
    while (!stopped) {
      const i = n++;
      const institute = institutes[i % institutes.length]!;
      if (i % 4 === 3) {
        const transactionId = `BACKUP${String(i).padStart(6, '0')}`;
        const res = await call(base, 'POST', '/api/v1/scholarship-payments/store', institute.token, {
          payment_method: 'bank',
          amount: 200,
          transaction_id: transactionId,
          date: today,
        });
        if (res.status === 200) acked.push({ kind: 'payment', id: (res.body!.data as { id: number }).id, key: transactionId, at: Date.now() });
        else errors.push(JSON.stringify(res.body));
      } else {
        const res = await call(
          base,
          'POST',
          '/api/v1/scholarship-registrations/store',
          institute.token,
          mixedStudent(i, { photo: await storePhoto(base, institute.token) }),
        );
        if (res.status === 200)
          acked.push({ kind: 'registration', id: (res.body!.data as { id: number }).id, key: (res.body!.data as { reg_no: string }).reg_no, at: Date.now() });
        else errors.push(JSON.stringify(res.body));
      }
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return errors;
    },
  };
}

async function stopServer(): Promise<void> {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  server = undefined;
}

beforeAll(async () => {
  source = await newDataPlace('scholarship-backup-src-');
  target = await newDataPlace('scholarship-backup-dst-');
  backupDir = path.join(source.dataDir, 'backups', 'under-load');
  photoBytes = await jpeg(40, 40);
  server = await startServerProcess(source, MANY_UPLOADS);
  institutes = [];
  for (let n = 0; n < 3; n++) institutes.push(await registerInstitute(server.url, 800 + n));
}, 90_000);

afterAll(async () => {
  await stopServer();
  await source.drop();
  await target.drop();
});

describe('backup and restore', () => {
  it('backs up while the server takes writes', async () => {
    const writes = writeContinuously(server!.url, 6);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    backupStarted = Date.now();
    const backup = await cli(source, ['backup', '--out', backupDir]);
    backupEnded = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The server's own log says why a write failed.
    expect(await writes.stop(), server!.stderr()).toEqual([]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(backupDir);
    expect(acked.filter((a) => a.at < backupStarted).length).toBeGreaterThan(10);
    expect(acked.filter((a) => a.at >= backupStarted && a.at <= backupEnded).length, 'writes went on during the backup').toBeGreaterThan(0);
    await stopServer();

    const manifest = JSON.parse(await fs.readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.dialect).toBe(source.dialect);
    expect(manifest.uploads.storage).toBe('local');
    expect(manifest.database.file).toBe(source.dialect === 'sqlite' ? 'app.sqlite' : 'database.dump');
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.tables.scholarship_registrations).toBeGreaterThanOrEqual(acked.filter((a) => a.kind === 'registration' && a.at < backupStarted).length);
    expect(manifest.uploads.files).toBe(Object.keys(manifest.uploads.sha256).length);
    expect(manifest.uploads.files).toBeGreaterThanOrEqual(manifest.tables.scholarship_registrations!);
    expect(
      Object.keys(manifest.uploads.sha256).some((file) => file.includes('.tmp')),
      'temp files are left out',
    ).toBe(false);
  }, 60_000);

  it('refuses a backup into a folder that is not empty', async () => {
    const again = await cli(source, ['backup', '--out', backupDir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not empty');
  }, 30_000);

  it('restores into a fresh place: consistent, with every write answered before the backup and every referenced file', async () => {
    const restore = await cli(target, ['restore', backupDir]);
    expect(restore.code, restore.stderr).toBe(0);

    const db = openPlace(target);
    try {
      expect(await consistencyProblems(db)).toEqual([]);
      const registrations = new Map((await db.selectFrom('scholarship_registrations').select(['id', 'reg_no']).execute()).map((r) => [r.id, r.reg_no]));
      const payments = new Map((await db.selectFrom('scholarship_payments').select(['id', 'transaction_id']).execute()).map((p) => [p.id, p.transaction_id]));
      const before = acked.filter((a) => a.at < backupStarted);
      const missing = before.filter((a) => (a.kind === 'registration' ? registrations : payments).get(a.id) !== a.key);
      expect(missing, 'writes answered before the backup started').toEqual([]);

      const photos = (await db.selectFrom('scholarship_registrations').select('photo').where('photo', 'is not', null).execute()).map((r) => r.photo as string);
      expect(photos.length).toBe(registrations.size);
      const absent: string[] = [];
      for (const photo of photos) {
        if (!(await fs.stat(path.join(target.dataDir, photo)).catch(() => null))) absent.push(photo);
      }
      expect(absent, 'referenced uploads missing after the restore').toEqual([]);
    } finally {
      await db.destroy();
    }

    // The restored copy serves: its sessions work and numbering goes on after the restored numbers.
    server = await startServerProcess(target, MANY_UPLOADS);
    const institute = institutes[0]!;
    const list = await call(server.url, 'GET', '/api/v1/scholarship-registrations?paginate=5', institute.token);
    expect(list.status).toBe(200);
    const added = await call(
      server.url,
      'POST',
      '/api/v1/scholarship-registrations/store',
      institute.token,
      mixedStudent(100_000, { photo: await storePhoto(server.url, institute.token) }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }, 60_000);

  it('refuses to restore while the server runs, and over data without --force', async () => {
    const running = await cli(target, ['restore', backupDir, '--force']);
    expect(running.code).toBe(1);
    expect(running.stderr).toMatch(/stop the server/);
    await stopServer();

    const overData = await cli(target, ['restore', backupDir]);
    expect(overData.code).toBe(1);
    expect(overData.stderr).toContain('--force');

    const forced = await cli(target, ['restore', backupDir, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    const db = openPlace(target);
    try {
      // The registration added after the first restore is gone: the copy is the backup's again.
      const manifest = JSON.parse(await fs.readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
      const count = await db
        .selectFrom('scholarship_registrations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(manifest.tables.scholarship_registrations);
      expect(await consistencyProblems(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('refuses a damaged backup before touching anything', async () => {
    const damaged = path.join(source.dataDir, 'backups', 'damaged');
    await fs.cp(backupDir, damaged, { recursive: true });
    const [first] = Object.keys((JSON.parse(await fs.readFile(path.join(damaged, 'manifest.json'), 'utf8')) as Manifest).uploads.sha256);
    await fs.writeFile(path.join(damaged, 'uploads', first!), 'changed');
    const res = await cli(target, ['restore', damaged, '--force']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`uploads/${first}`);
  }, 30_000);

  it('leaves out the files of an S3 bucket and says so', async () => {
    const out = path.join(source.dataDir, 'backups', 'with-s3');
    const database = source.databaseUrl
      ? { dialect: 'postgres' as const, url: source.databaseUrl }
      : { dialect: 'sqlite' as const, file: path.join(source.dataDir, 'app.sqlite') };
    const storage = { driver: 's3' as const, region: 'us-east-1', bucket: 'media', accessKeyId: 'key', secretAccessKey: 'secret' };
    const { manifest } = await createBackup({ dataDir: source.dataDir, database, storage }, { out });
    expect(manifest.uploads).toEqual({ storage: 's3', files: 0, bytes: 0, sha256: {} });
    expect(manifest.tables.scholarship_registrations).toBeGreaterThan(0);
    expect(await fs.readdir(out)).toEqual(expect.not.arrayContaining(['uploads']));
  }, 30_000);
});
