/**
 * Awards made from a published result (docs/integrators/results.md): every student the processing graded gets the
 * season's amount for the grade, a row each, written in batches like the snapshot so the event loop is never held
 * for long. A row is never deleted: the publication that no longer awards a student, and the result's withdrawal,
 * mark it withdrawn, so the payouts made on it keep their history; a later award clears that and takes the new
 * grade, amount and version, while its code (printed on a letter) stays.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { AwardAmounts } from '../../../common/schemas/scholarships.js';
import { rowsOf } from '../../db/off-loop-reads.js';
import type { ReadPool } from '../../db/read-pool.js';
import type { Database, ResultGrade } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { newAwardCode } from './award-codes.js';

const BATCH = 2000;

type Winner = { registration_id: number; institute_id: number; class: string; roll_no: string; grade: ResultGrade };

/**
 * Called once the result of `version` is live: its graded students are awarded (or re-awarded), and every award
 * of an earlier version it does not repeat is withdrawn. Answers how many it awarded.
 */
export async function awardScholarships(db: Kysely<Database>, readPool: ReadPool | undefined, version: number, amounts: AwardAmounts): Promise<number> {
  const at = now();
  let after = 0;
  let awarded = 0;
  for (;;) {
    // Published results are frozen (marks, rules and processing wait for a withdrawal), so these are the snapshot's grades.
    const winners = await rowsOf<Winner>(
      db,
      db
        .selectFrom('results')
        .select(['registration_id', 'institute_id', 'class', 'roll_no', 'grade'])
        .where('grade', 'is not', null)
        .where('registration_id', '>', after)
        .orderBy('registration_id')
        .limit(BATCH),
      readPool,
    );
    if (winners.length === 0) break;
    await db
      .insertInto('scholarship_awards')
      .values(
        winners.map((winner) => ({
          ...winner,
          amount: amounts[winner.grade],
          code: newAwardCode(),
          result_version: version,
          awarded_at: at,
          withdrawn_at: null,
        })),
      )
      .onConflict((oc) =>
        oc.column('registration_id').doUpdateSet((eb) => ({
          institute_id: eb.ref('excluded.institute_id'),
          class: eb.ref('excluded.class'),
          roll_no: eb.ref('excluded.roll_no'),
          // The award as it now stands was made now when it was withdrawn or changed; otherwise it keeps its day.
          awarded_at: eb
            .case()
            .when(
              eb.or([
                eb('scholarship_awards.withdrawn_at', 'is not', null),
                eb('scholarship_awards.grade', '<>', eb.ref('excluded.grade')),
                eb('scholarship_awards.amount', '<>', eb.ref('excluded.amount')),
              ]),
            )
            .then(eb.ref('excluded.awarded_at'))
            .else(eb.ref('scholarship_awards.awarded_at'))
            .end(),
          grade: eb.ref('excluded.grade'),
          amount: eb.ref('excluded.amount'),
          result_version: eb.ref('excluded.result_version'),
          withdrawn_at: null,
        })),
      )
      .execute();
    after = winners.at(-1)!.registration_id;
    awarded += winners.length;
    await yieldToOthers();
  }
  await db.updateTable('scholarship_awards').set({ withdrawn_at: at }).where('withdrawn_at', 'is', null).where('result_version', '<>', version).execute();
  return awarded;
}

/** The published result is withdrawn: so is every award, in the withdrawal's transaction. */
export async function withdrawAwards(trx: Transaction<Database>): Promise<void> {
  await trx.updateTable('scholarship_awards').set({ withdrawn_at: now() }).where('withdrawn_at', 'is', null).execute();
}
