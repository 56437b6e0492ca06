/**
 * The rules of fee payments (spec §2, §5; architecture §5, §9): a payment covers students — those an
 * institute names when it files it, or on approval its oldest unpaid ones that the amount pays for —
 * and a student is in one live payment at most. A payment is pending until an admin approves it (its
 * students become paid) or refuses it with a reason (its students are free again); an approved
 * payment is closed to its institute; a transaction id is used once. Every move of a student's fee
 * status moves the fee counters, and every decision queues its SMS and mail to the institute (the
 * outbox sends them after the commit), in the same transaction. The SQL is in payments.repository.ts.
 */
import type { Transaction } from 'kysely';
import type { FeeStatus, PaymentState as State } from '../../../common/constants.js';
import type { PaymentBody } from '../../../common/schemas/payments.js';
import { dhakaToday, paymentsOpen } from '../../../common/season.js';
import type { Database } from '../../db/types.js';
import { type AuditAction, recordAudit } from '../../lib/audit.js';
import { HttpError, ValidationError, notFound, uniqueViolation } from '../../lib/errors.js';
import type { Caller, CreateContext, TransactionContext } from '../../lib/resource/definition.js';
import { now } from '../../lib/time.js';
import { bumpFees, claimStudents, coverOldestUnpaid, type MovedStudent, moveStudents } from '../registrations/index.js';
import { noticePaymentApproved, noticePaymentRefused } from '../notices/index.js';
import { seasonSettings } from '../settings/index.js';
import { insertPayment, lockedPayment, type PaymentState, transactionIdTaken, updatePayment } from './payments.repository.js';

export type Body = PaymentBody & { institute_id: number };

/** The fee status of the students a payment in each state holds (a refused payment holds none). */
const STUDENTS_OF: Record<State, FeeStatus> = { pending: 'pending', approved: 'paid', refused: 'unpaid' };

/** Moves the fee counters for students that went from one fee status to another (deactivated ones are not counted). */
async function countMoved(trx: Transaction<Database>, moved: readonly MovedStudent[], from: FeeStatus, to: FeeStatus): Promise<void> {
  const active = moved.filter((student) => student.status === 1);
  await bumpFees(
    trx,
    active.flatMap((student) => [
      { institute_id: student.institute_id, fee_status: from, students: -1, fees: -student.fee },
      { institute_id: student.institute_id, fee_status: to, students: 1, fees: student.fee },
    ]),
  );
}

async function audit(ctx: TransactionContext, action: AuditAction, payment: PaymentState, after: Record<string, unknown>): Promise<void> {
  await recordAudit(ctx.trx, {
    actor: ctx.user,
    client: ctx.client,
    action,
    entity: 'scholarship-payments',
    entityId: payment.id,
    before: { is_approved: payment.is_approved, state: payment.state, students: payment.students },
    after: { is_approved: after.state === 'approved' ? 1 : 0, ...after },
  });
}

/**
 * Takes a payment to another state with its students: approval makes its students paid (or covers
 * the oldest unpaid when it holds none), a return to pending makes them pending again, a refusal
 * frees them. Audited; the caller holds the payment's row.
 */
