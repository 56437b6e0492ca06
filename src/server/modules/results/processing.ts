/**
 * Result processing (docs/integrators/results.md): every candidate's total, merit position in the class and
 * grade by the admin's rule, written to `results`, with the counts the preview and the dashboards
 * read. Re-runnable until the result is published; the job replaces the whole table.
 *
 * A mark is entered (a number), recorded absent, or missing. A student with a missing mark gets no
 * result (`incomplete`, or `withheld` once the admin withheld it), never a fail or an absence; absent
 * is only a student recorded absent in every subject.
 *
 * Merit order in a class: students with any marks before those absent from every paper; then the
 * higher total; then, subject by subject in the exam's order, the higher marks; then the lower roll
 * number. Every student with a result gets a position of their own (1, 2, 3 …); the absent, the
 * incomplete and the withheld get 0.
 * Grades go to passing students only (total at least `pass_marks`): by cut-off totals, or by quota
 * to the top `talent_pool` and the next `general`, in the class or in each upazila (the institute's).
 *
 * A season's million students: each class is read in one query by the read pool's worker on SQLite
 * (sorted there, handed over as one array of numbers), and written 2,000 rows a transaction, yielding
 * between, so other requests are answered throughout.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { insertRows } from '../../db/bulk-insert.js';
import { CLASS_CODES } from '../../../common/constants.js';
import type { GradeCounts, ResultGrade, ResultState, ResultSummary } from '../../../common/schemas/results.js';
import type { NumberTable, ReadPool } from '../../db/read-pool.js';
import type { Database, ResultRulesTable } from '../../db/types.js';
import type { RunningJob } from '../../lib/jobs/jobs.js';
import { beginProcessing, finishProcessing } from '../season/index.js';
import type { Selectable } from 'kysely';

export type ResultRule = Selectable<ResultRulesTable>;

const BATCH = 2000;
const RESULT_COLUMNS = ['registration_id', 'class', 'roll_no', 'institute_id', 'zilla_id', 'upozilla_id', 'total', 'position', 'state', 'grade'] as const;

/** The columns of a class's read, in the order the worker returns them. */
const ID = 0;
const ROLL = 1;
const INSTITUTE = 2;
const ZILLA = 3;
const UPAZILA = 4;
const TOTAL = 5;
const NUMBERS = 6;
const ENTERED = 7;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

const emptyCounts = (): GradeCounts => ({ students: 0, pass: 0, fail: 0, absent: 0, incomplete: 0, withheld: 0, talent_pool: 0, general: 0 });

function count(counts: GradeCounts, state: ResultState, grade: ResultGrade | null) {
  counts.students++;
  counts[state]++;
  if (grade) counts[grade]++;
}

/** A class's candidates in merit order, one row of numbers each (see the column constants). */
async function readClass(db: Kysely<Database>, readPool: ReadPool | undefined, klass: string, subjectIds: number[]): Promise<NumberTable> {
  // Grouped in the outer query, each student's marks reached through the marks' key: a grouped subquery
  // joined to the students was scanned whole for each student on SQLite (a million times a million).
  const ids = subjectIds.length > 0 ? subjectIds : [0];
  const query = db
    .selectFrom('scholarship_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.institute_id')
    .leftJoin('marks as m', (join) => join.onRef('m.registration_id', '=', 'r.id').on('m.subject_id', 'in', ids))
    .select([
      'r.id',
      sql<number>`cast(r.roll_no as ${sql.raw(isPostgres(db) ? 'bigint' : 'integer')})`.as('roll'),
      'r.institute_id',
      'u.zilla_id',
      'u.upozilla_id',
      sql<number>`coalesce(sum(m.marks), 0)`.as('total'),
      sql<number>`count(m.marks)`.as('numbers'),
      sql<number>`count(m.subject_id)`.as('entered'),
    ])
    .where('r.class', '=', klass)
    .where('r.status', '=', 1)
    .where('r.fee_status', '=', 'paid')
    .groupBy(['r.id', 'r.roll_no', 'r.institute_id', 'u.zilla_id', 'u.upozilla_id'])
    .orderBy(sql`case when count(m.marks) > 0 then 0 else 1 end`)
    .orderBy(sql`coalesce(sum(m.marks), 0) desc`)
    // Each subject's marks in the exam's order breaks ties (-1: not entered, or absent).
    .$call((q) => subjectIds.reduce((ordered, id) => ordered.orderBy(sql`coalesce(max(case when m.subject_id = ${id} then m.marks end), -1) desc`), q))
    .orderBy('r.roll_no');
  const compiled = query.compile();
  if (readPool) return readPool.table(compiled.sql, compiled.parameters);
  const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
  const width = 8;
  const values = new Float64Array(rows.length * width);
  rows.forEach((row, r) => {
    Object.values(row).forEach((value, c) => (values[r * width + c] = value === null ? NaN : Number(value)));
  });
  return { values, width, rows: rows.length };
}

