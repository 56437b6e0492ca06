/**
 * The seat allocation's calls and report (architecture §9): POST /api/v1/exam/allocate starts it as a
 * job; its report is the job's result. The last job started on this device is remembered, so the
 * screen shows its progress or report again when reopened.
 */
import type { Seating } from '../../../common/constants';
import { startJob } from '../../api/jobs';

export type { AllocationReport, Unseated } from '../../../common/schemas/exam';

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
