/** SQL that keeps registration numbers unique and the dashboard counters in step with the rows. */
import { SqliteAdapter, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * The next value of each named counter, taken inside the caller's transaction with one statement
 * (an upsert of every name, in the order given, so concurrent writers lock the rows alike).
 */
export async function nextNumbers<Name extends string>(trx: Transaction<Database>, names: readonly Name[]): Promise<Record<Name, number>> {
  const rows = await trx
    .insertInto('sequences')
    .values(names.map((name) => ({ name, value: 1 })))
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
    .returning(['name', 'value'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value])) as Record<Name, number>;
}

/**
 * The `registration_totals` row counting institute × class pairs with at least one student (the admin
 * dashboard's per-institute list is paged over them). Its migration keeps a frozen copy of the name.
 */
export const INSTITUTE_CLASSES = 'institute-classes';

export type CountKey = { institute_id: number; class: string; gender: string };

/**
 * Adds `delta` to the active-registration count of one institute, class and gender, and to the
 * season totals: the class × gender total and, when the institute's class gains its first or loses
 * its last student, the number of institute × class rows the admin's list pages through.
 */
export async function bumpCount(trx: Transaction<Database>, key: CountKey, delta: number): Promise<void> {
  const { total } = await trx
    .insertInto('registration_counts')
    .values({ ...key, total: delta })
    .onConflict((oc) => oc.columns(['institute_id', 'class', 'gender']).doUpdateSet((eb) => ({ total: eb('registration_counts.total', '+', delta) })))
    .returning('total')
    .executeTakeFirstOrThrow();
  await addToTotal(trx, `${key.class}:${key.gender}`, delta);
  const after = Number(total);
  const before = after - delta;
  // The institute × class pair can only appear or go when this gender's count crosses zero: the
  // other genders are read only then, not on every write.
  if (before > 0 === after > 0) return;
  const others = await trx
    .selectFrom('registration_counts')
    .select((eb) => eb.fn.sum<number>('total').as('total'))
    .where('institute_id', '=', key.institute_id)
    .where('class', '=', key.class)
    .where('gender', '!=', key.gender)
    .executeTakeFirstOrThrow();
  if (Number(others.total ?? 0) > 0) return;
  await addToTotal(trx, INSTITUTE_CLASSES, after > 0 ? 1 : -1);
}

async function addToTotal(trx: Transaction<Database>, name: string, delta: number): Promise<void> {
  await trx
    .insertInto('registration_totals')
    .values({ name, total: delta })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ total: eb('registration_totals.total', '+', delta) })))
    .execute();
}

export function countKeyOf(row: { institute_id: number; class: string; gender: string }): CountKey {
  return { institute_id: row.institute_id, class: row.class, gender: row.gender };
}

/**
 * Adds new registrations to the SQLite name search index (PostgreSQL's trigram indexes are on the
 * table itself). Called once per group of creates, outside their savepoints: see migration
 * 2026-11-26-search-index-per-group.
 */
export async function indexNewRegistrations(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !(trx.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`insert into registrations_search(rowid, full_name, name_bangla)
    select id, full_name, name_bangla from scholarship_registrations where id in (select value from json_each(${JSON.stringify(ids)}))`.execute(trx);
}
