/**
 * Runs pending migrations: every file of ./migrations, named by its file name without the extension
 * (the names databases have recorded) and run in the order of those names, as Kysely sorts them.
 */
import { type Kysely, type Migration, Migrator } from 'kysely';
import { importGlob } from '../lib/import-glob.js';

/** The migrations by name, found in the migrations folder beside `base` (this module's: sources under tsx, compiled files in dist/node). */
export async function migrations(base = import.meta.url): Promise<Record<string, Migration>> {
  const modules = await importGlob<Migration>(base, './migrations/*.ts');
  return Object.fromEntries(Object.entries(modules).map(([file, migration]) => [file.slice('./migrations/'.length), migration]));
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => migrations() } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
