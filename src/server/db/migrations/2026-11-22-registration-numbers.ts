/**
 * Counters for registration and roll numbers, taken inside the insert's transaction so concurrent
 * registrations never share a number; and a covering index for the paid and pending sums.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_institute_totals').on('scholarship_payments').columns(['institute_id', 'status', 'is_approved', 'amount']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_institute_totals').execute();
  await db.schema.dropTable('sequences').execute();
}
