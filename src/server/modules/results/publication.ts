/**
 * Publishing a processed result (architecture §9, docs/integrators/results.md): every student's answer is
 * written once into `result_snapshot` as one document keyed by roll, under a new version; the exam
 * then switches to that version in one write, and older versions are removed. The public lookup reads
 * one row of the live version and nothing else, so result day costs one indexed read an answer.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { insertRows } from '../../db/bulk-insert.js';
import { rowsOf } from '../../db/off-loop-reads.js';
import type { ResultDocument, ResultGrade, ResultState } from '../../../common/schemas/results.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { RunningJob } from '../../lib/jobs/jobs.js';
import { noticeResultsPublished, startBulkSends } from '../notices/index.js';
import { awardAmounts, awardScholarships } from '../scholarships/index.js';
import { isCurrent, readSeason, switchPublished } from '../season/index.js';
import { storeMeritLists } from './merit-list.js';

const BATCH = 2000;
const SNAPSHOT_COLUMNS = ['version', 'roll_no', 'reg_no', 'birth_certificate_no', 'doc'] as const;

type StudentRow = {
  registration_id: number;
  class: string;
  total: number;
  position: number;
  state: ResultState;
  grade: ResultGrade | null;
  roll_no: string;
  reg_no: string;
  birth_certificate_no: string | null;
  name_english: string;
  name_bangla: string | null;
  father_name_bangla: string | null;
  father_name_english: string | null;
  institute: string | null;
  institute_english: string | null;
};
type MarkRow = { registration_id: number; subject_id: number; marks: number | null; absent: number };

/** Builds the snapshot of the processed result and makes it the live one; answers its version and size. */
export async function publishResults(app: FastifyInstance, job: RunningJob): Promise<{ version: number; students: number }> {
  const { db, readPool } = app;
  if (!isCurrent(await readSeason(db))) throw new HttpError(409, 'results_not_processed');
  // A result is never made from a missing mark: such a candidate is published only as withheld, by the admin's decision.
  const incomplete = await db.selectFrom('results').select('registration_id').where('state', '=', 'incomplete').limit(1).executeTakeFirst();
  if (incomplete) throw new HttpError(409, 'results_incomplete_left');
  const latest = await db
    .selectFrom('result_snapshot')
    .select((eb) => eb.fn.max('version').as('v'))
    .executeTakeFirstOrThrow();
  const version = Number(latest.v ?? 0) + 1;
  // Read once: the documents and the awards carry the same amounts.
  const amounts = await awardAmounts(db);
  const subjects = await db.selectFrom('exam_subjects').selectAll().orderBy('class').orderBy('position').execute();
  const counted = await db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  job.progress(0, total);

  let after = 0;
  let done = 0;
  for (;;) {
    const students = await rowsOf<StudentRow>(
      db,
      db
        .selectFrom('results as x')
        .innerJoin('scholarship_registrations as r', 'r.id', 'x.registration_id')
        .leftJoin('users as u', 'u.id', 'x.institute_id')
        .select([
          'x.registration_id',
          'x.class',
          'x.total',
          'x.position',
          'x.state',
          'x.grade',
          'r.roll_no',
          'r.reg_no',
          'r.birth_certificate_no',
          'r.name_english',
          'r.name_bangla',
          'r.father_name_bangla',
          'r.father_name_english',
          'u.institute_name as institute',
          'u.institute_name_english as institute_english',
        ])
        .where('x.registration_id', '>', after)
        // Said of both tables: PostgreSQL merges the two keys in id order and, told only of the results', read
        // the registrations' key from the first id on every batch (660 ms a batch at 700,000 against 11 ms).
        .where('r.id', '>', after)
        .orderBy('x.registration_id')
        .limit(BATCH),
      readPool,
    );
    if (students.length === 0) break;
    const first = students[0]!.registration_id;
    const last = students.at(-1)!.registration_id;
    const marks = await rowsOf<MarkRow>(
      db,
      db
        .selectFrom('marks')
        .select(['registration_id', 'subject_id', 'marks', 'absent'])
        .where('registration_id', '>=', first)
        .where('registration_id', '<=', last),
      readPool,
    );
    const byStudent = new Map<number, Map<number, MarkRow>>();
    for (const mark of marks) {
      let own = byStudent.get(mark.registration_id);
      if (!own) byStudent.set(mark.registration_id, (own = new Map()));
      own.set(mark.subject_id, mark);
    }
    const rows = students.map((student) => {
      const own = byStudent.get(student.registration_id);
      const classSubjects = subjects.filter((subject) => subject.class === student.class);
      const doc: ResultDocument = {
        name_bn: student.name_bangla,
        name_en: student.name_english,
        father_name: student.father_name_bangla ?? student.father_name_english,
        institute: student.institute ?? student.institute_english ?? '',
        class: student.class,
        roll_no: student.roll_no,
        reg_no: student.reg_no,
        subjects: classSubjects.map((subject) => {
          const mark = own?.get(subject.id);
          return { name_bn: subject.name_bn, name_en: subject.name_en, full_marks: subject.full_marks, marks: mark?.marks ?? null, absent: mark?.absent === 1 };
        }),
        total: Number(student.total),
        full_marks: classSubjects.reduce((sum, subject) => sum + subject.full_marks, 0),
        position: Number(student.position),
        state: student.state,
        grade: student.grade,
        award_amount: student.grade ? amounts[student.grade] : null,
      };
      return [version, student.roll_no, student.reg_no, student.birth_certificate_no, JSON.stringify(doc)];
    });
    await insertRows(db, 'result_snapshot', SNAPSHOT_COLUMNS, rows);
    after = last;
    done += students.length;
    job.progress(done, total);
    await yieldToOthers();
  }

  const meritLists = await storeMeritLists(app, version);
  // A mark saved meanwhile made the processed result stale: this snapshot would not match it.
  if (!(await switchAndNotify(db, version, JSON.stringify(meritLists), job.id))) {
    await removeVersionsBut(db, (await readSeason(db)).results_version);
    throw new HttpError(409, 'results_not_processed');
  }
  await awardScholarships(db, readPool, version, amounts);
  await removeVersionsBut(db, version);
  await startBulkSends(app);
  return { version, students: done };
}

/** The switch and its notices in one transaction (docs/integrators/notices.md): told if and only if published. */
async function switchAndNotify(db: Kysely<Database>, version: number, meritListFiles: string, jobId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await switchPublished(trx, version, meritListFiles))) return false;
    await noticeResultsPublished(trx, { version, jobId });
    return true;
  });
}

/** Deletes every snapshot but `version`, a batch a statement, so the event loop is never held for long. */
export async function removeVersionsBut(db: Kysely<Database>, version: number): Promise<void> {
  for (;;) {
    const old = await db.selectFrom('result_snapshot').select(['version', 'roll_no']).where('version', '<>', version).limit(BATCH).execute();
    if (old.length === 0) return;
    for (const v of new Set(old.map((row) => row.version)))
      await db
        .deleteFrom('result_snapshot')
        .where('version', '=', v)
        .where(
          'roll_no',
          'in',
          old.filter((row) => row.version === v).map((row) => row.roll_no),
        )
        .execute();
    await yieldToOthers();
  }
}
