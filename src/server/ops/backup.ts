/**
 * Backup and restore of the database and the uploaded files, while the app is serving (backup) or
 * stopped (restore). A backup is a folder:
 *   manifest.json   — written last, so a folder without it is an unfinished backup
 *   app.sqlite      — SQLite: a copy made with SQLite's online backup API
 *   database.dump   — PostgreSQL: pg_dump's custom format (-Fc)
 *   uploads/…       — every file of the local storage (DATA_DIR/uploads), copied after the database snapshot;
 *                     with STORAGE=s3 the files stay in the bucket, which has its own versioning and backups
 * Uploads are written once under random names and referenced only after they are written, so files copied
 * after the snapshot include every file the snapshot references (and perhaps a few newer ones).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config.js';

const run = promisify(execFile);

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'app.sqlite';
const PG_FILE = 'database.dump';
const UPLOADS = 'uploads';

/** What manifest.json holds; a restore reads it through this schema, since it is a file anyone may have edited. */
const Manifest = z.object({
  format: z.literal(1),
  created_at: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  database: z.object({ file: z.string(), bytes: z.number(), sha256: z.string() }),
  /** Rows per table in the snapshot. */
  tables: z.record(z.string(), z.number()),
  uploads: z.object({
    storage: z.enum(['local', 's3']),
    files: z.number(),
    bytes: z.number(),
    sha256: z.record(z.string(), z.string()),
  }),
});
export type Manifest = z.infer<typeof Manifest>;

export class BackupError extends Error {}

type Place = Pick<Config, 'dataDir' | 'database' | 'storage'>;

/** The local uploads folder; none when files live in an S3 bucket. */
const uploadsOf = (config: Place) => (config.storage.driver === 'local' ? config.storage.dir : undefined);

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file under `root`, relative, with '/' separators; the storage's hidden temp files are left out. */
async function filesUnder(root: string | undefined): Promise<string[]> {
  if (root === undefined || !fs.existsSync(root)) return [];
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return !fs.existsSync(dir) || (await fsp.readdir(dir)).length === 0;
}

function sqliteTableCounts(db: SQLite.Database): Record<string, number> {
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
  return Object.fromEntries(
    tables.map((name) => [
      name,
      Number(
        db
          .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      ),
    ]),
  );
}

async function pgTableCounts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ tablename: string }>('select tablename from pg_tables where schemaname = current_schema() order by tablename');
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const result = await client.query<{ n: string }>(`select count(*) as n from "${tablename.replaceAll('"', '""')}"`);
    counts[tablename] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** SQLite: one online-backup step over the whole file (a consistent read; writers go on meanwhile). */
async function backupSqlite(file: string, target: string): Promise<Record<string, number>> {
  if (!fs.existsSync(file)) throw new BackupError(`there is no database at ${file}: check DATA_DIR / DATABASE_URL`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(target);
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copied database fails its check: ${String(check)}`);
    // One self-contained file: no -wal beside it.
    copy.pragma('journal_mode = DELETE');
    return sqliteTableCounts(copy);
  } finally {
    copy.close();
  }
}

/** PostgreSQL: the row counts and pg_dump read one exported snapshot, so they agree. */
async function backupPostgres(url: string, target: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const tables = await pgTableCounts(client);
    await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--file', target, '--dbname', url], { maxBuffer: 16 * 1024 * 1024 });
    await client.query('commit');
    return tables;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError('pg_dump was not found: install the PostgreSQL client tools');
    throw error;
  } finally {
    await client.end();
  }
}

function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** Writes a backup into `out` (default DATA_DIR/backups/<UTC time>), which must be new or empty. */
export async function createBackup(config: Place, options: { out?: string } = {}): Promise<{ dir: string; manifest: Manifest }> {
  const started = new Date();
  const dir = path.resolve(options.out ?? path.join(config.dataDir, 'backups', timestamp(started)));
  if (!(await isEmptyDir(dir))) throw new BackupError(`${dir} is not empty`);
  // Children's personal data: readable by the server's user only.
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    return { dir, manifest: await writeBackup(config, dir, started) };
  } catch (error) {
    // The folder was empty or new: what is in it now is an unfinished backup.
    await fsp.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(config: Place, dir: string, started: Date): Promise<Manifest> {
  const databaseFile = config.database.dialect === 'sqlite' ? SQLITE_FILE : PG_FILE;
  const databasePath = path.join(dir, databaseFile);
  const tables =
    config.database.dialect === 'sqlite' ? await backupSqlite(config.database.file, databasePath) : await backupPostgres(config.database.url, databasePath);

  // After the snapshot: every file it references is already written.
  const uploads = uploadsOf(config);
  const checksums: Record<string, string> = {};
  let bytes = 0;
  for (const file of await filesUnder(uploads)) {
    const from = path.join(uploads as string, file);
    const to = path.join(dir, UPLOADS, file);
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.copyFile(from, to);
    checksums[file] = await sha256(to);
    bytes += (await fsp.stat(to)).size;
  }

  const manifest: Manifest = {
    format: 1,
    created_at: started.toISOString(),
    dialect: config.database.dialect,
    database: { file: databaseFile, bytes: (await fsp.stat(databasePath)).size, sha256: await sha256(databasePath) },
    tables,
    uploads: { storage: config.storage.driver, files: Object.keys(checksums).length, bytes, sha256: checksums },
  };
  await fsp.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} holds no ${MANIFEST}: not a backup, or an unfinished one`);
  const read = Manifest.safeParse(JSON.parse(await fsp.readFile(file, 'utf8')));
  if (!read.success) throw new BackupError(`${file} is not a manifest of this backup format:\n${z.prettifyError(read.error)}`);
  const manifest = read.data;
  // Names come from a file: none may point outside the folders they are copied into.
  const unsafe = [manifest.database.file, ...Object.keys(manifest.uploads.sha256)].find((name) => path.isAbsolute(name) || name.split(/[\\/]/).includes('..'));
  if (unsafe !== undefined) throw new BackupError(`the manifest names an unsafe path: ${unsafe}`);
  return manifest;
}

