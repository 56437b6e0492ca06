/** SQL that keeps registration numbers unique and the dashboard counters in step with the rows. */
import type { Transaction } from 'kysely';
import { INSTITUTE_CLASSES } from '../../db/migrations/2026-11-23-registration-totals.js';
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

/**
 * Adds `delta` to the active-registration count of one institute, class and gender, and to the
 * season totals: the class × gender total and, when the institute's class gains its first or loses
 * its last student, the number of institute × class rows the admin's list pages through.
 */
export async function bumpCount(trx: Transaction<Database>, key: CountKey, delta: number): Promise<void> {
  await trx
    .insertInto('registration_counts')
    .values({ ...key, total: delta })
    .onConflict((oc) => oc.columns(['institute_id', 'class', 'gender']).doUpdateSet((eb) => ({ total: eb('registration_counts.total', '+', delta) })))
    .execute();
  await addToTotal(trx, `${key.class}:${key.gender}`, delta);
  const pair = await trx
    .selectFrom('registration_counts')
    .select((eb) => eb.fn.sum<number>('total').as('total'))
    .where('institute_id', '=', key.institute_id)
    .where('class', '=', key.class)
    .executeTakeFirstOrThrow();
  const after = Number(pair.total);
  const before = after - delta;
  if ((before > 0) !== (after > 0)) await addToTotal(trx, INSTITUTE_CLASSES, after > 0 ? 1 : -1);
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
