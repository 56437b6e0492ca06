/**
 * SQLite's names' index (FTS5, registrations.search.ts) writes every change as a new segment, and the entry a
 * changed student had (a name, a class, a fee status) stays in its older segment, marked deleted, until the two
 * are merged; a search reads every segment's list of each word. FTS5 merges a few segments as it writes
 * (automerge) but leaves the rest. Measured on a season of 1,000,000 whose fee status had been rewritten
 * twice over (12 segments; bench/results/analysis.md): a common surname in a filtered list p95 65.9 ms, an
 * institute's own search 32 at once 106.1 ms; merged into one segment, 20.2 and 46.9 ms.
 *
 * So the index is merged down to one segment hourly when it holds more than one, PAGES_A_STEP pages a
 * statement (5.5 ms a step at the median, 106 ms the longest, 2.4 s of work for the million's index in all),
 * the event loop turning between steps so requests and writes go on. A merge rewrites the whole index
 * (~330 MB at a million): at most once an hour, and only after a change.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';

const PAGES_A_STEP = 50;
const EVERY_MS = 60 * 60 * 1000;
/** Writes go on while it merges, each adding a small segment; past this many steps it stops until the next hour. */
const MAX_STEPS = 100_000;

const segments = async (db: Kysely<unknown>) =>
  Number((await sql<{ n: number }>`select count(distinct segid) as n from registrations_search_idx`.execute(db)).rows[0]?.n ?? 0);

/** Merges the names' index into one segment, unless `stopping` says so first; answers the steps taken (0: it was one already). */
export async function mergeNamesIndex(db: Kysely<unknown>, stopping: () => boolean = () => false): Promise<number> {
  let steps = 0;
  while (steps < MAX_STEPS && !stopping() && (await segments(db)) > 1) {
    // A negative page count lets FTS5 merge segments of different levels, down to one (its 'merge' command).
    await sql`insert into registrations_search (registrations_search, rank) values ('merge', ${-PAGES_A_STEP})`.execute(db);
    steps++;
    await yieldToOthers();
  }
  return steps;
}

/** Hourly on the app's SQLite connection (PostgreSQL's words are a b-tree that VACUUM keeps). */
export function keepNamesIndexMerged(app: FastifyInstance): void {
  const db = app.db as unknown as Kysely<unknown>;
  let running: Promise<void> | undefined;
  let closing = false;
  const merge = async () => {
    const started = performance.now();
    // Each step is a transaction of its own: a merge stopped between two leaves a whole index, finished next hour.
    const steps = await mergeNamesIndex(db, () => closing);
    if (steps > 0) app.log.info({ steps, ms: Math.round(performance.now() - started) }, "SQLite names' index merged");
  };
  const timer = setInterval(() => {
    running ??= merge()
      .catch((err: unknown) => app.log.warn({ err }, "merging SQLite's names' index failed"))
      .finally(() => (running = undefined));
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
