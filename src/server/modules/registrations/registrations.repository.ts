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

/** A change of one institute, class and gender's active-registration count. */
export type CountChange = { key: CountKey; delta: number };

/** Sorts counter rows alike for every writer (concurrent writers then lock them in the same order). */
const countId = (key: CountKey) => `${String(key.institute_id).padStart(12, '0')}:${key.class}:${key.gender}`;

/**
 * Adds each change to the active-registration count of its institute, class and gender, and to the
 * season totals: the class × gender totals and, for each institute's class that gains its first or
 * loses its last student, the number of institute × class rows the admin's list pages through. One
 * upsert for the counts and one for the totals, whatever the number of changes.
 */
export async function bumpCounts(trx: Transaction<Database>, changes: readonly CountChange[]): Promise<void> {
  const sums = new Map<string, CountChange>();
  for (const { key, delta } of changes) sums.set(countId(key), { key, delta: (sums.get(countId(key))?.delta ?? 0) + delta });
  const values = [...sums.keys()]
    .sort()
    .map((id) => sums.get(id)!)
    .filter((change) => change.delta !== 0);
  if (values.length === 0) return;
  const after = await trx
    .insertInto('registration_counts')
    .values(values.map(({ key, delta }) => ({ ...key, total: delta })))
    .onConflict((oc) =>
      oc.columns(['institute_id', 'class', 'gender']).doUpdateSet((eb) => ({ total: eb('registration_counts.total', '+', eb.ref('excluded.total')) })),
    )
    .returning(['institute_id', 'class', 'gender', 'total'])
    .execute();
  const totals = new Map<string, number>();
  for (const { key, delta } of values) totals.set(`${key.class}:${key.gender}`, (totals.get(`${key.class}:${key.gender}`) ?? 0) + delta);
  const classes = await instituteClassesChange(trx, values, after);
  if (classes !== 0) totals.set(INSTITUTE_CLASSES, classes);
  await trx
    .insertInto('registration_totals')
    .values([...totals.keys()].sort().map((name) => ({ name, total: totals.get(name)! })))
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ total: eb('registration_totals.total', '+', eb.ref('excluded.total')) })))
    .execute();
}

/** Adds `delta` to one institute, class and gender's count (bumpCounts with one change). */
export const bumpCount = (trx: Transaction<Database>, key: CountKey, delta: number) => bumpCounts(trx, [{ key, delta }]);

/**
 * How many institute × class pairs appeared (+) or went (−) with `changes`, whose counts are now
 * `after`. A pair can only appear or go when one of its genders' counts crosses zero: the pair's
 * other genders are read only then, not on every write.
 */
async function instituteClassesChange(
  trx: Transaction<Database>,
  changes: readonly CountChange[],
  after: readonly (CountKey & { total: number | bigint | string })[],
): Promise<number> {
  const deltas = new Map(changes.map(({ key, delta }) => [countId(key), delta]));
  const crossed = after.filter((row) => {
    const total = Number(row.total);
    return total - deltas.get(countId(row))! > 0 !== total > 0;
  });
  if (crossed.length === 0) return 0;
  const pairs = new Map(crossed.map((row) => [`${row.institute_id}:${row.class}`, { institute_id: row.institute_id, class: row.class }]));
  const sums = await trx
    .selectFrom('registration_counts')
    .select(['institute_id', 'class', (eb) => eb.fn.sum<number>('total').as('total')])
    .where((eb) => eb.or([...pairs.values()].map((pair) => eb.and([eb('institute_id', '=', pair.institute_id), eb('class', '=', pair.class)]))))
    .groupBy(['institute_id', 'class'])
    .execute();
  let change = 0;
  for (const sum of sums) {
    const total = Number(sum.total ?? 0);
    const moved = changes.filter(({ key }) => key.institute_id === sum.institute_id && key.class === sum.class).reduce((all, { delta }) => all + delta, 0);
    if (total - moved > 0 !== total > 0) change += total > 0 ? 1 : -1;
  }
  return change;
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
 * Adds new registrations to the SQLite name search index, with the filter columns' tokens its source
 * view writes (migration 2026-12-28-search-facets); PostgreSQL's name-word index is on the table
 * itself. Called once per group of creates: FTS5 writes a segment per statement or savepoint
 * (migration 2026-11-26-search-index-per-group).
 */
export async function indexNewRegistrations(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !(trx.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`insert into registrations_search(rowid, full_name, name_bangla, facets)
    select id, full_name, name_bangla, facets from registrations_search_source where id in (select value from json_each(${JSON.stringify(ids)}))`.execute(trx);
}

/** What a duplicate is checked on. */
export type Student = { institute_id: number; class: string; class_roll: string; birth_certificate_no?: string | null };
export type Clash = { field: 'class_roll' | 'birth_certificate_no'; reg_no: string };

/** The class rolls a form's roll stands for: `012` is roll 12. */
const rollsOf = (student: Student) => [...new Set([student.class_roll, String(Number(student.class_roll))])];

/**
 * The field on which `student` would duplicate one of `others` (architecture §9, the import's rule
 * too): the same institute, class and class roll before the same birth registration number in any institute.
 */
export function clashAmong<Other extends Student>(student: Student, others: readonly Other[]): { field: Clash['field']; other: Other } | undefined {
  const rolls = rollsOf(student);
  const byRoll = others.find((other) => other.institute_id === student.institute_id && other.class === student.class && rolls.includes(other.class_roll));
  if (byRoll) return { field: 'class_roll', other: byRoll };
  const byBirth = student.birth_certificate_no ? others.find((other) => other.birth_certificate_no === student.birth_certificate_no) : undefined;
  return byBirth && { field: 'birth_certificate_no', other: byBirth };
}

/**
 * For each student, the stored registration it would duplicate (`clashAmong`), read with one query
 * for all of them. `exceptId` is the registration being edited.
 */
export async function storedClashes(trx: Transaction<Database>, students: readonly Student[], exceptId?: number): Promise<(Clash | undefined)[]> {
  if (students.length === 0) return [];
  const births = [...new Set(students.flatMap((student) => (student.birth_certificate_no ? [student.birth_certificate_no] : [])))];
  const stored = await trx
    .selectFrom('scholarship_registrations')
    .select(['institute_id', 'class', 'class_roll', 'birth_certificate_no', 'reg_no'])
    .where((eb) =>
      eb.or([
        ...students.map((student) =>
          eb.and([eb('institute_id', '=', student.institute_id), eb('class', '=', student.class), eb('class_roll', 'in', rollsOf(student))]),
        ),
        ...(births.length > 0 ? [eb('birth_certificate_no', 'in', births)] : []),
      ]),
    )
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .execute();
  return students.map((student) => {
    const clash = clashAmong(student, stored);
    return clash && { field: clash.field, reg_no: clash.other.reg_no };
  });
}

/** The stored registration `student` would duplicate, if any (storedClashes for one). */
export async function duplicateOf(trx: Transaction<Database>, student: Student, exceptId?: number): Promise<Clash | undefined> {
  return (await storedClashes(trx, [student], exceptId))[0];
}
