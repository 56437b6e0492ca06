/**
 * SQLite chooses its plans from the statistics ANALYZE keeps in `sqlite_stat1`; a season's file grown by
 * its users from an empty one never gets them unless the server gathers them, and without them a filtered
 * name search or a list takes the primary key instead of its index (bench/results/analysis.md). SQLite's
 * own advice for long-lived connections: `PRAGMA optimize=0x10002` at open, `PRAGMA optimize` now and then;
 * each analyses only the tables whose size changed enough since, sampling at most ANALYSIS_LIMIT rows of
 * each index, so it costs milliseconds on a season's file and holds the event loop no longer.
 */
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';

const ANALYSIS_LIMIT = 1000;
const EVERY_MS = 60 * 60 * 1000;

/** `atOpen` also considers tables this connection has not used yet (all of them, on a fresh start). */
export async function gatherPlannerStatistics(db: Kysely<unknown>, atOpen: boolean): Promise<void> {
  await sql.raw(`pragma analysis_limit = ${ANALYSIS_LIMIT}`).execute(db);
  await sql.raw(atOpen ? 'pragma optimize = 0x10002' : 'pragma optimize').execute(db);
}

/** At start and hourly on the app's SQLite connection; PostgreSQL's autovacuum keeps its own statistics. */
export async function keepPlannerStatistics(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as Kysely<unknown>;
  const gather = async (atOpen: boolean) => {
    const started = performance.now();
    await gatherPlannerStatistics(db, atOpen);
    app.log.debug({ ms: Math.round(performance.now() - started) }, 'SQLite planner statistics gathered');
  };
  await gather(true);
  const timer = setInterval(() => {
    gather(false).catch((err: unknown) => app.log.warn({ err }, 'gathering SQLite planner statistics failed'));
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
