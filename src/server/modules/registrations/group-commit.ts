/**
 * Group commit for registration creates on SQLite (architecture §8). SQLite has one writer, and a
 * commit is most of a create's cost there (the WAL pages of the table's indexes, a new FTS5
 * segment). The creates one turn of the event loop brings in share one transaction, each inside
 * its own savepoint so a failing create is undone alone; the transaction runs without yielding to
 * I/O, so later creates form the next batch. Every caller is answered only once the transaction
 * holding its write has committed, so an answered create is as durable as before; a failed commit
 * fails every create in it. PostgreSQL keeps a transaction per create: its pool writes them side
 * by side.
 * `finish` runs once per group, after every create's savepoint, with the values of the creates that
 * succeeded: work that must not happen inside a savepoint (the FTS5 index would write a segment at each).
 */
import { type Kysely, SqliteAdapter, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** Enough to share a commit widely, few enough that one transaction stays short. */
const MAX_BATCH = 64;

export type Finish<T> = (trx: Transaction<Database>, values: T[]) => Promise<void>;
type Job = {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  finish: Finish<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class GroupCommitter {
  private queue: Job[] = [];
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: (trx: Transaction<Database>) => Promise<T>, finish: Finish<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, finish: finish as Finish<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      // After the requests this turn of the event loop has read: they reach here together.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const jobs = this.queue.splice(0, MAX_BATCH);
        let outcomes: Outcome[];
        try {
          outcomes = await this.db.transaction().execute(async (trx) => {
            const done: Outcome[] = [];
            for (const job of jobs) done.push(await isolated(trx, job.work));
            await finishAll(trx, jobs, done);
            return done;
          });
        } catch (error) {
          outcomes = jobs.map(() => ({ ok: false, error }));
        }
        outcomes.forEach((outcome, i) => (outcome.ok ? jobs[i]!.resolve(outcome.value) : jobs[i]!.reject(outcome.error)));
      }
    } finally {
      this.running = false;
    }
  }
}

/** One create inside the shared transaction: its changes are kept if it succeeds, undone if it throws. */
async function isolated(trx: Transaction<Database>, work: Job['work']): Promise<Outcome> {
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

/** Each distinct `finish` of the group, once, with the values of its jobs that succeeded. */
async function finishAll(trx: Transaction<Database>, jobs: Job[], outcomes: Outcome[]): Promise<void> {
  const values = new Map<Finish<unknown>, unknown[]>();
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (!outcome.ok) return;
    values.set(job.finish, [...(values.get(job.finish) ?? []), outcome.value]);
  });
  for (const [finish, done] of values) await finish(trx, done);
}

const committers = new WeakMap<Kysely<Database>, GroupCommitter>();

/**
 * Runs `work` in a transaction: on SQLite possibly shared with other creates (see above), on
 * PostgreSQL its own. `db` is the database, never a transaction: a shared transaction is the point.
 * `work` must query through `trx` only: SQLite's one connection is held by the shared transaction
 * until it commits.
 */
export function inSharedTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, finish: Finish<T> = async () => {}): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await finish(trx, [value]);
      return value;
    });
  }
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer.run(work, finish);
}
