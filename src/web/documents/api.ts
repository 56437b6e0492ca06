/**
 * The exam's PDFs (architecture §9, docs/integrators/exam-day.md): admit cards of an institute or a centre and a
 * centre's room sheets are jobs (202 with the job's id, watched until the file is ready); one
 * student's admit card is answered at once.
 */
import { RESOURCES } from '../../common/resources';
import { startJob } from '../api/jobs';

/** An institute's own (no target), another institute's or a centre's (an admin's). */
export const startAdmitCards = (target: { institute_id?: number; centre_id?: number } = {}) => startJob('/v1/admit-cards', target);

export const startCentreSheets = (centreId: number) => startJob(`/v1/${RESOURCES.centres.name}/${centreId}/sheets`);

export const admitCardPath = (registrationId: number) => `/v1/${RESOURCES.registrations.name}/${registrationId}/admit-card`;
