/**
 * A seat's token is 128 random bits without the student's id in front (docs/integrators/exam-day.md), so /verify finds
 * it through its own unique index. Tokens given before (the id in base 36, a dash, the random part) stay
 * as they are: their admit cards are printed, and they are found the same way.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('exam_seats_token').unique().on('exam_seats').column('token').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('exam_seats_token').execute();
}
