/**
 * "Approve all matched" as a job of the one job runner (architecture §9: long admin actions, lib/jobs):
 * the statement names its job, which approves the matched lines in batches of one transaction each,
 * reports its progress for every server's screen to read, and pauses between batches so other requests
 * are answered. Each line is checked again inside its batch: a payment approved, refused or edited since
 * the statement was read is skipped, so running the job again is safe.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ApprovalResult, type ApprovalJob } from '../../../common/schemas/statements.js';
import type { Database } from '../../db/types.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { jobResult, jobView, type RunningJob, STALE_AFTER_MS, startJob } from '../../lib/jobs/jobs.js';
import type { Caller } from '../../lib/resource/definition.js';
import { approvePayment } from '../payments/index.js';
import { transactionKey } from './statement-lines.js';
import { approvalJobOf, claimApproval, lockedPaymentFacts, matchedLines, recordApprovals, statementById } from './statements.repository.js';

export const APPROVAL_JOB = 'statement_approval';
/** Approvals per transaction: small, since the database is held (SQLite: every request waits) until it commits. */
const APPROVAL_BATCH = 50;

/**
 * Starts the statement's approval as a job and answers its id: a 409 while another run of it is alive,
 * or once one has finished (uploading the file again reads it afresh against today's payments).
 */
export async function startApproval(app: FastifyInstance, caller: Caller, statementId: number): Promise<number> {
  const statement = await statementById(app.db, statementId);
  if (!statement) throw notFound();
  if (statement.state === 'replaced') throw new HttpError(409, 'statement_replaced');
  if (statement.state !== 'ready') throw notFound();
  const claim = async (trx: Parameters<typeof claimApproval>[0], jobId: number) => {
    // A job whose server stopped (no heartbeat for a minute) may be taken over.
    if (await claimApproval(trx, statementId, jobId, new Date(Date.now() - STALE_AFTER_MS).toISOString())) return;
    const current = await approvalJobOf(trx, statementId);
    throw new HttpError(409, current?.state === 'done' ? 'statement_approval_done' : 'statement_approval_running');
  };
  return startJob(app, { kind: APPROVAL_JOB, user: caller.user, params: { statement_id: statementId }, claim }, async (job) => {
    job.progress(0, statement.matched);
    return { result: await approveMatched(app.db, caller, statementId, job) };
  });
}

/** The job itself: batches of matched lines, in line order, until none is left. */
async function approveMatched(db: Kysely<Database>, caller: Caller, statementId: number, job: RunningJob): Promise<ApprovalResult> {
  const result = { approved: 0, skipped: 0 };
  for (let after = 0; ;) {
    const batch = await matchedLines(db, statementId, after, APPROVAL_BATCH);
    if (batch.length === 0) return result;
    after = batch.at(-1)!.id;
    const approved = await db.transaction().execute(async (trx) => {
      const lines: number[] = [];
      for (const line of batch) {
        const payment = line.payment_id === null ? undefined : await lockedPaymentFacts(trx, line.payment_id);
        const agrees = payment && transactionKey(payment.transaction_id) === transactionKey(line.transaction_id) && payment.amount === Number(line.amount);
        if (agrees && (await approvePayment({ ...caller, trx }, line.payment_id!))) lines.push(line.id);
      }
      await recordApprovals(trx, statementId, lines);
      return lines.length;
    });
    result.approved += approved;
    result.skipped += batch.length - approved;
    job.progress(result.approved + result.skipped);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The approval as the statement shows it: idle until started, then its job's state, progress and report. */
export async function approvalOf(db: Kysely<Database>, statementId: number): Promise<ApprovalJob> {
  const job = await approvalJobOf(db, statementId);
  if (!job) return { job_id: null, state: 'idle', total: 0, done: 0, approved: 0, skipped: 0 };
  const view = jobView(job);
  const report = (view.state === 'done' && jobResult(job, ApprovalResult)) || { approved: 0, skipped: 0 };
  return { job_id: job.id, state: view.state, total: job.total ?? 0, done: job.done, ...report };
}
