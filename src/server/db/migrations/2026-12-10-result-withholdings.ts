/**
 * Withheld results (docs/integrators/results.md): a candidate with a mark nobody entered gets no result; the admin
 * may publish the others only by withholding these explicitly, with a reason. The decision outlives
 * re-processing (the results table is rewritten each time) until the candidate's marks are all in.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_withholdings')
    .addColumn('registration_id', 'integer', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('withheld_by', 'integer')
    .addColumn('withheld_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('result_withholdings').execute();
}
