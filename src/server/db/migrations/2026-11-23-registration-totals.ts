/**
 * The admin's dashboard without scanning (architecture §8): season totals per class and gender and
 * the number of institute × class rows the institute list pages through, kept in the same
 * transaction as each registration write; and covering indexes for the payment sums and for the
 * institute list's page in its display order.
 */
import { type Kysely, sql } from 'kysely';

/** The name of the counter of (institute, class) pairs with at least one active registration. */
export const INSTITUTE_CLASSES = 'institute-classes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registration_totals')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into registration_totals (name, total)
    select class || ':' || gender, sum(total) from registration_counts group by class, gender`.execute(db);
  await sql`insert into registration_totals (name, total)
    select ${INSTITUTE_CLASSES}, count(*) from (select institute_id, class from registration_counts group by institute_id, class having sum(total) > 0) pairs`.execute(
    db,
  );
  await sql`create index registration_counts_listed on registration_counts (institute_id desc, class, gender, total)`.execute(db);
  await db.schema.createIndex('payments_status_totals').on('scholarship_payments').columns(['status', 'is_approved', 'amount']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_status_totals').execute();
  await db.schema.dropIndex('registration_counts_listed').execute();
  await db.schema.dropTable('registration_totals').execute();
}
