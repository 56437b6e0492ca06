/**
 * The season's payment sums by state (the admin's dashboard: paid, pending amount and count) kept as
 * counters, like the registrations' (2026-11-23). Summing them from the payments read every active
 * payment on each dashboard request: 27,508 rows, ~10 ms of PostgreSQL's time (a sequential scan,
 * bench/results/analysis.md). Triggers keep the counters, so every write to a payment counts (the
 * forms, approvals, statement reconciliation, imports) without each path knowing of them.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_totals')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into payment_totals (state, amount, count)
    select state, sum(amount), count(*) from scholarship_payments where status = 1 group by state`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Deferred to the commit, so a transaction takes the counters' locks after every other lock it
    // takes (approving moves the fee counters first, filing a payment inserts it first: counted on the
    // spot, the two would lock fee_totals and payment_totals in opposite orders and could deadlock).
    // One statement for both sides of a change, its rows in the order of their states.
    await sql`create function payment_totals_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.status = new.status and old.state = new.state and old.amount = new.amount then
          return null;
        end if;
        insert into payment_totals (state, amount, count)
          select change.state, sum(change.amount), sum(change.count)
          from (
            select old.state, -old.amount::bigint, -1 where tg_op <> 'INSERT' and old.status = 1
            union all
            select new.state, new.amount::bigint, 1 where tg_op <> 'DELETE' and new.status = 1
          ) as change (state, amount, count)
          group by change.state
          order by change.state
        on conflict (state) do update set amount = payment_totals.amount + excluded.amount, count = payment_totals.count + excluded.count;
        return null;
      end
    $$`.execute(db);
    await sql`create constraint trigger payment_totals_keep after insert or delete or update of status, state, amount on scholarship_payments
      deferrable initially deferred for each row execute function payment_totals_keep()`.execute(db);
    return;
  }
  const add = (row: 'new' | 'old', sign: '' | '-') =>
    `insert into payment_totals (state, amount, count) values (${row}.state, ${sign}${row}.amount, ${sign}1)
      on conflict (state) do update set amount = amount + excluded.amount, count = count + excluded.count;`;
  await sql.raw(`create trigger payment_totals_insert after insert on scholarship_payments when new.status = 1 begin ${add('new', '')} end`).execute(db);
  await sql.raw(`create trigger payment_totals_delete after delete on scholarship_payments when old.status = 1 begin ${add('old', '-')} end`).execute(db);
  await sql
    .raw(
      `create trigger payment_totals_update_old after update of status, state, amount on scholarship_payments when old.status = 1 begin ${add('old', '-')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger payment_totals_update_new after update of status, state, amount on scholarship_payments when new.status = 1 begin ${add('new', '')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger payment_totals_keep on scholarship_payments`.execute(db);
    await sql`drop function payment_totals_keep()`.execute(db);
  } else {
    for (const name of ['payment_totals_insert', 'payment_totals_delete', 'payment_totals_update_old', 'payment_totals_update_new'])
      await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropTable('payment_totals').execute();
}
