/**
 * Group commit for registration creates (architecture §8): the creates one turn of the event loop
 * brings in are written together, so a deadline rush pays one commit per group instead of one per
 * student. Groups run one after another (one server's creates would queue behind one another's locks
 * anyway); later creates form the next group. Every caller is answered only once the transaction
 * holding its write has committed, so an answered create is as durable as one written alone.
 *
 * How a group is written is the dialect's: on SQLite (one writer, a commit is most of a create's
 * cost) `inSharedTransaction` runs any writes in one transaction, each in its own savepoint so a
 * failing one is undone alone; a failed commit fails every write in it. On PostgreSQL savepoints
 * would keep every statement per write and hold the locks for the whole group, so registrations
 * write a group as one set of statements (registrations.service.ts) through `groupCommit`, and other
 * writes keep a transaction each (its pool writes them side by side).
 */
import { type Kysely, SqliteAdapter, type Transaction, sql } from 'kysely';
import { type BatchRun, type Outcome, perTurnBatches } from '../../db/per-turn.js';
import type { Database } from '../../db/types.js';

/** Enough to share a commit widely, few enough that one transaction stays short. */
const MAX_BATCH = 64;

/**
 * Answers each input's outcome once `write` has written it with the other inputs of its turn of the
 * event loop, one group at a time. Called with the database, never a transaction: a shared
 * transaction is the point.
 */
export const groupCommit = <I, T>(write: BatchRun<I, T>) => perTurnBatches(write, { oneAtATime: true, max: MAX_BATCH });

/**
 * `finish` runs once per group, after every write's savepoint, with the values of the writes that
 * succeeded: work that must not happen inside a savepoint (the FTS5 index would write a segment at each).
 */
export type Finish<T> = (trx: Transaction<Database>, values: T[]) => Promise<void>;
type Job = { work: (trx: Transaction<Database>) => Promise<unknown>; finish: Finish<unknown> };

/** SQLite's group: one transaction, a savepoint per write, each distinct `finish` once at the end. */
const savepointGroup: BatchRun<Job, unknown> = async (db, jobs) => {
  try {
    return await db.transaction().execute(async (trx) => {
      const done: Outcome<unknown>[] = [];
      for (const job of jobs) done.push(await isolated(trx, job.work));
      await finishAll(trx, jobs, done);
      return done;
    });
  } catch (error) {
    return jobs.map(() => ({ ok: false, error }));
  }
};

/** One write inside the shared transaction: its changes are kept if it succeeds, undone if it throws. */
async function isolated(trx: Transaction<Database>, work: Job['work']): Promise<Outcome<unknown>> {
  await sql`savepoint registration_create`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release savepoint registration_create`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to savepoint registration_create`.execute(trx);
    await sql`release savepoint registration_create`.execute(trx);
    return { ok: false, error };
  }
}

const inSavepointGroup = groupCommit(savepointGroup);

/** Each distinct `finish` of the group, once, with the values of its jobs that succeeded. */
async function finishAll(trx: Transaction<Database>, jobs: Job[], outcomes: Outcome<unknown>[]): Promise<void> {
  const values = new Map<Finish<unknown>, unknown[]>();
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (!outcome.ok) return;
    values.set(job.finish, [...(values.get(job.finish) ?? []), outcome.value]);
  });
  for (const [finish, done] of values) await finish(trx, done);
}

export const isSqlite = (db: Kysely<Database>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Runs `work` in a transaction: on SQLite possibly shared with other writes (see above), on
 * PostgreSQL its own. `work` must query through `trx` only: SQLite's one connection is held by the
 * shared transaction until it commits.
 */
export function inSharedTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, finish: Finish<T> = async () => {}): Promise<T> {
  if (!isSqlite(db))
    return db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await finish(trx, [value]);
      return value;
    });
  return inSavepointGroup(db, { work, finish: finish as Finish<unknown> }) as Promise<T>;
}
