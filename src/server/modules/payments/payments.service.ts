/**
 * The rules of fee payments (spec §2, §5; architecture §5): an institute's payment starts pending, only
 * an admin approves it, an approved payment is closed to the institute, and a transaction id is used
 * once. The SQL is in payments.repository.ts.
 */
import type { PaymentBody } from '../../../common/schemas/payments.js';
import { HttpError, ValidationError, uniqueViolation } from '../../lib/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Caller, CreateContext, TransactionContext } from '../../lib/resource/definition.js';
import { type ApprovalState, approvalState, insertPayment, transactionIdTaken, updatePayment } from './payments.repository.js';
import { now } from '../../lib/time.js';
import { recordAudit } from '../../lib/audit.js';

export type Body = PaymentBody & { institute_id: number };

async function refuseUsedTransaction(db: Kysely<Database>, transactionId: string, exceptId?: number): Promise<void> {
  if (await transactionIdTaken(db, transactionId, exceptId)) throw new ValidationError({ transaction_id: ['transaction_used'] });
}

/** Approval is the admin's: an institute may not send it, and its own payments stay pending. */
function approvalOf(ctx: Caller, body: Body, before?: ApprovalState) {
  if (ctx.user.role !== 'admin') {
    if (body.is_approved === 1) throw new ValidationError({ is_approved: ['admin_only_field'] });
    return { is_approved: 0, approved_by: null, approved_at: null };
  }
  const approved = body.is_approved ?? before?.is_approved ?? 0;
  if (before && approved === before.is_approved) return { is_approved: approved, approved_by: before.approved_by, approved_at: before.approved_at };
  return approved === 1 ? { is_approved: 1, approved_by: ctx.user.id, approved_at: now() } : { is_approved: 0, approved_by: null, approved_at: null };
}

/** The columns a payment form writes, on store and on update alike. */
function paymentColumns(body: Body, approval: ReturnType<typeof approvalOf>) {
  return {
    institute_id: body.institute_id,
    amount: body.amount,
    payment_method: body.payment_method,
    transaction_id: body.transaction_id,
    date: body.date,
    ...approval,
    slug: body.transaction_id.toLowerCase(),
  };
}

/** An approval or its withdrawal goes into the audit log, in the write's transaction. */
async function auditApproval(ctx: TransactionContext, id: number, before: number, after: number): Promise<void> {
  if (before === after) return;
  await recordAudit(ctx.trx, {
    actor: ctx.user,
    client: ctx.client,
    action: after === 1 ? 'payment.approve' : 'payment.unapprove',
    entity: 'scholarship-payments',
    entityId: id,
    before: { is_approved: before },
    after: { is_approved: after },
  });
}

/** A clash the check above could not see (two payments racing) is still the same 422. */
async function guardingTransaction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'transaction_id') throw new ValidationError({ transaction_id: ['transaction_used'] });
    throw error;
  }
}

/** Files a payment: pending for an institute, as the admin chose for an admin. */
export async function createPayment(ctx: CreateContext, body: Body): Promise<number> {
  await refuseUsedTransaction(ctx.db, body.transaction_id);
  const at = now();
  const approval = approvalOf(ctx, body);
  return ctx.db.transaction().execute(async (trx) => {
    const id = await guardingTransaction(() => insertPayment(trx, { ...paymentColumns(body, approval), creator: ctx.user.id, created_at: at, updated_at: at }));
    await auditApproval({ ...ctx, trx }, id, 0, approval.is_approved);
    return id;
  });
}

/** Changes a payment in the route's transaction, where the guard below has already seen the locked row. */
export async function changePayment(ctx: TransactionContext, id: number, body: Body): Promise<void> {
  await refuseUsedTransaction(ctx.trx, body.transaction_id, id);
  const before = await approvalState(ctx.trx, id);
  const approval = approvalOf(ctx, body, before);
  await guardingTransaction(() => updatePayment(ctx.trx, id, { ...paymentColumns(body, approval), updated_at: now() }));
  await auditApproval(ctx, id, before.is_approved, approval.is_approved);
}

/** An approved payment is closed to its institute. */
export function guardPayment(caller: Caller, row: Record<string, unknown>): void {
  if (caller.user.role !== 'admin' && row.is_approved === 1) throw new HttpError(403, 'payment_locked');
}
