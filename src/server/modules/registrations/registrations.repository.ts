/** SQL that keeps registration numbers unique and the dashboard counters in step with the rows. */
import { type Insertable, type Selectable, SqliteAdapter, type Transaction, sql } from 'kysely';
import type { FeeStatus } from '../../../common/constants.js';
import type { Database, ScholarshipRegistrationsTable } from '../../db/types.js';

/**
 * Moves each named counter on by its count inside the caller's transaction, with one statement (an
 * upsert of every name, in sorted order, so concurrent writers lock the rows alike), and answers each
 * one's new value: the block taken is the `count` numbers up to it.
 */
export async function reserveNumbers(trx: Transaction<Database>, counts: Readonly<Record<string, number>>): Promise<Record<string, number>> {
  const rows = await trx
    .insertInto('sequences')
    .values(
      Object.keys(counts)
        .sort()
        .map((name) => ({ name, value: counts[name]! })),
    )
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', eb.ref('excluded.value')) })))
    .returning(['name', 'value'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]));
}

/** Rows an insert statement carries: 200 rows × 38 columns stays under SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 200;

/** Inserts registrations in chunks and answers the stored rows, every column, in the order given. */
export async function insertRegistrations(
  trx: Transaction<Database>,
  rows: readonly Insertable<ScholarshipRegistrationsTable>[],
): Promise<Selectable<ScholarshipRegistrationsTable>[]> {
  const stored: Selectable<ScholarshipRegistrationsTable>[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = await trx
      .insertInto('scholarship_registrations')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .returningAll()
      .execute();
    // A multi-row insert's RETURNING has no promised order; the ids follow the order of the values.
    stored.push(...chunk.sort((a, b) => a.id - b.id));
  }
  return stored;
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

/** The `fee_totals` row of the season (institute ids start at 1). Its migration keeps a frozen copy. */
export const SEASON_FEES = 0;

/** A change to the active students and fees of one institute's fee status. */
export type FeeDelta = { institute_id: number; fee_status: FeeStatus; students: number; fees: number };

/**
 * Moves the fee counters by `deltas` and the season's by their sum, with one statement in the
 * caller's transaction: rows upserted in sorted order, so concurrent writers lock them alike.
 */
export async function bumpFees(trx: Transaction<Database>, deltas: readonly FeeDelta[]): Promise<void> {
  const sums = new Map<string, FeeDelta>();
  const add = (delta: FeeDelta) => {
    const key = `${String(delta.institute_id).padStart(12, '0')}:${delta.fee_status}`;
    const sum = sums.get(key) ?? { ...delta, students: 0, fees: 0 };
    sum.students += delta.students;
    sum.fees += delta.fees;
    sums.set(key, sum);
  };
  for (const delta of deltas) {
    add(delta);
    add({ ...delta, institute_id: SEASON_FEES });
  }
  const values = [...sums.keys()]
    .sort()
    .map((key) => sums.get(key)!)
    .filter((sum) => sum.students !== 0 || sum.fees !== 0);
  if (values.length === 0) return;
  await trx
    .insertInto('fee_totals')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['institute_id', 'fee_status']).doUpdateSet((eb) => ({
        students: eb('fee_totals.students', '+', eb.ref('excluded.students')),
        fees: eb('fee_totals.fees', '+', eb.ref('excluded.fees')),
      })),
    )
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

/**
 * The registration another one would duplicate (architecture §9, the import's rule too): the same
 * institute, class and class roll (`012` is roll 12), or the same birth registration number in any
 * institute. `exceptId` is the registration being edited.
 */
export async function duplicateOf(
  trx: Transaction<Database>,
  student: { institute_id: number; class: string; class_roll: string; birth_certificate_no?: string | null },
  exceptId?: number,
): Promise<{ field: 'class_roll' | 'birth_certificate_no'; reg_no: string } | undefined> {
  const rolls = [...new Set([student.class_roll, String(Number(student.class_roll))])];
  const byRoll = await trx
    .selectFrom('scholarship_registrations')
    .select('reg_no')
    .where('institute_id', '=', student.institute_id)
    .where('class', '=', student.class)
    .where('class_roll', 'in', rolls)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (byRoll) return { field: 'class_roll', reg_no: byRoll.reg_no };
  if (!student.birth_certificate_no) return undefined;
  const byBirth = await trx
    .selectFrom('scholarship_registrations')
    .select('reg_no')
    .where('birth_certificate_no', '=', student.birth_certificate_no)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return byBirth && { field: 'birth_certificate_no', reg_no: byBirth.reg_no };
}
