/** The SQL of fee payments; the rules that decide what is written are in payments.service.ts. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, ScholarshipPaymentsTable } from '../../db/types.js';

/** Whether another payment already uses this transaction id (`exceptId`: the payment being edited). */
export async function transactionIdTaken(db: Kysely<Database>, transactionId: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('scholarship_payments').select('id').where('transaction_id', '=', transactionId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type ApprovalState = { is_approved: number; approved_by: number | null; approved_at: string | null };

export function approvalState(trx: Transaction<Database>, id: number): Promise<ApprovalState> {
  return trx.selectFrom('scholarship_payments').select(['is_approved', 'approved_by', 'approved_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function insertPayment(trx: Transaction<Database>, values: Insertable<ScholarshipPaymentsTable>): Promise<number> {
  return (await trx.insertInto('scholarship_payments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePayment(trx: Transaction<Database>, id: number, values: Updateable<ScholarshipPaymentsTable>): Promise<void> {
  await trx.updateTable('scholarship_payments').set(values).where('id', '=', id).execute();
}
