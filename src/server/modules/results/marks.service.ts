/**
 * Marks (README: Marks): who may get marks (a candidate, found by roll), which subjects a student's
 * class sits, the bounds of a mark, and writing marks with their audit entries. A saved change makes
 * the processed result stale; nothing is written once the result is published.
 */
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { MessageKey } from '../../../common/messages.js';
import { otherClassParams } from '../../../common/schemas/results.js';
import type { Database } from '../../db/types.js';
import { type AuditActor, type AuditClient, type AuditEntry, recordAudits } from '../../lib/audit.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { now } from '../../lib/time.js';
import { invalidateResults, lockSeason, readSeason } from '../season/season.js';

export type Subject = { id: number; class: string; name_bn: string; name_en: string; full_marks: number };

/** A registration found by its roll, and whether it sits the exam (active and paid: README Marks). */
export type Student = {
  registration_id: number;
  roll_no: string;
  class: string;
  name_english: string;
  name_bangla: string | null;
  institute_name: string | null;
  examinee: boolean;
};

/** One subject's mark of one student: a number (halves allowed) or absent (marks null). */
export type MarkEntry = { registration_id: number; subject_id: number; marks: number | null; absent: boolean };

export type Caller = { user: NonNullable<AuditActor>; client: AuditClient };

/** Rolls per `in (...)` lookup. */
export const ROLL_BATCH = 500;
/** Mark rows per upsert: six columns each stay far below either dialect's limit on bound values. */
const MARKS_PER_INSERT = 1000;

export async function examSubjects(db: Kysely<Database>): Promise<Subject[]> {
  return db.selectFrom('exam_subjects').select(['id', 'class', 'name_bn', 'name_en', 'full_marks']).orderBy('class').orderBy('position').execute();
}

export async function resultsPublished(db: Kysely<Database>): Promise<boolean> {
  return (await readSeason(db)).results_version > 0;
}

/** The students of these rolls, through the unique roll index, ROLL_BATCH at a time. */
export async function studentsByRoll(db: Kysely<Database>, rolls: readonly string[]): Promise<Map<string, Student>> {
  const found = new Map<string, Student>();
  const unique = [...new Set(rolls)];
  for (let start = 0; start < unique.length; start += ROLL_BATCH) {
    const rows = await db
      .selectFrom('scholarship_registrations')
      .select(['id', 'roll_no', 'class', 'name_english', 'name_bangla', 'institute_name', 'institute_name_english', 'status', 'fee_status'])
      .where('roll_no', 'in', unique.slice(start, start + ROLL_BATCH))
      .execute();
    for (const row of rows)
      found.set(row.roll_no, {
        registration_id: row.id,
        roll_no: row.roll_no,
        class: row.class,
        name_english: row.name_english,
        name_bangla: row.name_bangla,
        institute_name: row.institute_name ?? row.institute_name_english,
        examinee: row.status === 1 && row.fee_status === 'paid',
      });
  }
  return found;
}

/** Why a roll cannot get marks, if it cannot: one answer for a roll nobody has and a student who does not sit the exam, so an examiner learns nothing of who has not paid. */
export const rollError = (student: Student | undefined): MessageKey | undefined => (!student?.examinee ? 'unknown_roll' : undefined);

/** Why a subject's mark does not fit (the subject's field, or the mark's above its full marks), if it does not. */
export function subjectError(
  subject: Subject | undefined,
  student: Pick<Student, 'class' | 'roll_no'>,
  mark: { marks: number | null },
): { field: 'subject_id' | 'marks' | 'roll_no'; key: MessageKey; params?: Record<string, unknown> } | undefined {
  if (!subject) return { field: 'subject_id', key: 'invalid_choice' };
  // The examiner typed a roll into the wrong class's grid: say whose class it is.
  if (subject.class !== student.class) return { field: 'roll_no', key: 'roll_in_other_class', params: otherClassParams(student.roll_no, student.class) };
  if (mark.marks !== null && mark.marks > subject.full_marks) return { field: 'marks', key: 'marks_above_full', params: { max: subject.full_marks } };
  return undefined;
}

/** The marks a student has, by subject. */
export async function marksOf(db: Kysely<Database>, registrationId: number) {
  return db.selectFrom('marks').select(['subject_id', 'marks', 'absent']).where('registration_id', '=', registrationId).orderBy('subject_id').execute();
}

/**
 * Within the write's transaction, after the season's row: each student still sits the exam and each
 * subject is still their class's. The rows read are locked against change (PostgreSQL) until the
 * commit, so a refused payment or a removed subject waits for the marks being written, never the
 * other way round, and a check made earlier cannot pass a mark the data no longer allows.
 */
