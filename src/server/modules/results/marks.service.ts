/**
 * Marks (docs/integrators/results.md): who may get marks (a candidate, found by roll), which subjects a student's
 * class sits, the bounds of a mark, and writing marks with their audit entries. A saved change makes
 * the processed result stale; nothing is written once the result is published.
 */
import type { Kysely, Transaction } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { MessageKey } from '../../../common/messages.js';
import { ClassCode } from '../../../common/schemas/exam.js';
import { type MarkBody, type MarkStudent, type MarkSubjects, otherClassParams, type SavedMark } from '../../../common/schemas/results.js';
import type { Database } from '../../db/types.js';
import { type AuditEntry, recordAudits } from '../../lib/audit.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { now } from '../../lib/time.js';
import type { Caller } from '../../lib/resource/definition.js';
import { invalidateResults, lockSeason, readSeason } from '../season/index.js';
import {
  countSubjectMarks,
  lockedRegistrations,
  lockedSubjects,
  marksOf,
  marksOfRegistrations,
  markUpdatedAt,
  readSubjects,
  registrationsByRoll,
  subjectMarksPage,
  upsertMarks,
} from './marks.repository.js';

export type Subject = { id: number; class: string; name_bn: string; name_en: string; full_marks: number };

/** A registration found by its roll, and whether it sits the exam (active and paid: docs/integrators/results.md). */
export type Student = Omit<MarkStudent, 'marks'> & { examinee: boolean };

/** One subject's mark of one student: a number (halves allowed) or absent (marks null). */
export type MarkEntry = { registration_id: number; subject_id: number; marks: number | null; absent: boolean };

/** Rolls per `in (...)` lookup. */
export const ROLL_BATCH = 500;
/** Mark rows per upsert: six columns each stay far below either dialect's limit on bound values. */
const MARKS_PER_INSERT = 1000;

export async function examSubjects(db: Kysely<Database>): Promise<Subject[]> {
  return readSubjects(db);
}

export async function resultsPublished(db: Kysely<Database>): Promise<boolean> {
  return (await readSeason(db)).results_version > 0;
}

