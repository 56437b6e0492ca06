/**
 * The seat allocation's calls and report (architecture §9): POST /api/v1/exam/allocate starts it as a
 * job; its report is the job's result. The last job started on this device is remembered, so the
 * screen shows its progress or report again when reopened.
 */
import type { Seating } from '../../../common/constants';
import { startJob } from '../../api/jobs';

export type UnseatedReason = 'no_upazila' | 'no_centre' | 'capacity_short';
export type ShortInstitute = { uid: string; name: string | null; students: number };
export type Unseated = {
  reason: UnseatedReason;
  upozilla_id: number | null;
  institutes: number;
  students: number;
  centre_ids: number[];
  /** Reports made before institutes were named have none. */
  institute_list?: ShortInstitute[];
};
export type AllocationReport = { seating: Seating; kept: number; seated: number; released: number; unseated: Unseated[]; unseated_students: number };

const LAST_JOB = 'allocation_job';

export function lastAllocationJob(): number | null {
  const id = Number(localStorage.getItem(LAST_JOB));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function forgetAllocationJob(): void {
  localStorage.removeItem(LAST_JOB);
}

export async function startAllocation(seating: Seating): Promise<number> {
  const id = await startJob('/v1/exam/allocate', { seating });
  localStorage.setItem(LAST_JOB, String(id));
  return id;
}
