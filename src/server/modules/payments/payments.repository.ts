/** The SQL of fee payments; the rules that decide what is written are in payments.service.ts (the students a payment covers change through registrations' front door). */
import { type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { lockingRows } from '../../db/handles.js';
import type { Database, ScholarshipPaymentsTable } from '../../db/types.js';

/** Whether another payment already uses this transaction id (`exceptId`: the payment being edited). */
export async function transactionIdTaken(db: Kysely<Database>, transactionId: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('scholarship_payments').select('id').where('transaction_id', '=', transactionId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const PAYMENT_STATE = ['id', 'institute_id', 'amount', 'transaction_id', 'state', 'status', 'students', 'is_approved', 'approved_by', 'approved_at'] as const;

/** A payment's state, read in the write's transaction and locked on PostgreSQL, so two decisions on it follow each other. */
export async function lockedPayment(trx: Transaction<Database>, id: number) {
  const query = trx.selectFrom('scholarship_payments').select(PAYMENT_STATE).where('id', '=', id);
  return lockingRows(trx, query).executeTakeFirst();
}
export type PaymentState = NonNullable<Awaited<ReturnType<typeof lockedPayment>>>;

export async function insertPayment(trx: Transaction<Database>, values: Insertable<ScholarshipPaymentsTable>): Promise<number> {
  return (await trx.insertInto('scholarship_payments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePayment(trx: Transaction<Database>, id: number, values: Updateable<ScholarshipPaymentsTable>): Promise<void> {
  await trx.updateTable('scholarship_payments').set(values).where('id', '=', id).execute();
}
