/** The write requests the benchmark and the soak both send: a new student, a payment approval. */
import { districtById, upazilas } from '../src/common/geo/index.js';
import type { Session } from './common.js';

const upazila = upazilas[0]!;
const district = districtById.get(upazila.district_id)!;

/**
 * Where this run's class rolls start: a student already registered in the same class and roll of an
 * institute is refused as a duplicate, so each run takes rolls above the seed's (100000 up), from its
 * own window.
 */
const rollBase = Math.floor(Math.random() * 900_000);

/** The i-th new student of a run; `label` names the run and `mobilePrefix` keeps its mobiles apart. */
export const studentForm = (i: number, label: string, mobilePrefix: string) => ({
  class: i % 2 ? '04' : '07',
  class_roll: String(100_000 + ((rollBase + i) % 900_000)),
  gender: i % 3 ? 'm' : 'f',
  department: i % 2 ? 'p' : 's',
  name_bangla: 'বেঞ্চ শিক্ষার্থী',
  name_english: `${label} student ${i}`,
  father_name_english: `${label} father`,
  mother_name_english: `${label} mother`,
  contact_number: `${mobilePrefix}${String(i % 10_000_000).padStart(7, '0')}`,
  post_office: label,
  division_id: district.division_id,
  zilla_id: district.id,
  upozilla_id: upazila.id,
});

/** An admin's approval of one of the seeded pending payments: its own form values with is_approved 1. */
export function approvalOf(payment: Session['pendingPayments'][number]) {
  const { id, institute_id, amount, payment_method, transaction_id, date } = payment;
  return {
    method: 'POST' as const,
    path: '/api/v1/scholarship-payments/update',
    body: { id, institute_id, amount, payment_method, transaction_id, date, is_approved: 1 },
  };
}