/** The students of these rolls, through the unique roll index, ROLL_BATCH at a time. */
export async function studentsByRoll(db: Kysely<Database>, rolls: readonly string[]): Promise<Map<string, Student>> {
  const found = new Map<string, Student>();
  const unique = [...new Set(rolls)];
  for (let start = 0; start < unique.length; start += ROLL_BATCH) {
    for (const row of await registrationsByRoll(db, unique.slice(start, start + ROLL_BATCH)))
      found.set(row.roll_no, {
        registration_id: row.id,
        roll_no: row.roll_no,
        class: ClassCode.parse(row.class),
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
  student: { class: string; roll_no: string },
  mark: { marks: number | null },
): { field: 'subject_id' | 'marks' | 'roll_no'; key: MessageKey; params?: Record<string, unknown> } | undefined {
  if (!subject) return { field: 'subject_id', key: 'invalid_choice' };
  // The examiner typed a roll into the wrong class's grid: say whose class it is.
  if (subject.class !== student.class) return { field: 'roll_no', key: 'roll_in_other_class', params: otherClassParams(student.roll_no, student.class) };
  if (mark.marks !== null && mark.marks > subject.full_marks) return { field: 'marks', key: 'marks_above_full', params: { max: subject.full_marks } };
  return undefined;
}

/**
 * Within the write's transaction, after the season's row: each student still sits the exam and each
 * subject is still their class's. The rows read are locked against change (PostgreSQL) until the
 * commit, so a refused payment or a removed subject waits for the marks being written, never the
 * other way round, and a check made earlier cannot pass a mark the data no longer allows.
 */
async function checkInTransaction(trx: Transaction<Database>, entries: readonly MarkEntry[]): Promise<void> {
  const students = new Map<number, { roll_no: string; class: string; examinee: boolean }>();
  const ids = [...new Set(entries.map((entry) => entry.registration_id))];
  for (let start = 0; start < ids.length; start += ROLL_BATCH) {
    for (const row of await lockedRegistrations(trx, ids.slice(start, start + ROLL_BATCH)))
      students.set(row.id, { roll_no: row.roll_no, class: row.class, examinee: row.status === 1 && row.fee_status === 'paid' });
  }
  const subjects = new Map((await lockedSubjects(trx, [...new Set(entries.map((entry) => entry.subject_id))])).map((subject) => [subject.id, subject]));
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
    for (const row of await marksOfRegistrations(trx, registrations.slice(start, start + ROLL_BATCH)))
      before.set(`${row.registration_id}:${row.subject_id}`, row);
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
    await upsertMarks(trx, rows);
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

/** Each class's subjects for the marks grid, and whether the result is published. */
export async function markSubjects(db: Kysely<Database>): Promise<MarkSubjects> {
  const [subjects, published] = await Promise.all([examSubjects(db), resultsPublished(db)]);
  const classes = CLASS_CODES.map((klass) => ({
    class: klass,
    subjects: subjects.filter((s) => s.class === klass).map(({ id, name_bn, name_en, full_marks }) => ({ id, name_bn, name_en, full_marks })),
  }));
  return { classes, published };
}

/** A roll that may get marks, or the 422 on `roll_no`. */
async function candidate(db: Kysely<Database>, roll: string): Promise<Student> {
  const student = (await studentsByRoll(db, [roll])).get(roll);
  const error = rollError(student);
  if (error) throw new ValidationError({ roll_no: [error] });
  return student!;
}

/** A candidate by roll with the marks entered so far. */
export async function markStudent(db: Kysely<Database>, roll: string): Promise<MarkStudent> {
  const { examinee: _examinee, ...student } = await candidate(db, roll);
  const marks = await marksOf(db, student.registration_id);
  return { ...student, marks: marks.map((m) => ({ subject_id: m.subject_id, marks: m.marks, absent: m.absent === 1 })) };
}

/** One mark from the grid, checked against the candidate and the subject, and answered as saved. */
export async function saveMark(db: Kysely<Database>, caller: Caller, body: MarkBody): Promise<SavedMark> {
  if (await resultsPublished(db)) throw new HttpError(409, 'results_published');
  const student = await candidate(db, body.roll_no);
  const subject = (await examSubjects(db)).find((s) => s.id === body.subject_id);
  const error = subjectError(subject, student, body);
  if (error) throw new ValidationError({ [error.field]: [error.key] }, error.params);
  const entry = { registration_id: student.registration_id, subject_id: body.subject_id, marks: body.marks, absent: body.absent };
  await db.transaction().execute((trx) => writeMarks(trx, caller, [entry]));
  return {
    roll_no: student.roll_no,
    subject_id: entry.subject_id,
    marks: entry.marks,
    absent: entry.absent,
    name_english: student.name_english,
    name_bangla: student.name_bangla,
    class: student.class,
    updated_at: await markUpdatedAt(db, entry.registration_id, entry.subject_id),
  };
}

/** A subject's list counts at most this many marks (its last page stays a short read): `total_capped` past it. */
const LIST_COUNT_CAP = 10_000;

/** A page of a subject's marks, newest first; the page asked for is kept within the pages there are. */
export async function subjectMarks(db: Kysely<Database>, subjectId: number, asked: number, perPage: number) {
  const counted = await countSubjectMarks(db, subjectId, LIST_COUNT_CAP);
  const total = Math.min(counted, LIST_COUNT_CAP);
  const page = Math.min(asked, Math.max(1, Math.ceil(total / perPage)));
  const rows = (await subjectMarksPage(db, subjectId, page, perPage)).map((row) => ({ ...row, absent: row.absent === 1 }));
  return { rows, total, page, capped: counted > LIST_COUNT_CAP };
}
