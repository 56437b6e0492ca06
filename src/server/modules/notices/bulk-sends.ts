/**
 * The guardians' send (docs/integrators/notices.md): one SMS per published student with the student's
 * result, to the registration's contact number, queued by a job of the job runner a batch at a time.
 * Each batch is one transaction: its messages (insert-or-ignore on the event key
 * `guardian-results:<version>:<roll>`) and the send's new position, so a server stopped at any point
 * leaves the send where its last batch left it, and the next run goes on from there; a batch run twice
 * queues nothing twice. Memory holds one batch. Every server looks for an unfinished send at start and
 * every minute; the job is exclusive, so one server at a time runs it.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultDocument } from '../../../common/schemas/results.js';
import type { NoticeSendView } from '../../../common/schemas/outbox.js';
import { BD_MOBILE, normalizeMobile } from '../../../common/validation.js';
import { insertRows } from '../../db/bulk-insert.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { type RunningJob, STALE_AFTER_MS, startJob } from '../../lib/jobs/jobs.js';
import { now } from '../../lib/time.js';
import { readSeason } from '../season/index.js';
import {
  advanceSend,
  countsByState,
  endSend,
  GUARDIAN_RESULTS,
  type NoticeSend,
  nextQueuingSend,
  OUTBOX_COLUMNS,
  recentSends,
  snapshotAfter,
} from './bulk-sends.repository.js';
import { guardianResultText } from './notice-texts.js';
import { wakeAtCommit } from './outbox.js';

/** Students read a batch: ten values a message, well under SQLite's limit of parameters. */
export const SEND_BATCH = 2000;
/** Servers that are closing: their job stops after its batch and the send waits for the next start. */
const closing = new WeakSet<FastifyInstance>();

/** What a guardian may be told: a result, not a withheld one (its marks are not all in). */
const TOLD = new Set(['pass', 'fail', 'absent']);

/**
 * Queues the next batch of `send` (at most `size` students); answers false once there was none left
 * (the send is then `queued`). A number that is not a Bangladeshi mobile is skipped.
 */
export async function queueGuardianBatch(db: Kysely<Database>, send: NoticeSend, size = SEND_BATCH): Promise<boolean> {
  const students = await snapshotAfter(db, send, size);
  if (students.length === 0) {
    await endSend(db, send.id, 'queued');
    return false;
  }
  const at = now();
  const rows: unknown[][] = [];
  for (const student of students) {
    const doc = ResultDocument.parse(JSON.parse(student.doc));
    const to = normalizeMobile(student.contact_number?.trim() ?? '');
    if (!TOLD.has(doc.state) || !BD_MOBILE.test(to)) continue;
    const body = guardianResultText({
      name: doc.name_bn ?? doc.name_en,
      rollNo: doc.roll_no,
      state: doc.state as 'pass' | 'fail' | 'absent',
      total: doc.total,
      fullMarks: doc.full_marks,
      position: doc.position,
      grade: doc.grade,
    });
    rows.push(['sms', to, null, body, `${send.topic}:${student.roll_no}`, send.topic, null, at, at, at]);
  }
  await db.transaction().execute(async (trx) => {
    const queued = await insertRows(trx, 'outbox', OUTBOX_COLUMNS, rows, { ignoreConflicts: true });
    // Another runner took this batch meanwhile: nothing of this one is kept.
    if (!(await advanceSend(trx, send, students.length, queued, students.at(-1)!.roll_no))) throw new HttpError(409, 'job_running');
    if (queued > 0) await wakeAtCommit(trx);
  });
  return true;
}

/** The job: every unfinished send in turn, each to its end, or until the server closes. */
async function queueSends(app: FastifyInstance, job: RunningJob): Promise<{ sends: number }> {
  let sends = 0;
  for (;;) {
    const send = await nextQueuingSend(app.db);
    if (!send) return { sends };
    // A withdrawn or newer result: this version is no longer what the public reads, so its families are not told.
    if ((await readSeason(app.db)).results_version !== send.version) {
      await endSend(app.db, send.id, 'stopped');
      continue;
    }
    job.progress(send.done, send.total);
    if (!(await queueGuardianBatch(app.db, send))) sends++;
    if (closing.has(app)) return { sends };
    await yieldToOthers();
  }
}

/**
 * Starts the job that queues the unfinished sends unless one runs on some server; in the name of the
 * admin who published.
 */
export async function startBulkSends(app: FastifyInstance): Promise<void> {
  const send = await nextQueuingSend(app.db);
  if (!send || closing.has(app)) return;
  const user = await app.db.selectFrom('users').select(['id', 'name', 'institute_name_english']).where('id', '=', send.user_id).executeTakeFirst();
  if (!user) return;
  try {
    await startJob(app, { kind: GUARDIAN_RESULTS, user: { ...user, role: 'admin' }, exclusive: true }, async (job) => ({ result: await queueSends(app, job) }));
  } catch (error) {
    // Another server runs it.
    if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
  }
}

/** Looks for an unfinished send now and then; a stopped server's send is taken up once its heartbeat is old. */
export function resumeBulkSends(app: FastifyInstance): void {
  const look = () => void startBulkSends(app).catch((err: unknown) => app.log.error({ err }, 'outbox: guardian send not started'));
  const timer = setInterval(look, STALE_AFTER_MS);
  timer.unref();
  app.addHook('onReady', async () => look());
  app.addHook('onClose', async () => {
    closing.add(app);
    clearInterval(timer);
  });
}

/** The newest sends with their messages' counts and the time the rest take at `ratePerSecond`. */
export async function sendViews(db: Kysely<Database>, ratePerSecond: number, limit = 10): Promise<NoticeSendView[]> {
  const views: NoticeSendView[] = [];
  for (const send of await recentSends(db, limit)) {
    const counts = await countsByState(db, send.topic);
    const left = counts.pending + counts.sending;
    // Students not read yet will mostly become messages too: counted in the time left while queueing.
    const ahead = left + (send.state === 'queuing' ? send.total - send.done : 0);
    views.push({
      id: send.id,
      kind: send.kind,
      version: send.version,
      state: send.state,
      total: send.total,
      read: send.done,
      queued: send.queued,
      sent: counts.sent,
      failed: counts.failed,
      left,
      rate_per_second: ratePerSecond,
      seconds_left: ahead > 0 ? Math.ceil(ahead / ratePerSecond) : null,
      created_at: send.created_at,
      updated_at: send.updated_at,
    });
  }
  return views;
}
