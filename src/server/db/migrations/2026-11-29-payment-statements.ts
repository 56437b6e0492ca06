/**
 * Statement reconciliation (docs/integrators/statements.md): the column choice of each statement
 * format, recognised by its header row; each uploaded statement with its counts and its approval job;
 * and its lines, each classified against the payments (matched, amount differs, not filed, already
 * approved), beside the pending payments the statement does not hold.
 */
import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Table) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()));
  const count = (name: string) => (t: Table) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));

  await id(db.schema.createTable('statement_formats'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('header_key', 'text', (c) => c.notNull().unique())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('transaction_column', 'text', (c) => c.notNull())
    .addColumn('amount_column', 'text', (c) => c.notNull())
    .addColumn('date_column', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('payment_statements'))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('format_id', 'integer', (c) => c.notNull().references('statement_formats.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .$call(count('lines'))
    .$call(count('skipped'))
    .$call(count('matched'))
    .$call(count('amount_differs'))
    .$call(count('not_filed'))
    .$call(count('missing'))
    .$call(count('approved'))
    .addColumn('approval_state', 'text', (c) => c.notNull().defaultTo('idle'))
    .$call(count('approval_total'))
    .$call(count('approval_done'))
    .$call(count('approval_approved'))
    .$call(count('approval_skipped'))
    .addColumn('approval_heartbeat', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_statements_hash').on('payment_statements').columns(['content_hash', 'state']).execute();

  await id(db.schema.createTable('statement_lines'))
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('payment_statements.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('row', 'integer')
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision')
    .addColumn('date', 'text')
    // No foreign key: a line keeps what the statement said even when its payment is deleted later.
    .addColumn('payment_id', 'integer')
    .execute();
  await db.schema.createIndex('statement_lines_list').on('statement_lines').columns(['statement_id', 'kind', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['statement_lines', 'payment_statements', 'statement_formats']) await db.schema.dropTable(table).execute();
}
