/** Scholarships awarded (docs/integrators/results.md): the amount settings per grade and the award's shapes. */
import { z } from 'zod';
import { optionalId } from '../validation.js';
import type { ResultGrade } from './results.js';

/** The season settings that hold each grade's amount, whole taka (docs/integrators/settings.md). */
export const AWARD_AMOUNT_KEYS = {
  talent_pool: 'scholarship_amount_talent_pool',
  general: 'scholarship_amount_general',
} as const satisfies Record<ResultGrade, string>;

/** Each grade's amount in whole taka. */
export type AwardAmounts = Record<ResultGrade, number>;

/** One grade's awards: students and taka. */
const GradeAwards = z.object({ students: z.number(), taka: z.number() });

/** The admin's view of the season's awards: the amounts set now, and the live awards per grade. */
export const ScholarshipsView = z.object({
  amounts: z.object({ talent_pool: z.number(), general: z.number() }),
  published: z.boolean(),
  awarded: z.object({ talent_pool: GradeAwards, general: GradeAwards }),
  /** Awards a later publication or the result's withdrawal took back (kept, never deleted). */
  withdrawn: z.number(),
});
export type ScholarshipsView = z.infer<typeof ScholarshipsView>;

/** The letters' job: an institute's (an institute's own; an admin names any) or, for an admin without one, every institute's. */
export const AwardLettersBody = z.object({ institute_id: optionalId() });
