/**
 * The marks' SQL (a route calls its service, the service owns the rules, this file owns the queries):
 * subjects, candidates by roll, a student's marks, a subject's marks list, and writing marks.
 */
import type { Transaction } from 'kysely';
import { type Db, sharingRows } from '../../db/handles.js';
import type { Database } from '../../db/types.js';

export type MarkRowValues = { registration_id: number; subject_id: number; marks: number | null; absent: number; updated_by: number; updated_at: string };

export const readSubjects = (db: Db) =>
  db.selectFrom('exam_subjects').select(['id', 'class', 'name_bn', 'name_en', 'full_marks']).orderBy('class').orderBy('position').execute();

/** Registrations by roll, through the unique roll index. */
export const registrationsByRoll = (db: Db, rolls: readonly string[]) =>
  db
    .selectFrom('scholarship_registrations')
    .select(['id', 'roll_no', 'class', 'name_english', 'name_bangla', 'institute_name', 'institute_name_english', 'status', 'fee_status'])
    .where('roll_no', 'in', rolls)
    .execute();

/** Registrations by id, locked against change to the commit on PostgreSQL. */
export async function lockedRegistrations(trx: Transaction<Database>, ids: readonly number[]) {
  const query = trx.selectFrom('scholarship_registrations').select(['id', 'roll_no', 'class', 'status', 'fee_status']).where('id', 'in', ids);
  return sharingRows(trx, query).execute();
}

/** Subjects by id, locked against change to the commit on PostgreSQL. */
export async function lockedSubjects(trx: Transaction<Database>, ids: readonly number[]) {
  const query = trx.selectFrom('exam_subjects').select(['id', 'class', 'name_bn', 'name_en', 'full_marks']).where('id', 'in', ids);
  return sharingRows(trx, query).execute();
}

/** The marks a student has, by subject. */
export const marksOf = (db: Db, registrationId: number) =>
  db.selectFrom('marks').select(['subject_id', 'marks', 'absent']).where('registration_id', '=', registrationId).orderBy('subject_id').execute();

/** Every mark of these registrations. */
export const marksOfRegistrations = (db: Db, registrationIds: readonly number[]) =>
  db.selectFrom('marks').select(['registration_id', 'subject_id', 'marks', 'absent']).where('registration_id', 'in', registrationIds).execute();

export async function markUpdatedAt(db: Db, registrationId: number, subjectId: number): Promise<string> {
  const row = await db
    .selectFrom('marks')
    .select('updated_at')
    .where('registration_id', '=', registrationId)
    .where('subject_id', '=', subjectId)
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

/** How many marks a subject has, counted through the (subject_id, updated_at) index and no further than `cap + 1`. */
export async function countSubjectMarks(db: Db, subjectId: number, cap: number): Promise<number> {
  const counted = db
    .selectFrom('marks')
    .select('registration_id')
    .where('subject_id', '=', subjectId)
    .limit(cap + 1)
    .as('counted');
  const { n } = await db
    .selectFrom(counted)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A page of a subject's marks, newest first. */
export const subjectMarksPage = (db: Db, subjectId: number, page: number, perPage: number) =>
  db
    .selectFrom('marks as m')
    .innerJoin('scholarship_registrations as r', 'r.id', 'm.registration_id')
    .select(['r.roll_no', 'r.name_english', 'm.marks', 'm.absent', 'm.updated_at'])
    .where('m.subject_id', '=', subjectId)
    .orderBy('m.updated_at', 'desc')
    .orderBy('m.registration_id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();

/** Writes marks, a mark already there replaced. */
export async function upsertMarks(trx: Transaction<Database>, rows: readonly MarkRowValues[]): Promise<void> {
  await trx
    .insertInto('marks')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['registration_id', 'subject_id']).doUpdateSet((eb) => ({
        marks: eb.ref('excluded.marks'),
        absent: eb.ref('excluded.absent'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** A registration's marks go with it (they have no foreign key: docs/integrators/results.md). */
export async function deleteMarksOf(trx: Transaction<Database>, registrationIds: readonly number[]): Promise<void> {
  if (registrationIds.length > 0) await trx.deleteFrom('marks').where('registration_id', 'in', registrationIds).execute();
}
