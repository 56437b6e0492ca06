/**
 * "Approve all matched" as a job (architecture §9: long admin actions): one server claims it on the
 * statement's row, approves the matched lines in batches of one transaction each, counts its progress
 * on the row for every server's screen to read, and pauses between batches so other requests are
 * answered. Each line is checked again inside its batch: a payment approved, refused or edited since
 * the statement was read is skipped, so running the job again is safe.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Caller } from '../../lib/resource/definition.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { now } from '../../lib/time.js';
import { approvePayment } from '../payments/index.js';
import { transactionKey } from './statement-lines.js';
import { lockedPaymentFacts, statementById } from './statements.repository.js';

/** Approvals per transaction: small, since the database is held (SQLite: every request waits) until it commits. */
const APPROVAL_BATCH = 50;
/** A running job whose row has not moved for this long belongs to a server that stopped: another may take it over. */
const STALE_MS = 60_000;

/** Claims the statement's approval for this server (409 while another run is alive) and answers the running job. */
export async function startApproval(db: Kysely<Database>, caller: Caller, statementId: number, log: FastifyBaseLogger): Promise<{ job: Promise<void> }> {
  const statement = await statementById(db, statementId);
  if (!statement) throw notFound();
  if (statement.state === 'replaced') throw new HttpError(409, 'statement_replaced');
  if (statement.state !== 'ready') throw notFound();
  const at = now();
  const stale = new Date(Date.now() - STALE_MS).toISOString();
  const claimed = await db
    .updateTable('payment_statements')
    .set({ approval_state: 'running', approval_total: statement.matched, approval_done: 0, approval_approved: 0, approval_skipped: 0, approval_heartbeat: at })
    .where('id', '=', statementId)
    // A finished run is not started again: calls that arrive just after it would each overwrite its report
    // with a run that finds nothing left (uploading the file again reads it afresh against today's payments).
    .where((eb) =>
      eb.or([eb('approval_state', 'in', ['idle', 'failed']), eb.and([eb('approval_state', '=', 'running'), eb('approval_heartbeat', '<', stale)])]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const done = (await statementById(db, statementId))?.approval_state === 'done';
    throw new HttpError(409, done ? 'statement_approval_done' : 'statement_approval_running');
  }
  const job = approveMatched(db, caller, statementId).catch(async (error: unknown) => {
    log.error({ err: error, statementId }, 'statement approval failed');
    await db
      .updateTable('payment_statements')
      .set({ approval_state: 'failed', updated_at: now() })
      .where('id', '=', statementId)
      .execute()
      .catch((cause: unknown) => log.error({ err: cause, statementId }, 'statement approval: the failure could not be recorded'));
  });
  return { job };
}

/** The job itself: batches of matched lines, in line order, until none is left. */
async function approveMatched(db: Kysely<Database>, caller: Caller, statementId: number): Promise<void> {
  for (let after = 0; ;) {
    const batch = await db
      .selectFrom('statement_lines')
      .select(['id', 'transaction_id', 'amount', 'payment_id'])
      .where('statement_id', '=', statementId)
      .where('kind', '=', 'matched')
      .where('id', '>', after)
      .orderBy('id')
      .limit(APPROVAL_BATCH)
      .execute();
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    await db.transaction().execute(async (trx) => {
      const approved: number[] = [];
      for (const line of batch) {
        const payment = line.payment_id === null ? undefined : await lockedPaymentFacts(trx, line.payment_id);
        const agrees = payment && transactionKey(payment.transaction_id) === transactionKey(line.transaction_id) && payment.amount === Number(line.amount);
        if (agrees && (await approvePayment({ ...caller, trx }, line.payment_id!))) approved.push(line.id);
      }
      if (approved.length > 0) await trx.updateTable('statement_lines').set({ kind: 'approved' }).where('id', 'in', approved).execute();
      await trx
        .updateTable('payment_statements')
        .set((eb) => ({
          matched: eb('matched', '-', approved.length),
          approved: eb('approved', '+', approved.length),
          approval_done: eb('approval_done', '+', batch.length),
          approval_approved: eb('approval_approved', '+', approved.length),
          approval_skipped: eb('approval_skipped', '+', batch.length - approved.length),
          approval_heartbeat: now(),
          updated_at: now(),
        }))
        .where('id', '=', statementId)
        .execute();
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db.updateTable('payment_statements').set({ approval_state: 'done', updated_at: now() }).where('id', '=', statementId).execute();
}
