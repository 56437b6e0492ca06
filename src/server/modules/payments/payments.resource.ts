/**
 * Fee payments (spec §2, §5; architecture §5): an institute's payment starts pending, only an admin
 * approves it, an approved payment is closed to the institute, and a transaction id is used once.
 */
import { PaymentBody } from '../../../common/schemas/payments.js';
import { HttpError, ValidationError, uniqueViolation } from '../../lib/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { type Caller, columnsOf, defineResource, type TransactionContext } from '../../lib/resource/definition.js';
import { now } from '../../lib/time.js';
import { recordAudit } from '../../lib/audit.js';

type Body = PaymentBody & { institute_id: number };

async function refuseUsedTransaction(db: Kysely<Database>, transactionId: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('scholarship_payments').select('id').where('transaction_id', '=', transactionId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new ValidationError({ transaction_id: ['transaction_used'] });
}

/** Approval is the admin's: an institute may not send it, and its own payments stay pending. */
function approvalOf(ctx: Caller, body: Body, before?: { is_approved: number; approved_by: number | null; approved_at: string | null }) {
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

export const paymentResource = defineResource({
  name: 'scholarship-payments',
  table: 'scholarship_payments',
  columns: {
    ...columnsOf('scholarship_payments', [
      'id',
      'institute_id',
      'amount',
      'payment_method',
      'transaction_id',
      'date',
      'is_approved',
      'approved_by',
      'approved_at',
      'creator',
      'slug',
      'status',
      'created_at',
      'updated_at',
    ]),
    institute_name: 'users.name',
    institute_phone: 'users.phone_number',
  },
  // The institute's name and mobile beside each payment, for the admin's search and Excel.
  source: (db) => db.selectFrom('scholarship_payments').innerJoin('users', 'users.id', 'scholarship_payments.institute_id'),
  searchable: ['transaction_id', 'institute_name'],
  sortable: ['id', 'amount', 'date', 'is_approved', 'institute_id', 'created_at'],
  filterable: ['id', 'institute_id', 'payment_method', 'is_approved', 'date', 'amount'],
  relations: { institute: { table: 'users', foreignKey: 'institute_id', columns: ['name', 'phone_number'] } },
  storeSchema: PaymentBody,
  updateSchema: PaymentBody,
  roles: { read: ['admin', 'institute'], write: ['admin', 'institute'] },
  owner: 'institute_id',
  listColumns: ['id', 'institute_id', 'amount', 'payment_method', 'transaction_id', 'date', 'is_approved', 'approved_at', 'status', 'created_at'],
  exportColumns: [
    'id',
    'institute_id',
    'institute_name',
    'institute_phone',
    'amount',
    'payment_method',
    'transaction_id',
    'date',
    'is_approved',
    'approved_at',
    'status',
    'created_at',
  ],

  async create(ctx, raw) {
    const body = raw as Body;
    await refuseUsedTransaction(ctx.db, body.transaction_id);
    const at = now();
    const approval = approvalOf(ctx, body);
    return ctx.db.transaction().execute(async (trx) => {
      const row = await guardingTransaction(() =>
        trx
          .insertInto('scholarship_payments')
          .values({
            ...paymentColumns(body, approval),
            creator: ctx.user.id,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      await auditApproval({ ...ctx, trx }, row.id, 0, approval.is_approved);
      return row.id;
    });
  },

  async update(ctx, id, raw) {
    const body = raw as Body;
    await refuseUsedTransaction(ctx.trx, body.transaction_id, id);
    const before = await ctx.trx
      .selectFrom('scholarship_payments')
      .select(['is_approved', 'approved_by', 'approved_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const approval = approvalOf(ctx, body, before);
    await guardingTransaction(() =>
      ctx.trx
        .updateTable('scholarship_payments')
        .set({
          ...paymentColumns(body, approval),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute(),
    );
    await auditApproval(ctx, id, before.is_approved, approval.is_approved);
  },

  guardWrite(ctx, row) {
    if (ctx.user.role !== 'admin' && row.is_approved === 1) throw new HttpError(403, 'payment_locked');
  },
});
