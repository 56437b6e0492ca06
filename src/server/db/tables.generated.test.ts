/**
 * The committed row types are the migrations' (scripts/db-types/): run on PostgreSQL only, in the
 * api-postgres project, since the generator migrates a throwaway database there.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Column, TS_TYPES, migratedColumns, renderTables } from '../../../scripts/db-types/generate.js';
import { migrateToLatest } from './migrate.js';

const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A column as the types see it: its TypeScript type and whether it may be null. */
const shape = (tsType: string | undefined, nullable: boolean) => `${tsType ?? 'unknown'}${nullable ? ' | null' : ''}`;

/** SQLite's declared types of the migrations, as better-sqlite3 answers them. */
const SQLITE_TS_TYPES: Record<string, string> = { integer: 'number', bigint: 'number', real: 'number', 'double precision': 'number', text: 'string' };

describe('tables.generated.ts', () => {
  let columns: Column[] = [];
  beforeAll(async () => {
    columns = await migratedColumns(server);
  }, 120_000);

  it('is what `npm run db:types` makes of the migrations', () => {
    const committed = fs.readFileSync(new URL('./tables.generated.ts', import.meta.url), 'utf8');
    expect(renderTables(columns), 'src/server/db/tables.generated.ts is stale: run npm run db:types and commit it').toBe(committed);
  });

  it('holds for SQLite too: the migrations make the same columns, of the same types and nullability, on both dialects', async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      await migrateToLatest(db);
      const onSqlite: Record<string, string> = {};
      for (const table of new Set(columns.map((c) => c.table))) {
        const { rows } = await sql<{ name: string; type: string; notnull: number; pk: number }>`select * from pragma_table_info(${table})`.execute(db);
        // A primary key's column never holds null, whatever SQLite declares of a non-integer one.
        for (const r of rows) onSqlite[`${table}.${r.name}`] = shape(SQLITE_TS_TYPES[r.type.toLowerCase()], !r.notnull && !r.pk);
      }
      expect(onSqlite).toEqual(Object.fromEntries(columns.map((c) => [`${c.table}.${c.name}`, shape(TS_TYPES[c.dataType], c.nullable)])));
    } finally {
      await db.destroy();
    }
  });

  const column = (over: Partial<Column>): Column => ({ table: 'things', name: 'label', dataType: 'text', nullable: false, hasDefault: false, ...over });
  const none = { tables: {}, columns: {} };

  it('makes a nullable column `| null` and a NOT NULL one with a default optional in inserts', () => {
    const source = renderTables(
      [
        column({ name: 'id', dataType: 'integer', hasDefault: true }),
        column({ name: 'note', nullable: true, hasDefault: true }),
        column({ name: 'total', dataType: 'bigint' }),
      ],
      none,
    );
    expect(source).toContain('export interface ThingsTable {\n  id: Generated<number>;\n  note: string | null;\n  total: number;\n}\n');
    expect(source).toContain('export interface Database {\n  things: ThingsTable;\n}\n');
  });

  it('gives a column its override: a union imported from its module, a backfill-only default kept required, a note', () => {
    const source = renderTables([column({ name: 'state', hasDefault: true }), column({ name: 'fee', dataType: 'integer', hasDefault: true })], {
      tables: { things: 'What a thing is.' },
      columns: {
        'things.state': { type: { name: 'ThingState', from: './thing.js' } },
        'things.fee': { backfillOnly: true, doc: 'Its fee.' },
      },
    });
    expect(source).toContain("import type { ThingState } from './thing.js';\n");
    expect(source).toContain(
      '/** What a thing is. */\nexport interface ThingsTable {\n  state: Generated<ThingState>;\n  /** Its fee. */\n  fee: number;\n}\n',
    );
  });

  it('writes what Prettier would, a long import a name a line', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `SomeRatherLongUnionName${i}`);
    const source = renderTables(
      names.map((name, i) => column({ name: `c${i}` })),
      { tables: {}, columns: Object.fromEntries(names.map((name, i) => [`things.c${i}`, { type: { name, from: './unions.js' } }])) },
    );
    expect(source).toContain('import type {\n  SomeRatherLongUnionName0,\n');
    const options = await prettier.resolveConfig(fileURLToPath(new URL('./tables.generated.ts', import.meta.url)));
    expect(await prettier.format(source, { ...options, parser: 'typescript' })).toBe(source);
  });

  it('refuses a SQL type it has no TypeScript type for, and an override naming a column the migrations do not make', () => {
    expect(() => renderTables([column({ dataType: 'boolean' })], none)).toThrow('things.label is boolean');
    expect(() => renderTables([column({})], { tables: {}, columns: { 'things.gone': { doc: 'Dropped.' } } })).toThrow(
      'names what the migrations do not make: things.gone',
    );
  });
});
