/**
 * Long admin actions as jobs (architecture §9): allocation, big PDFs, a statement's approval. A job runs in the server that
 * started it and keeps its state in the `jobs` table (progress, answer, the file it made, in storage),
 * so the screen that started it can watch it through any server. A running job's server beats its
 * heartbeat; a job whose heartbeat stopped died with its server and reads as failed.
 */
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { JobView } from '../../../common/schemas/jobs.js';
import { parseJsonColumn } from '../../db/json-column.js';
import type { Database, JobsTable } from '../../db/types.js';
import type { SessionUser } from '../authenticate.js';
import { HttpError } from '../errors.js';
import { now } from '../time.js';
import type { Selectable } from 'kysely';
import type { z } from 'zod';

/** A heartbeat older than this means the job's server is gone. */
export const STALE_AFTER_MS = 60_000;
const BEAT_EVERY_MS = 10_000;
/** Progress is written at most this often, so a fast loop does not turn into a write per item. */
const PROGRESS_EVERY_MS = 500;

/** The file a job made, streamed into storage (a season's PDF does not fit in memory many times over). */
export type JobFile = { name: string; type: string; size: number; stream: () => Readable };
export type JobOutcome = { result?: unknown; file?: JobFile };
export type RunningJob = {
  id: number;
  /** Reports `done` of `total`; written now and then, never more often than every half second. */
  progress(done: number, total?: number): void;
};

const isStale = (job: Pick<Selectable<JobsTable>, 'state' | 'heartbeat'>) => job.state === 'running' && Date.parse(job.heartbeat) < Date.now() - STALE_AFTER_MS;

