/**
 * The columns that name one uploaded file, indexed where they hold one, so the cleanup of unreferenced
 * uploads asks each by index instead of reading a season of registrations (architecture §8).
 */
import { type Kysely, sql } from 'kysely';

const COLUMNS = [
  ['users', 'photo'],
  ['users', 'file'],
  ['scholarship_registrations', 'photo'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema.createIndex(`${table}_${column}_media`).on(table).column(column).where(sql.ref(column), 'is not', null).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) await db.schema.dropIndex(`${table}_${column}_media`).execute();
}
