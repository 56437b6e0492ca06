/**
 * Money per student (architecture §9): each registration carries the fee that applies to it, its fee
 * status (unpaid, pending in a payment awaiting approval, paid) and the payment that covers it; a
 * payment has a state (pending, approved, refused with a reason) and the number of students it covers.
 * `fee_totals` keeps students and fees per institute and fee status (institute 0: the season), in
 * the transaction of every write, so dashboards never scan registrations.
 *
 * Existing data: every registration gets the fee setting of today, and each approved payment covers
 * its institute's oldest unpaid registrations that its amount pays for, oldest payment first — the
 * rule an approved payment that names no students follows from now on.
 */
import { type Kysely, sql } from 'kysely';

/** Frozen copies: live code has its own in src/common/constants.ts. */
const DEFAULT_FEE = 200;
const SEASON = 0;

/** The tables as this migration reads and writes them (a frozen shape, not the live types). */
type Db = Kysely<{
  setting_values: { key: string; value: string | null };
  scholarship_registrations: { id: number; institute_id: number; status: number; fee_status: string; payment_id: number | null };
  scholarship_payments: { id: number; institute_id: number; amount: number; status: number; is_approved: number; state: string; students: number };
}>;

async function currentFee(db: Db): Promise<number> {
  const row = await db.selectFrom('setting_values').select('value').where('key', '=', 'registration_fee').executeTakeFirst();
  const fee = Number(row?.value);
  return Number.isInteger(fee) && fee > 0 ? fee : DEFAULT_FEE;
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Db;
  const fee = await currentFee(db);
  // A literal default: adding a column with a constant default rewrites no row on either database.
  await sql`alter table scholarship_registrations add column fee integer not null default ${sql.lit(fee)}`.execute(db);
  await db.schema
    .alterTable('scholarship_registrations')
    .addColumn('fee_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .execute();
  await db.schema
    .alterTable('scholarship_registrations')
    .addColumn('payment_id', 'integer', (c) => c.references('scholarship_payments.id'))
    .execute();

  await db.schema
    .alterTable('scholarship_payments')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema
    .alterTable('scholarship_payments')
    .addColumn('students', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('scholarship_payments').addColumn('refusal_reason', 'text').execute();
  await db.schema
    .alterTable('scholarship_payments')
    .addColumn('refused_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('scholarship_payments').addColumn('refused_at', 'text').execute();
  await db.updateTable('scholarship_payments').set({ state: 'approved' }).where('is_approved', '=', 1).execute();

  const approved = await db
    .selectFrom('scholarship_payments')
    .select(['id', 'institute_id', 'amount'])
    .where('state', '=', 'approved')
    .where('status', '=', 1)
    .orderBy('institute_id')
    .orderBy('id')
    .execute();
  for (const payment of approved) {
    const covered = db
      .selectFrom('scholarship_registrations')
      .select('id')
      .where('institute_id', '=', payment.institute_id)
      .where('status', '=', 1)
      .where('fee_status', '=', 'unpaid')
      .orderBy('id')
      .limit(Math.floor(Number(payment.amount) / fee));
    const result = await db
      .updateTable('scholarship_registrations')
      .set({ fee_status: 'paid', payment_id: payment.id })
      .where('id', 'in', covered)
      .executeTakeFirst();
    await db
      .updateTable('scholarship_payments')
      .set({ students: Number(result.numUpdatedRows) })
      .where('id', '=', payment.id)
      .execute();
  }

  await db.schema
    .createTable('fee_totals')
    .addColumn('institute_id', 'integer', (c) => c.notNull())
    .addColumn('fee_status', 'text', (c) => c.notNull())
    .addColumn('students', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fees', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('fee_totals_pk', ['institute_id', 'fee_status'])
    .execute();
  await sql`insert into fee_totals (institute_id, fee_status, students, fees)
    select institute_id, fee_status, count(*), sum(fee) from scholarship_registrations where status = 1 group by institute_id, fee_status`.execute(db);
  await sql`insert into fee_totals (institute_id, fee_status, students, fees)
    select ${SEASON}, fee_status, sum(students), sum(fees) from fee_totals group by fee_status`.execute(db);

  // An institute's unpaid students (the payment form's list) and an admin's list filtered by fee status.
  await db.schema.createIndex('registrations_institute_fee').on('scholarship_registrations').columns(['institute_id', 'fee_status', 'status', 'id']).execute();
  await db.schema.createIndex('registrations_fee').on('scholarship_registrations').columns(['fee_status', 'status', 'id']).execute();
  await db.schema.createIndex('registrations_payment').on('scholarship_registrations').column('payment_id').where('payment_id', 'is not', null).execute();
  // The dashboards' payment sums by state, as the is_approved indexes answered them before.
  await db.schema.dropIndex('payments_status_totals').execute();
  await db.schema.dropIndex('payments_institute_totals').execute();
  await db.schema.createIndex('payments_state_totals').on('scholarship_payments').columns(['status', 'state', 'amount']).execute();
  await db.schema.createIndex('payments_institute_state_totals').on('scholarship_payments').columns(['institute_id', 'status', 'state', 'amount']).execute();
  await db.schema.createIndex('payments_state_id').on('scholarship_payments').columns(['state', 'status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'payments_state_id',
    'payments_institute_state_totals',
    'payments_state_totals',
    'registrations_payment',
    'registrations_fee',
    'registrations_institute_fee',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.createIndex('payments_institute_totals').on('scholarship_payments').columns(['institute_id', 'status', 'is_approved', 'amount']).execute();
  await db.schema.createIndex('payments_status_totals').on('scholarship_payments').columns(['status', 'is_approved', 'amount']).execute();
  await db.schema.dropTable('fee_totals').execute();
  for (const column of ['refused_at', 'refused_by', 'refusal_reason', 'students', 'state'])
    await db.schema.alterTable('scholarship_payments').dropColumn(column).execute();
  for (const column of ['payment_id', 'fee_status', 'fee']) await db.schema.alterTable('scholarship_registrations').dropColumn(column).execute();
}