/** Every checksum of the backup, checked before anything is overwritten. */
async function verifyBackup(dir: string, manifest: Manifest): Promise<void> {
  const bad: string[] = [];
  if ((await sha256(path.join(dir, manifest.database.file)).catch(() => '')) !== manifest.database.sha256) bad.push(manifest.database.file);
  for (const [file, sum] of Object.entries(manifest.uploads.sha256)) {
    if ((await sha256(path.join(dir, UPLOADS, file)).catch(() => '')) !== sum) bad.push(`${UPLOADS}/${file}`);
  }
  if (bad.length > 0)
    throw new BackupError(`the backup is damaged, these files are missing or changed: ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ' …' : ''}`);
}

/** Linux: the processes that have `file` open (a server on the SQLite file). Elsewhere nothing is found. */
async function processesUsing(file: string): Promise<number[]> {
  if (!fs.existsSync('/proc')) return [];
  const targets = new Set([file, `${file}-wal`, `${file}-shm`]);
  const found: number[] = [];
  for (const pid of (await fsp.readdir('/proc')).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    const fds = await fsp.readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if (targets.has(await fsp.readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))) {
        found.push(Number(pid));
        break;
      }
    }
  }
  return found;
}

async function restoreSqlite(dir: string, manifest: Manifest, file: string, force: boolean): Promise<void> {
  const users = await processesUsing(file);
  if (users.length > 0) throw new BackupError(`${file} is open in process ${users.join(', ')}: stop the server before restoring`);
  if (fs.existsSync(file) && fs.statSync(file).size > 0 && !force) throw new BackupError(`${file} exists and holds data: restore with --force to replace it`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.restoring`;
  await fsp.copyFile(path.join(dir, manifest.database.file), temp);
  for (const old of [file, `${file}-wal`, `${file}-shm`]) await fsp.rm(old, { force: true });
  await fsp.rename(temp, file);
  const db = new SQLite(file, { fileMustExist: true });
  try {
    compareCounts(manifest.tables, sqliteTableCounts(db));
  } finally {
    db.close();
  }
}

async function restorePostgres(dir: string, manifest: Manifest, url: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(others.rows[0]!.n) > 0) throw new BackupError(`the database has ${others.rows[0]!.n} other connection(s): stop the server before restoring`);
    const tables = await client.query('select 1 from pg_tables where schemaname = current_schema() limit 1');
    if (tables.rowCount && !force) throw new BackupError('the database holds tables: restore with --force to replace them');
    try {
      await run(
        'pg_restore',
        ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', url, path.join(dir, manifest.database.file)],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError('pg_restore was not found: install the PostgreSQL client tools');
      throw new BackupError(`pg_restore failed: ${String((error as { stderr?: string }).stderr ?? error)}`);
    }
    compareCounts(manifest.tables, await pgTableCounts(client));
  } finally {
    await client.end();
  }
}

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const wrong = Object.entries(expected).filter(([table, rows]) => actual[table] !== rows);
  if (wrong.length > 0)
    throw new BackupError(`restored row counts differ from the backup: ${wrong.map(([t, n]) => `${t} ${actual[t] ?? 'missing'} ≠ ${n}`).join(', ')}`);
}

/**
 * Restores a backup into the configured database and local uploads folder. The server must be stopped
 * (checked: no other connection to the PostgreSQL database, no process with the SQLite file open).
 * A database or upload folder that holds data is replaced only with `force`.
 */
export async function restoreBackup(config: Place, from: string, options: { force?: boolean } = {}): Promise<Manifest> {
  const dir = path.resolve(from);
  const manifest = await readManifest(dir);
  if (manifest.dialect !== config.database.dialect)
    throw new BackupError(`the backup is of ${manifest.dialect}, the configured database is ${config.database.dialect}`);
  await verifyBackup(dir, manifest);
  const force = options.force ?? false;
  const uploads = uploadsOf(config);
  if (uploads !== undefined && !force && !(await isEmptyDir(uploads))) throw new BackupError(`${uploads} holds files: restore with --force to replace them`);

  if (config.database.dialect === 'sqlite') await restoreSqlite(dir, manifest, config.database.file, force);
  else await restorePostgres(dir, manifest, config.database.url, force);

  if (uploads === undefined) return manifest;
  // Files are copied into a fresh folder that then takes the place of the old one.
  const incoming = `${uploads}.restoring`;
  await fsp.rm(incoming, { recursive: true, force: true });
  await fsp.mkdir(incoming, { recursive: true });
  for (const file of Object.keys(manifest.uploads.sha256)) {
    const to = path.join(incoming, file);
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.copyFile(path.join(dir, UPLOADS, file), to);
  }
  await fsp.rm(uploads, { recursive: true, force: true });
  await fsp.rename(incoming, uploads);
  return manifest;
}
