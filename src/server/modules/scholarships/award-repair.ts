/**
 * Awards are written just after a result goes live (results/publication.ts), outside the switch's transaction:
 * a season's winners are too many rows to hold the writer for. A server stopped between the two would leave the
 * live result without its awards (no letters, nothing to pay) or earlier awards not withdrawn; every server
 * looks once it is ready and makes them. awardScholarships writes each award as it should stand, so two servers
 * doing it at once, or a repair of what was whole, change nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { readSeason } from '../season/index.js';
import { awardAmounts } from './amounts.js';
import { awardScholarships } from './awarding.js';

/** Whether the live result's awards are missing or earlier ones still stand: what a stopped publication leaves. */
async function awardsBehind(db: Kysely<Database>, version: number): Promise<boolean> {
  const stale = await db
    .selectFrom('scholarship_awards')
    .select('registration_id')
    .where('withdrawn_at', 'is', null)
    .where('result_version', '<>', version)
    .limit(1)
    .executeTakeFirst();
  if (stale) return true;
  const made = await db.selectFrom('scholarship_awards').select('registration_id').where('result_version', '=', version).limit(1).executeTakeFirst();
  if (made) return false;
  const graded = await db.selectFrom('results').select('registration_id').where('grade', 'is not', null).limit(1).executeTakeFirst();
  return graded !== undefined;
}

/** Makes the live result's awards if a publication stopped before it did; answers whether it had to. */
export async function repairAwards(app: FastifyInstance): Promise<boolean> {
  const version = (await readSeason(app.db)).results_version;
  if (!version || !(await awardsBehind(app.db, version))) return false;
  await awardScholarships(app.db, app.readPool, version, await awardAmounts(app.db));
  app.log.warn({ version }, 'scholarships: the live result’s awards were made at start (its publication had stopped before them)');
  return true;
}

/** Looked at once the server is ready, beside its first requests rather than before them. */
export function repairAwardsAtStart(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    void repairAwards(app).catch((err: unknown) => app.log.error({ err }, 'scholarships: awards not repaired'));
  });
}
