/**
 * Scholarships paid (docs/integrators/payouts.md): where each award's money goes (one row a student, entered by
 * its institute), the payout batches sent to a provider, and their lines. A line holds its student
 * (`holding_registration_id`, unique) while it is pending or paid and lets go when it fails: so a student is in
 * one live batch at most and is never paid twice, whatever two admins do at once.
 */
import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Table) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()));

  await db.schema
    .createTable('payout_details')
    .addColumn('registration_id', 'integer', (c) => c.primaryKey())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('wallet_provider', 'text')
    .addColumn('wallet_number', 'text')
    .addColumn('account_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('branch_name', 'text')
    .addColumn('routing_number', 'text')
    .addColumn('guardian_name', 'text', (c) => c.notNull())
    // Set when the provider refused the money: the institute corrects the details before the next batch.
    .addColumn('failure_reason', 'text')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('payout_batches'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();

  await id(db.schema.createTable('payout_lines'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('payout_batches.id'))
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('holding_registration_id', 'integer', (c) => c.unique())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // The details as sent: the file is written from these, and a later correction does not change history.
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('provider_transaction', 'text')
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('payout_lines_batch').on('payout_lines').columns(['batch_id', 'id']).execute();
  await db.schema.createIndex('payout_lines_student').on('payout_lines').columns(['registration_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payout_lines', 'payout_batches', 'payout_details']) await db.schema.dropTable(table).execute();
}
