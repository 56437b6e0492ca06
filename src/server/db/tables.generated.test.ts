/**
 * The committed row types are the migrations' (scripts/db-types/): run on PostgreSQL only, in the
 * api-postgres project, since the generator migrates a throwaway database there.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Column, renderTables, tableTypesSource } from '../../../scripts/db-types/generate.js';

const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('tables.generated.ts', () => {
  it('is what `npm run db:types` makes of the migrations', { timeout: 120_000 }, async () => {
    const committed = fs.readFileSync(new URL('./tables.generated.ts', import.meta.url), 'utf8');
    expect(await tableTypesSource(server), 'src/server/db/tables.generated.ts is stale: run npm run db:types and commit it').toBe(committed);
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

  it('refuses a SQL type it has no TypeScript type for, and an override naming a column the migrations do not make', () => {
    expect(() => renderTables([column({ dataType: 'boolean' })], none)).toThrow('things.label is boolean');
    expect(() => renderTables([column({})], { tables: {}, columns: { 'things.gone': { doc: 'Dropped.' } } })).toThrow(
      'names what the migrations do not make: things.gone',
    );
  });
});