async function enterState(ctx: TransactionContext, payment: PaymentState, to: State, reason?: string): Promise<void> {
  const from = payment.state;
  if (from === to) return;
  const { trx } = ctx;
  const at = now();
  let students = payment.students;
  if (to === 'approved') {
    let moved = await moveStudents(trx, payment.id, 'paid');
    if (moved.length > 0) await countMoved(trx, moved, STUDENTS_OF[from], 'paid');
    else {
      moved = await coverOldestUnpaid(trx, payment.id, payment.institute_id, payment.amount);
      await countMoved(trx, moved, 'unpaid', 'paid');
    }
    students = moved.length;
    await updatePayment(trx, payment.id, {
      state: to,
      is_approved: 1,
      approved_by: ctx.user.id,
      approved_at: at,
      students,
      refusal_reason: null,
      refused_by: null,
      refused_at: null,
      updated_at: at,
    });
    await audit(ctx, 'payment.approve', payment, { state: to, students });
    const notice = { instituteId: payment.institute_id, paymentId: payment.id, amount: payment.amount, transactionId: payment.transaction_id, students };
    await noticePaymentApproved(trx, notice);
  } else if (to === 'refused') {
    await countMoved(trx, await moveStudents(trx, payment.id, 'unpaid'), STUDENTS_OF[from], 'unpaid');
    await updatePayment(trx, payment.id, {
      state: to,
      is_approved: 0,
      approved_by: null,
      approved_at: null,
      refusal_reason: reason ?? null,
      refused_by: ctx.user.id,
      refused_at: at,
      updated_at: at,
    });
    await audit(ctx, 'payment.refuse', payment, { state: to, reason });
    await noticePaymentRefused(trx, { instituteId: payment.institute_id, paymentId: payment.id, transactionId: payment.transaction_id, reason: reason ?? '' });
  } else {
    if (from === 'approved') await countMoved(trx, await moveStudents(trx, payment.id, 'pending'), 'paid', 'pending');
    await updatePayment(trx, payment.id, {
      state: to,
      is_approved: 0,
      approved_by: null,
      approved_at: null,
      refusal_reason: null,
      refused_by: null,
      refused_at: null,
      updated_at: at,
    });
    if (from === 'approved') await audit(ctx, 'payment.unapprove', payment, { state: to });
  }
}

/**
 * Puts the named students into the payment: every one must be the institute's, active and unpaid,
 * and the amount must be their fees' total (the form shows it before sending).
 */
async function claim(trx: Transaction<Database>, paymentId: number, body: Body, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const moved = await claimStudents(trx, paymentId, body.institute_id, unique);
  if (moved.length !== unique.length) throw new ValidationError({ registration_ids: ['students_not_unpaid'] });
  if (moved.reduce((sum, student) => sum + student.fee, 0) !== body.amount) throw new ValidationError({ amount: ['amount_not_students_fee'] });
  await countMoved(trx, moved, 'unpaid', 'pending');
  return moved.length;
}

/** The total fee of the students a payment holds, which its amount must equal once it names any. */
async function heldFees(trx: Transaction<Database>, paymentId: number): Promise<{ students: number; fees: number }> {
  const row = await trx
    .selectFrom('scholarship_registrations')
    .select((eb) => [eb.fn.countAll<number>().as('students'), eb.fn.sum<number>('fee').as('fees')])
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return { students: Number(row.students), fees: Number(row.fees ?? 0) };
}

/** An institute files payments until the season's payment deadline; an admin at any time. */
async function refuseAfterDeadline(ctx: CreateContext | TransactionContext): Promise<void> {
  if (ctx.user.role === 'admin') return;
  const db = 'db' in ctx ? ctx.db : ctx.trx;
  if (!paymentsOpen(await seasonSettings(db), dhakaToday())) throw new HttpError(403, 'payments_closed');
}

async function refuseUsedTransaction(trx: Transaction<Database>, transactionId: string, exceptId?: number): Promise<void> {
  if (await transactionIdTaken(trx, transactionId, exceptId)) throw new ValidationError({ transaction_id: ['transaction_used'] });
}

/** Approval is the admin's: an institute may not send it. */
function refuseInstituteApproval(ctx: Caller, body: Body): void {
  if (ctx.user.role !== 'admin' && body.is_approved === 1) throw new ValidationError({ is_approved: ['admin_only_field'] });
}

/** The columns a payment form writes, on store and on update alike. */
function formColumns(body: Body) {
  return {
    institute_id: body.institute_id,
    amount: body.amount,
    payment_method: body.payment_method,
    transaction_id: body.transaction_id,
    date: body.date,
    slug: body.transaction_id.toLowerCase(),
  };
}

/** A clash the check before could not see (two payments racing) is still the same 422. */
async function guardingTransaction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'transaction_id') throw new ValidationError({ transaction_id: ['transaction_used'] });
    throw error;
  }
}

/** Files a payment with the students it names: pending, or approved at once when an admin says so. */
export async function createPayment(ctx: CreateContext, body: Body): Promise<number> {
  refuseInstituteApproval(ctx, body);
  await refuseAfterDeadline(ctx);
  const at = now();
  return guardingTransaction(() =>
    ctx.db.transaction().execute(async (trx) => {
      await refuseUsedTransaction(trx, body.transaction_id);
      const id = await insertPayment(trx, { ...formColumns(body), state: 'pending', is_approved: 0, creator: ctx.user.id, created_at: at, updated_at: at });
      const students = await claim(trx, id, body, body.registration_ids ?? []);
      if (students > 0) await updatePayment(trx, id, { students });
      if (body.is_approved === 1) await enterState({ ...ctx, trx }, (await lockedPayment(trx, id))!, 'approved');
      return id;
    }),
  );
}

