/**
 * Scholarships awarded (docs/integrators/results.md): a row per winning student, made when results are published,
 * with the amount of the grade at that time and the random code the award letter's QR carries to the public
 * verification page. A row is never deleted: a later publication that no longer awards the student marks it
 * withdrawn, so the payouts made on it keep their history.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scholarship_awards')
    .addColumn('registration_id', 'integer', (c) => c.primaryKey())
    .addColumn('institute_id', 'integer', (c) => c.notNull())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('roll_no', 'text', (c) => c.notNull())
    .addColumn('grade', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('result_version', 'integer', (c) => c.notNull())
    .addColumn('awarded_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('scholarship_awards_institute').on('scholarship_awards').columns(['institute_id', 'class', 'roll_no']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scholarship_awards').execute();
}
