import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from './migrate.js';

/** Migrations as databases in the field have them recorded: a name changed or moved would run again or be refused. */
const RECORDED = [
  '2026-11-21-initial',
  '2026-11-22-registration-numbers',
  '2026-11-23-registration-search',
  '2026-11-23-registration-totals',
  '2026-11-24-audit-log',
  '2026-11-25-media-uploader',
  '2026-11-26-search-index-per-group',
  '2026-11-27-registration-duplicates',
  '2026-11-28-fee-status',
  '2026-11-29-outbox',
  '2026-11-29-payment-statements',
  '2026-11-30-registration-roll',
  '2026-12-01-login-protection',
  '2026-12-02-media-references',
  '2026-12-03-two-factor',
  '2026-12-04-contact-confirmation',
  '2026-12-05-search-pending-list',
  '2026-12-06-exam',
  '2026-12-07-phone-codes',
  '2026-12-08-results',
  '2026-12-09-payment-totals',
];

describe('migrations', () => {
  it('are found in their folder under the names databases have recorded, in that order, ahead of any later one', async () => {
    expect(Object.keys(await migrations()).slice(0, RECORDED.length)).toEqual(RECORDED);
  });

  describe('a file added to the folder', () => {
    let dir = '';
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('is run, a source (.ts) or a compiled one (.js), and declarations and source maps are not', async () => {
      const folder = path.join(dir, 'migrations');
      fs.mkdirSync(folder);
      const up = (table: string) => `export async function up(db) { await db.schema.createTable('${table}').addColumn('id', 'integer').execute(); }\n`;
      fs.writeFileSync(path.join(folder, '2099-01-01-source.ts'), up('from_source').replace('(db)', '(db: any)'));
      fs.writeFileSync(path.join(folder, '2099-01-02-compiled.js'), up('from_compiled'));
      fs.writeFileSync(path.join(folder, '2099-01-02-compiled.d.ts'), 'export declare function up(db: unknown): Promise<void>;\n');
      fs.writeFileSync(path.join(folder, '2099-01-02-compiled.js.map'), '{}');

      const found = await migrations(pathToFileURL(path.join(dir, 'migrate.js')).href);
      expect(Object.keys(found)).toEqual(['2099-01-01-source', '2099-01-02-compiled']);

      const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
      try {
        const { error } = await new Migrator({ db, provider: { getMigrations: async () => found } }).migrateToLatest();
        expect(error).toBeUndefined();
        const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'from_%' order by name`.execute(db);
        expect(tables.rows.map((row) => row.name)).toEqual(['from_compiled', 'from_source']);
      } finally {
        await db.destroy();
      }
    });
  });
});
