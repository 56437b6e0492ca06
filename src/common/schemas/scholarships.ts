/** Scholarships awarded (docs/integrators/results.md): the amount settings per grade and the award's shapes. */
import type { ResultGrade } from './results.js';

/** The season settings that hold each grade's amount, whole taka (docs/integrators/settings.md). */
export const AWARD_AMOUNT_KEYS = {
  talent_pool: 'scholarship_amount_talent_pool',
  general: 'scholarship_amount_general',
} as const satisfies Record<ResultGrade, string>;

/** Each grade's amount in whole taka. */
export type AwardAmounts = Record<ResultGrade, number>;
