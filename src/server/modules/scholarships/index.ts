import { defineModule } from '../../lib/server-module.js';
import { repairAwardsAtStart } from './award-repair.js';
import { scholarshipRoutes } from './scholarships.routes.js';
import { awardVerifyRoutes } from './verify.routes.js';

// Scholarships awarded (docs/integrators/results.md): the awards made from a published result, their letters and
// the public page that verifies a letter.
export const module = defineModule({
  tables: ['scholarship_awards'],
  v1: scholarshipRoutes,
  site: awardVerifyRoutes,
  start: repairAwardsAtStart,
});

// What other modules may use of this one.
export { awardAmounts } from './amounts.js';
export { awardScholarships, withdrawAwards } from './awarding.js';
