/** SQL that keeps registration numbers unique and the dashboard counters in step with the rows. */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

/** The next value of a named counter, taken inside the caller's transaction. */
export async function nextNumber(trx: Transaction<Database>, name: string): Promise<number> {
  const row = await trx
    .insertInto('sequences')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

export type CountKey = { institute_id: number; class: string; gender: string };

/** Adds `delta` to the active-registration count of one institute, class and gender. */
export async function bumpCount(trx: Transaction<Database>, key: CountKey, delta: number): Promise<void> {
  await trx
    .insertInto('registration_counts')
    .values({ ...key, total: delta })
    .onConflict((oc) => oc.columns(['institute_id', 'class', 'gender']).doUpdateSet((eb) => ({ total: eb('registration_counts.total', '+', delta) })))
    .execute();
}

export function countKeyOf(row: { institute_id: number; class: string; gender: string }): CountKey {
  return { institute_id: row.institute_id, class: row.class, gender: row.gender };
}
