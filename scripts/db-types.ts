/**
 * `npm run db:types`: rewrites src/server/db/tables.generated.ts from the migrations, run on a throwaway
 * database of the PostgreSQL server in TEST_DATABASE_URL (default: the local one the tests use).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_FILE, migratedColumns, renderTables } from './db-types/generate.js';

const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
fs.writeFileSync(path.join(import.meta.dirname, '..', GENERATED_FILE), renderTables(await migratedColumns(server)));
console.log(`wrote ${GENERATED_FILE}`);
