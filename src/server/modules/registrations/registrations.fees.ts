/**
 * A registration's fee status as its payments change it (README: Payments): the students a payment
 * claims, covers or lets go. Payments decide when; the registrations' table is written here only.
 */
import type { Transaction } from 'kysely';
import type { FeeStatus } from '../../../common/constants.js';
import type { Database } from '../../db/types.js';

/** A student whose fee status changed, as the fee counters need it. */
export type MovedStudent = { institute_id: number; fee: number; status: number };

const MOVED = ['institute_id', 'fee', 'status'] as const;

/**
 * Puts the named students of an institute into a pending payment. Only active, unpaid students
 * move; the condition is checked again on the locked row, so of two payments racing for one
 * student exactly one gets it. Answers the students moved.
 */
export function claimStudents(trx: Transaction<Database>, paymentId: number, instituteId: number, ids: readonly number[]): Promise<MovedStudent[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .updateTable('scholarship_registrations')
    .set({ fee_status: 'pending', payment_id: paymentId })
    .where('id', 'in', ids)
    .where('institute_id', '=', instituteId)
    .where('status', '=', 1)
    .where('fee_status', '=', 'unpaid')
    .returning(MOVED)
    .execute();
}

/** Moves every student of a payment to `to` (unpaid frees them from it). */
export function moveStudents(trx: Transaction<Database>, paymentId: number, to: FeeStatus): Promise<MovedStudent[]> {
  return trx
    .updateTable('scholarship_registrations')
    .set(to === 'unpaid' ? { fee_status: to, payment_id: null } : { fee_status: to })
    .where('payment_id', '=', paymentId)
    .returning(MOVED)
    .execute();
}

/** Students read per statement while an amount covers the oldest unpaid ones. */
const COVER_PAGE = 500;

/**
 * Marks paid, for a payment that named nobody, the institute's oldest active unpaid students whose
 * fees its amount pays for (in registration order, stopping at the first that no longer fits).
 */
export async function coverOldestUnpaid(trx: Transaction<Database>, paymentId: number, instituteId: number, amount: number): Promise<MovedStudent[]> {
  const covered: number[] = [];
  let left = amount;
  let after = 0;
  for (;;) {
    const page = await trx
      .selectFrom('scholarship_registrations')
      .select(['id', 'fee'])
      .where('institute_id', '=', instituteId)
      .where('fee_status', '=', 'unpaid')
      .where('status', '=', 1)
      .where('id', '>', after)
      .orderBy('id')
      .limit(COVER_PAGE)
      .execute();
    for (const student of page) {
      if (student.fee > left) return markPaid(trx, paymentId, covered);
      covered.push(student.id);
      left -= student.fee;
    }
    if (page.length < COVER_PAGE) return markPaid(trx, paymentId, covered);
    after = page[page.length - 1]!.id;
  }
}

async function markPaid(trx: Transaction<Database>, paymentId: number, ids: readonly number[]): Promise<MovedStudent[]> {
  const moved: MovedStudent[] = [];
  for (let start = 0; start < ids.length; start += COVER_PAGE) {
    moved.push(
      ...(await trx
        .updateTable('scholarship_registrations')
        .set({ fee_status: 'paid', payment_id: paymentId })
        .where('id', 'in', ids.slice(start, start + COVER_PAGE))
        .where('fee_status', '=', 'unpaid')
        .returning(MOVED)
        .execute()),
    );
  }
  return moved;
}