/** Empties `results` on SQLite a batch a statement, yielding between: one delete of a season's rows would hold the write lock for seconds. */
async function removeResults(db: Kysely<Database>): Promise<void> {
  for (;;) {
    const removed = await db
      .deleteFrom('results')
      .where('registration_id', 'in', db.selectFrom('results').select('registration_id').limit(BATCH))
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) < BATCH) return;
    await yieldToOthers();
  }
}

/** The grade of a passing student, given how many of their class (or upazila) already have one. */
function gradeOf(rule: ResultRule, total: number, ranked: { talent_pool: number; general: number }): ResultGrade | null {
  if (rule.kind === 'cutoff') {
    if (rule.talent_pool > 0 && total >= rule.talent_pool) return 'talent_pool';
    if (rule.general > 0 && total >= rule.general) return 'general';
    return null;
  }
  if (ranked.talent_pool < rule.talent_pool) return 'talent_pool';
  if (ranked.general < rule.general) return 'general';
  return null;
}

/** Processes every class and records the summary; answers it (the job's result). */
export async function processResults(db: Kysely<Database>, readPool: ReadPool | undefined, job: RunningJob): Promise<ResultSummary & { stale: boolean }> {
  const generation = await beginProcessing(db);
  await (isPostgres(db) ? sql`truncate results`.execute(db) : removeResults(db));

  const withheld = new Set((await db.selectFrom('result_withholdings').select('registration_id').execute()).map((row) => row.registration_id));
  const rules = new Map((await db.selectFrom('result_rules').selectAll().execute()).map((rule) => [rule.class, rule]));
  const subjects = await db.selectFrom('exam_subjects').select(['id', 'class']).orderBy('class').orderBy('position').execute();
  const candidates = await db
    .selectFrom('scholarship_registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 1)
    .where('fee_status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const total = Number(candidates.n);
  job.progress(0, total);

  const summary: ResultSummary = { classes: [], districts: [] };
  let done = 0;
  for (const klass of CLASS_CODES) {
    const rule = rules.get(klass) ?? { class: klass, pass_marks: 0, kind: 'quota', scope: 'class', talent_pool: 0, general: 0 };
    const subjectIds = subjects.filter((subject) => subject.class === klass).map((subject) => subject.id);
    const table = await readClass(db, readPool, klass, subjectIds);
    const classCounts = { class: klass, top_total: null as number | null, ...emptyCounts() };
    const districts = new Map<number | null, GradeCounts>();
    const ranked = new Map<number | null, { talent_pool: number; general: number }>();
    const { values, width } = table;
    let position = 0;
    let pending: unknown[][] = [];
    for (let r = 0; r < table.rows; r++) {
      const at = r * width;
      const complete = values[at + ENTERED]! >= subjectIds.length;
      const studentTotal = values[at + TOTAL]!;
      const zilla = Number.isNaN(values[at + ZILLA]!) ? null : values[at + ZILLA]!;
      const upazila = Number.isNaN(values[at + UPAZILA]!) ? null : values[at + UPAZILA]!;
      const state: ResultState = !complete
        ? withheld.has(values[at + ID]!)
          ? 'withheld'
          : 'incomplete'
        : values[at + NUMBERS]! === 0
          ? 'absent'
          : studentTotal >= rule.pass_marks
            ? 'pass'
            : 'fail';
      const placed = state === 'pass' || state === 'fail';
      let grade: ResultGrade | null = null;
      if (state === 'pass') {
        const key = rule.scope === 'upazila' ? upazila : null;
        let given = ranked.get(key);
        if (!given) ranked.set(key, (given = { talent_pool: 0, general: 0 }));
        grade = gradeOf(rule, studentTotal, given);
        if (grade) given[grade]++;
      }
      if (placed) {
        position++;
        if (classCounts.top_total === null) classCounts.top_total = studentTotal;
      }
      count(classCounts, state, grade);
      let district = districts.get(zilla);
      if (!district) districts.set(zilla, (district = emptyCounts()));
      count(district, state, grade);
      // Roll numbers are digits (docs/integrators/formats.md), so the number read back is the roll as written.
      pending.push([
        values[at + ID],
        klass,
        String(values[at + ROLL]),
        values[at + INSTITUTE],
        zilla,
        upazila,
        studentTotal,
        placed ? position : 0,
        state,
        grade,
      ]);
      if (pending.length === BATCH) {
        await insertRows(db, 'results', RESULT_COLUMNS, pending);
        pending = [];
        done += BATCH;
        job.progress(done, total);
        await yieldToOthers();
      }
    }
    await insertRows(db, 'results', RESULT_COLUMNS, pending);
    done += pending.length;
    job.progress(done, total);
    summary.classes.push(classCounts);
    for (const [zilla_id, counts] of districts) summary.districts.push({ zilla_id, class: klass, ...counts });
  }

  // A mark, rule or subject changed while this ran: the result stays unprocessed, and the admin runs it once more.
  const stale = !(await finishProcessing(db, generation, JSON.stringify(summary)));
  return { ...summary, stale };
}