async function checkInTransaction(trx: Transaction<Database>, entries: readonly MarkEntry[]): Promise<void> {
  const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
  const students = new Map<number, Pick<Student, 'roll_no' | 'class' | 'examinee'>>();
  const ids = [...new Set(entries.map((entry) => entry.registration_id))];
  for (let start = 0; start < ids.length; start += ROLL_BATCH) {
    const query = trx
      .selectFrom('scholarship_registrations')
      .select(['id', 'roll_no', 'class', 'status', 'fee_status'])
      .where('id', 'in', ids.slice(start, start + ROLL_BATCH));
    for (const row of await (pg ? query.forShare() : query).execute())
      students.set(row.id, { roll_no: row.roll_no, class: row.class, examinee: row.status === 1 && row.fee_status === 'paid' });
  }
  const subjectQuery = trx
    .selectFrom('exam_subjects')
    .select(['id', 'class', 'name_bn', 'name_en', 'full_marks'])
    .where('id', 'in', [...new Set(entries.map((entry) => entry.subject_id))]);
  const subjects = new Map((await (pg ? subjectQuery.forShare() : subjectQuery).execute()).map((subject) => [subject.id, subject]));
  for (const entry of entries) {
    const student = students.get(entry.registration_id);
    // A student who no longer sits the exam reads as an unknown roll, as rollError answers.
    if (!student?.examinee) throw new ValidationError({ roll_no: ['unknown_roll'] });
    const error = subjectError(subjects.get(entry.subject_id), student, entry);
    if (error) throw new ValidationError({ [error.field]: [error.key] }, error.params);
  }
}

const sameMark = (a: { marks: number | null; absent: number | boolean }, b: MarkEntry) => Boolean(a.absent) === b.absent && (a.marks ?? null) === b.marks;

/**
 * Writes `given` in the caller's transaction: only the marks
 * that change are written, each with an audit entry `marks.update` on its registration, before and
 * after as {subject_id, marks, absent}. Answers the entries written.
 */
export async function writeMarks(trx: Transaction<Database>, caller: Caller, given: readonly MarkEntry[]): Promise<MarkEntry[]> {
  // A roll twice in one sheet: its later row wins, as it would in two saves (and one upsert may not touch a row twice).
  const entries = [...new Map(given.map((entry) => [`${entry.registration_id}:${entry.subject_id}`, entry])).values()];
  // The season's row first: the lock a publication and an exam form's save take first too.
  const exam = await lockSeason(trx);
  if (exam.results_version > 0) throw new HttpError(409, 'results_published');
  if (entries.length === 0) return [];
  await checkInTransaction(trx, entries);
  const before = new Map<string, { marks: number | null; absent: number }>();
  const registrations = [...new Set(entries.map((entry) => entry.registration_id))];
  for (let start = 0; start < registrations.length; start += ROLL_BATCH) {
    const rows = await trx
      .selectFrom('marks')
      .select(['registration_id', 'subject_id', 'marks', 'absent'])
      .where('registration_id', 'in', registrations.slice(start, start + ROLL_BATCH))
      .execute();
    for (const row of rows) before.set(`${row.registration_id}:${row.subject_id}`, row);
  }
  const changed = entries.filter((entry) => {
    const old = before.get(`${entry.registration_id}:${entry.subject_id}`);
    return !old || !sameMark(old, entry);
  });
  if (changed.length === 0) return [];
  await invalidateResults(trx);

  const at = now();
  for (let start = 0; start < changed.length; start += MARKS_PER_INSERT) {
    const rows = changed.slice(start, start + MARKS_PER_INSERT).map((entry) => ({
      registration_id: entry.registration_id,
      subject_id: entry.subject_id,
      marks: entry.marks,
      absent: entry.absent ? 1 : 0,
      updated_by: caller.user.id,
      updated_at: at,
    }));
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
  const audit = changed.map((entry): AuditEntry => {
    const old = before.get(`${entry.registration_id}:${entry.subject_id}`);
    return {
      actor: caller.user,
      client: caller.client,
      action: 'marks.update',
      entity: 'scholarship-registrations',
      entityId: entry.registration_id,
      before: old ? { subject_id: entry.subject_id, marks: old.marks, absent: old.absent === 1 } : null,
      after: { subject_id: entry.subject_id, marks: entry.marks, absent: entry.absent },
    };
  });
  await recordAudits(trx, audit);
  return changed;
}
