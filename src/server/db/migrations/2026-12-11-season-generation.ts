/**
 * The season's generation (architecture §10): a number every change that invalidates a processed result
 * bumps (a mark, a rule, a subject), under the exam row's lock that mark writes take. A processing
 * records the generation it started from, and its result is current only while that is still the
 * generation: no comparison of clocks, which differ between servers.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('results_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The generation the processed result was computed from; null: never processed.
  await db.schema.alterTable('exams').addColumn('results_processed_generation', 'integer').execute();
  // A result processed before this column existed and still current stays current.
  await db
    .updateTable('exams' as never)
    .set({ results_processed_generation: 0 } as never)
    .where('results_processed_at' as never, 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exams').dropColumn('results_processed_generation').execute();
  await db.schema.alterTable('exams').dropColumn('results_generation').execute();
}
