import { defineModule } from '../../lib/server-module.js';

// Scholarships awarded (docs/integrators/results.md): the awards made from a published result.
export const module = defineModule({
  tables: ['scholarship_awards'],
});

// What other modules may use of this one.
export { awardAmounts } from './amounts.js';
export { awardScholarships, withdrawAwards } from './awarding.js';
