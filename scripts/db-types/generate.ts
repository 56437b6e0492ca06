/**
 * The source of src/server/db/tables.generated.ts: the migrations run on a throwaway PostgreSQL
 * database, and each table's columns read back from information_schema, so the row types Kysely checks
 * queries against are the schema itself (docs/developers/adding.md, "A migration").
 */
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { COLUMNS, type ColumnOverride, TABLES } from './overrides.js';

type Overrides = { tables: Record<string, string>; columns: Record<string, ColumnOverride> };

/** Where the generated file lives, from the repository's root. */
export const GENERATED_FILE = 'src/server/db/tables.generated.ts';

export type Column = { table: string; name: string; dataType: string; nullable: boolean; hasDefault: boolean };

/**
 * What the app reads from both drivers for each PostgreSQL type the migrations use. int8 is parsed as a
 * number (src/server/db/postgres-reader.ts), as SQLite's integers are; timestamps are ISO-8601 text and flags
 * 0/1 integers on both dialects (the initial migration), so neither a date nor a boolean type appears.
 */
export const TS_TYPES: Record<string, string> = {
  integer: 'number',
  bigint: 'number',
  'double precision': 'number',
  text: 'string',
};

function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Tables that are one dialect's search index, kept by its triggers and read in raw SQL only: PostgreSQL's
 * names' words (migration 2026-12-26), as SQLite's FTS5 table is its own. They have no row type.
 */
const INDEX_TABLES = ['registration_words'];

/** Every column of the migrated schema, table by table, in the order the migrations made them. */
export async function migratedColumns(server: string): Promise<Column[]> {
  // A database of its own, so the tests running beside it on the same server are not touched.
  const name = `dbtypes_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(server, `create database ${name}`);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(server, name), max: 1 }) }) });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
      select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not in ('kysely_migration', 'kysely_migration_lock')
        and c.table_name <> all(${INDEX_TABLES})
      order by c.table_name, c.ordinal_position`.execute(db);
    return rows.map((r) => ({
      table: r.table_name,
      name: r.column_name,
      dataType: r.data_type,
      nullable: r.is_nullable === 'YES',
      hasDefault: r.column_default !== null,
    }));
  } finally {
    await db.destroy();
    await onServer(server, `drop database if exists ${name} with (force)`);
  }
}

const pascal = (table: string) => table.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

/** `TableName`Table: the name code imports a table's row type by. */
const interfaceName = (table: string) => `${pascal(table)}Table`;

/** Prettier's print width (.prettierrc.json): a longer import is written a name a line, as Prettier would. */
const PRINT_WIDTH = 160;

function importLine(names: string[], from: string): string {
  const line = `import type { ${names.join(', ')} } from '${from}';`;
  return line.length <= PRINT_WIDTH ? `${line}\n` : `import type {\n${names.map((name) => `  ${name},\n`).join('')}} from '${from}';\n`;
}

function docComment(text: string, indent: string): string {
  return `${indent}/** ${text} */\n`;
}

function columnType(column: Column, override: ColumnOverride | undefined): string {
  const key = `${column.table}.${column.name}`;
  const base = override?.type?.name ?? TS_TYPES[column.dataType];
  if (!base) throw new Error(`${key} is ${column.dataType}, a type scripts/db-types/generate.ts has no TypeScript type for: add it to TS_TYPES`);
  // A nullable column is optional in inserts already; a NOT NULL one with a default (or a serial) becomes optional through Generated.
  if (column.nullable) return `${base} | null`;
  return column.hasDefault && !override?.backfillOnly ? `Generated<${base}>` : base;
}

/** The generated file's text, formatted as Prettier formats it. */
export function renderTables(columns: Column[], overrides: Overrides = { tables: TABLES, columns: COLUMNS }): string {
  const tables = new Map<string, Column[]>();
  for (const column of columns) tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
  const known = new Set(columns.map((c) => `${c.table}.${c.name}`));
  const stale = [...Object.keys(overrides.columns).filter((key) => !known.has(key)), ...Object.keys(overrides.tables).filter((table) => !tables.has(table))];
  if (stale.length) throw new Error(`scripts/db-types/overrides.ts names what the migrations do not make: ${stale.join(', ')}`);

  const imports = new Map<string, Set<string>>();
  for (const { type } of Object.values(overrides.columns)) if (type) imports.set(type.from, (imports.get(type.from) ?? new Set()).add(type.name));
  const importLines = [...imports].sort(([a], [b]) => a.localeCompare(b)).map(([from, names]) => importLine([...names].sort(), from));

  let out =
    '/**\n' +
    ' * Row types of every table, as the migrations make them: generated by `npm run db:types` (scripts/db-types/), never\n' +
    ' * edited by hand. A column of a domain union, and the notes below, come from scripts/db-types/overrides.ts.\n' +
    ' */\n' +
    "import type { Generated } from 'kysely';\n" +
    importLines.join('');
  for (const [table, tableColumns] of tables) {
    out += '\n';
    const doc = overrides.tables[table];
    if (doc) out += docComment(doc, '');
    out += `export interface ${interfaceName(table)} {\n`;
    for (const column of tableColumns) {
      const override = overrides.columns[`${table}.${column.name}`];
      if (override?.doc) out += docComment(override.doc, '  ');
      out += `  ${column.name}: ${columnType(column, override)};\n`;
    }
    out += '}\n';
  }
  out += '\n/** Every table by its name: what `Kysely<Database>` checks queries against. */\nexport interface Database {\n';
  for (const table of tables.keys()) out += `  ${table}: ${interfaceName(table)};\n`;
  return `${out}}\n`;
}