export function jobView(job: Selectable<JobsTable>): JobView {
  const stale = isStale(job);
  return {
    id: job.id,
    kind: job.kind,
    state: stale ? 'failed' : job.state,
    total: job.total,
    done: job.done,
    result: job.result === null ? null : parseJsonColumn(JobView.shape.result, job.result),
    error: stale ? 'server_gone' : job.error,
    file_name: job.state === 'done' ? job.file_name : null,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

/** A job's result read through the schema of its kind; null while it has none. */
export function jobResult<Result>(job: Pick<Selectable<JobsTable>, 'result'>, schema: z.ZodType<Result>): Result | null {
  return job.result === null ? null : parseJsonColumn(schema, job.result);
}

/** Whether a job of `kind` runs now on some server (its heartbeat is fresh). */
export async function hasLiveJob(db: Kysely<Database> | Transaction<Database>, kind: string): Promise<boolean> {
  const live = await db.selectFrom('jobs').select(['state', 'heartbeat']).where('kind', '=', kind).where('state', '=', 'running').execute();
  return live.some((job) => !isStale(job));
}

/**
 * Within a transaction: waits for the lock of `kinds` (kinds that exclude each other share one lock),
 * then refuses (409 `job_running`) while a job of any of them beats. A job of these kinds starts under
 * the same lock, so a write holding it either sees the job or finishes before the job begins.
 */
export async function refuseWhileJobs(trx: Transaction<Database>, kinds: readonly string[]): Promise<void> {
  // Two servers starting at once: the second waits here and then sees the first (SQLite's writes are one at a time).
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(hashtext(${[...kinds].sort().join('+')}))`.execute(trx);
  for (const kind of kinds) if (await hasLiveJob(trx, kind)) throw new HttpError(409, 'job_running');
}

/**
 * Starts `run` as a job of `kind` for `user` and answers its id at once. An `exclusive` kind has one
 * live job at a time across all servers (409 `job_running` while another one beats); `excludes` names
 * the kinds it excludes besides itself (a lock shared by every job that changes the same things).
 * `perAccount` names the kinds of which an account has one live job at a time: the same kind and params
 * again answers the live job's id (nothing new starts), anything else a 409 `document_running`.
 * `claim` runs in the transaction that creates the job, once its row exists: a thing that has one job
 * at a time (a statement's approval) records it there, and throwing refuses the start.
 */
export async function startJob(
  app: FastifyInstance,
  options: {
    kind: string;
    user: SessionUser;
    params?: Record<string, unknown>;
    exclusive?: boolean;
    excludes?: readonly string[];
    perAccount?: readonly string[];
    claim?: (trx: Transaction<Database>, jobId: number) => Promise<void>;
  },
  run: (job: RunningJob) => Promise<JobOutcome>,
): Promise<number> {
  const { db } = app;
  const params = JSON.stringify(options.params ?? {});
  const started = await db.transaction().execute(async (trx) => {
    const postgres = app.config.database.dialect === 'postgres';
    if (options.exclusive) await refuseWhileJobs(trx, [...new Set([options.kind, ...(options.excludes ?? [])])]);
    if (options.perAccount) {
      // One account's requests at once (any server) take turns here; SQLite's one connection already does.
      if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`jobs:account:${options.user.id}`}))`.execute(trx);
      const live = (
        await trx
          .selectFrom('jobs')
          .select(['id', 'kind', 'params', 'state', 'heartbeat'])
          .where('user_id', '=', options.user.id)
          .where('state', '=', 'running')
          .where('kind', 'in', options.perAccount)
          .execute()
      ).filter((job) => !isStale(job));
      const same = live.find((job) => job.kind === options.kind && job.params === params);
      if (same) return { id: same.id, fresh: false };
      if (live.length > 0) throw new HttpError(409, 'document_running');
    }
    const at = now();
    const row = await trx
      .insertInto('jobs')
      .values({
        kind: options.kind,
        user_id: options.user.id,
        state: 'running',
        params,
        heartbeat: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await options.claim?.(trx, row.id);
    return { id: row.id, fresh: true };
  });
  const { id } = started;
  if (!started.fresh) return id;

  let lastWrite = 0;
  let pending: { done: number; total?: number } | undefined;
  const write = (values: Partial<Record<'done' | 'total', number>>) =>
    db
      .updateTable('jobs')
      .set({ ...values, heartbeat: now(), updated_at: now() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute()
      .catch((error: unknown) => app.log.warn({ err: error, jobId: id }, 'job progress not written'));
  const beat = setInterval(() => void write(pending ? { ...pending } : {}), BEAT_EVERY_MS);
  beat.unref();
  const job: RunningJob = {
    id,
    progress(done, total) {
      pending = total === undefined ? { done } : { done, total };
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      void write(pending);
    },
  };

  void (async () => {
    try {
      const outcome = await run(job);
      let file: { file_key: string; file_name: string } | undefined;
      if (outcome.file) {
        const key = `documents/job-${id}-${randomBytes(12).toString('hex')}.${outcome.file.name.split('.').pop()}`;
        await app.storage.putStream(key, outcome.file.stream(), outcome.file.size, outcome.file.type);
        file = { file_key: key, file_name: outcome.file.name };
      }
      await db
        .updateTable('jobs')
        .set({
          state: 'done',
          ...(pending ? { done: pending.done, ...(pending.total === undefined ? {} : { total: pending.total }) } : {}),
          result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
          ...file,
          heartbeat: now(),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      app.log.error({ err: error, jobId: id, kind: options.kind }, 'job failed');
      const key = error instanceof HttpError ? error.messageKey : 'server_error';
      await db
        .updateTable('jobs')
        .set({ state: 'failed', error: key, heartbeat: now(), updated_at: now() })
        .where('id', '=', id)
        .execute()
        .catch((cause: unknown) => app.log.error({ err: cause, jobId: id }, 'job failure not recorded'));
    } finally {
      clearInterval(beat);
    }
  })();
  return id;
}

/** A job as its starter (or any admin) may see it; 404 for anyone else, so ids reveal nothing. */
export async function jobFor(app: FastifyInstance, id: number, user: SessionUser): Promise<Selectable<JobsTable> | undefined> {
  const job = await app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job || (user.role !== 'admin' && job.user_id !== user.id)) return undefined;
  return job;
}

/** A job's file is kept this long after the job ends, then removed (docs/integrators/documents.md). */
export const DOCUMENT_TTL_MS = 24 * 3600_000;
const CLEANUP_EVERY_MS = 3600_000;
const CLEANUP_BATCH = 200;

/**
 * Removes the files of jobs that ended over DOCUMENT_TTL_MS before `at`; answers how many. The row lets go
 * of its file first, and only the server whose update took the row deletes the file, so servers cleaning
 * at once never serve or delete the same file twice.
 */
export async function removeExpiredDocuments(app: FastifyInstance, at = Date.now()): Promise<number> {
  const cutoff = new Date(at - DOCUMENT_TTL_MS).toISOString();
  let removed = 0;
  for (let after = 0; ;) {
    const batch = await app.db
      .selectFrom('jobs')
      .select(['id', 'file_key'])
      .where('id', '>', after)
      .where('file_key', 'is not', null)
      .where('updated_at', '<', cutoff)
      .orderBy('id')
      .limit(CLEANUP_BATCH)
      .execute();
    for (const job of batch) {
      const taken = await app.db.updateTable('jobs').set({ file_key: null }).where('id', '=', job.id).where('file_key', '=', job.file_key).executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) continue;
      await app.storage.delete(job.file_key!);
      removed++;
    }
    if (batch.length < CLEANUP_BATCH) return removed;
    after = batch.at(-1)!.id;
    await yieldToOthers();
  }
}

/** Removes expired job files once the server has started and every hour while it runs. */
export function scheduleDocumentCleanup(app: FastifyInstance): void {
  let running = false;
  const clean = () => {
    if (running) return;
    running = true;
    removeExpiredDocuments(app)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'expired documents removed'))
      .catch((err: unknown) => app.log.error({ err }, 'cleanup of expired documents failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(clean, CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => clean());
  app.addHook('onClose', async () => clearInterval(timer));
}