/**
 * Changes a payment in the route's transaction, where the guard has already seen the locked row.
 * Naming students again replaces those it holds; an institute's edit of a refused payment sends it
 * back for approval; an admin's form approves it or returns an approved one to pending.
 */
export async function changePayment(ctx: TransactionContext, id: number, body: Body): Promise<void> {
  refuseInstituteApproval(ctx, body);
  await refuseUsedTransaction(ctx.trx, body.transaction_id, id);
  const { trx } = ctx;
  const before = (await lockedPayment(trx, id))!;
  const renamed = body.registration_ids !== undefined;
  if (renamed && before.state === 'approved') throw new HttpError(403, 'payment_locked');
  // Students belong to one institute: a payment moved to another (an admin's edit) lets its students go.
  if (renamed || before.institute_id !== body.institute_id) await countMoved(trx, await moveStudents(trx, id, 'unpaid'), STUDENTS_OF[before.state], 'unpaid');
  await guardingTransaction(() => updatePayment(trx, id, { ...formColumns(body), updated_at: now() }));
  if (renamed) await updatePayment(trx, id, { students: await claim(trx, id, body, body.registration_ids!) });
  else {
    const held = await heldFees(trx, id);
    // A changed amount must still be the fees of the students held (an approval's cover may leave change over).
    if (held.students > 0 && body.amount !== before.amount && held.fees !== body.amount) throw new ValidationError({ amount: ['amount_not_students_fee'] });
    if (held.students !== before.students && before.state !== 'approved') await updatePayment(trx, id, { students: held.students });
  }
  const current = (await lockedPayment(trx, id))!;
  const to: State =
    ctx.user.role === 'admin'
      ? body.is_approved === 1
        ? 'approved'
        : body.is_approved === 0 && before.state === 'approved'
          ? 'pending'
          : before.state
      : 'pending';
  await enterState(ctx, current, to);
}

/** Approves one pending payment (the reconciliation's "approve all" calls it per payment); false when it is not pending any more. */
export async function approvePayment(ctx: TransactionContext, id: number): Promise<boolean> {
  const payment = await lockedPayment(ctx.trx, id);
  if (!payment || payment.status !== 1 || payment.state !== 'pending') return false;
  await enterState(ctx, payment, 'approved');
  return true;
}

/** Refuses a pending or approved payment with the admin's reason, which its institute reads on the payment. */
export async function refusePayment(ctx: TransactionContext, id: number, reason: string): Promise<void> {
  const payment = await lockedPayment(ctx.trx, id);
  if (!payment || payment.status !== 1) throw notFound();
  if (payment.state === 'refused') throw new HttpError(409, 'payment_not_pending');
  await enterState(ctx, payment, 'refused', reason);
}

/** A deactivated payment lets its students go, so they can be paid for again; restoring it does not take them back. */
export async function setPaymentStatus({ trx }: TransactionContext, id: number, status: 0 | 1): Promise<void> {
  const payment = (await lockedPayment(trx, id))!;
  if (payment.status === status) return;
  if (status === 0) await countMoved(trx, await moveStudents(trx, id, 'unpaid'), STUDENTS_OF[payment.state], 'unpaid');
  await updatePayment(trx, id, { status, updated_at: now() });
}

export async function destroyPayment({ trx }: TransactionContext, id: number): Promise<void> {
  const payment = (await lockedPayment(trx, id))!;
  const moved = await moveStudents(trx, id, 'unpaid');
  if (payment.status === 1) await countMoved(trx, moved, STUDENTS_OF[payment.state], 'unpaid');
  await trx.deleteFrom('scholarship_payments').where('id', '=', id).execute();
}

/** An approved payment is closed to its institute. */
export function guardPayment(caller: Caller, row: Record<string, unknown>): void {
  if (caller.user.role !== 'admin' && row.is_approved === 1) throw new HttpError(403, 'payment_locked');
}
