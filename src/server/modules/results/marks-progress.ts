/**
 * Marks entry's progress (docs/integrators/results.md): per class and subject, how many candidates have a mark
 * entered, are recorded absent, or have none yet (with the first missing rolls), and which of those
 * the admin withheld. Publication is refused while a candidate has a missing mark and is not withheld:
 * `blockers` says where. Read by the read pool's worker on SQLite, as the season's other counts are.
 */
import { type Kysely, sql } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { ClassProgress } from '../../../common/schemas/results.js';
import { rowsOf } from '../../db/off-loop-reads.js';
import type { ReadPool } from '../../db/read-pool.js';
import type { Database } from '../../db/types.js';
import { examSubjects } from './marks.service.js';

/** Missing rolls listed per subject: enough to chase the examiner, never a season's worth. */
export const MISSING_ROLLS = 50;

const candidates = (db: Kysely<Database>) => db.selectFrom('scholarship_registrations as r').where('r.status', '=', 1).where('r.fee_status', '=', 'paid');

/** What a class still lacks: per subject, its missing marks that are not withheld. */
export type Blocker = { class: string; candidates: number; subjects: { subject_id: number; name_bn: string; name_en: string; missing: number }[] };

export async function marksProgress(db: Kysely<Database>, readPool: ReadPool | undefined): Promise<ClassProgress[]> {
  const subjects = await examSubjects(db);
  const perClass = new Map(
    (
      await rowsOf(
        db,
        candidates(db)
          .select(['r.class', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('r.class'),
        readPool,
      )
    ).map((row) => [row.class, Number(row.n)]),
  );
  const perSubject = new Map(
    (
      await rowsOf(
        db,
        candidates(db)
          .innerJoin('marks as m', 'm.registration_id', 'r.id')
          .select(['m.subject_id', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(m.absent)`.as('absent')])
          .groupBy('m.subject_id'),
        readPool,
      )
    ).map((row) => [row.subject_id, { n: Number(row.n), absent: Number(row.absent ?? 0) }]),
  );
  const answer = [];
  for (const klass of CLASS_CODES) {
    const own = subjects.filter((subject) => subject.class === klass);
    const ids = own.length > 0 ? own.map((subject) => subject.id) : [0];
    const candidateCount = perClass.get(klass) ?? 0;
    const missingOf = (id: number) => Math.max(0, candidateCount - (perSubject.get(id)?.n ?? 0));
    // Once every mark is in (the season's usual end), the counts say so: no scan for the missing.
    const complete = own.every((subject) => missingOf(subject.id) === 0);
    const [missing] = complete
      ? [{ n: 0, withheld: 0 }]
      : await rowsOf(
          db,
          candidates(db)
            .leftJoin('result_withholdings as w', 'w.registration_id', 'r.id')
            .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`count(w.registration_id)`.as('withheld')])
            .where('r.class', '=', klass)
            .where(
              (eb) => eb.selectFrom('marks as m').select(eb.fn.countAll().as('c')).whereRef('m.registration_id', '=', 'r.id').where('m.subject_id', 'in', ids),
              '<',
              own.length,
            ),
          readPool,
        );
    const classSubjects = [];
    for (const subject of own) {
      const marked = perSubject.get(subject.id) ?? { n: 0, absent: 0 };
      const base = { subject_id: subject.id, name_bn: subject.name_bn, name_en: subject.name_en, entered: marked.n - marked.absent, absent: marked.absent };
      if (missingOf(subject.id) === 0) {
        classSubjects.push({ ...base, missing: 0, withheld: 0, missing_rolls: [] });
        continue;
      }
      const lacking = candidates(db)
        .where('r.class', '=', klass)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('marks as m').select('m.subject_id').whereRef('m.registration_id', '=', 'r.id').where('m.subject_id', '=', subject.id)),
          ),
        );
      const rolls = await rowsOf(db, lacking.select('r.roll_no').orderBy('r.roll_no').limit(MISSING_ROLLS), readPool);
      const [withheld] = await rowsOf(
        db,
        lacking.innerJoin('result_withholdings as w', 'w.registration_id', 'r.id').select((eb) => eb.fn.countAll<number>().as('n')),
        readPool,
      );
      classSubjects.push({
        ...base,
        missing: missingOf(subject.id),
        withheld: Number(withheld?.n ?? 0),
        missing_rolls: rolls.map((row) => row.roll_no),
      });
    }
    answer.push({
      class: klass,
      candidates: candidateCount,
      missing_candidates: Number(missing?.n ?? 0),
      withheld: Number(missing?.withheld ?? 0),
      subjects: classSubjects,
    });
  }
  return answer;
}

/** The classes and subjects whose missing marks (not withheld) refuse publication; empty when nothing does. */
export function blockersOf(progress: readonly ClassProgress[]): Blocker[] {
  return progress
    .map((klass) => ({
      class: klass.class,
      candidates: klass.missing_candidates - klass.withheld,
      subjects: klass.subjects
        .map((subject) => ({ subject_id: subject.subject_id, name_bn: subject.name_bn, name_en: subject.name_en, missing: subject.missing - subject.withheld }))
        .filter((subject) => subject.missing > 0),
    }))
    .filter((klass) => klass.candidates > 0);
}
