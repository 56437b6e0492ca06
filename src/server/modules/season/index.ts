import { defineModule } from '../../lib/server-module.js';

// The season's state (architecture §10) has one owner: this module writes the exam's row; it has no routes.
export const module = defineModule({ tables: ['exams'] });

// What other modules may use of this one.
export {
  beginProcessing,
  finishProcessing,
  invalidateResults,
  isCurrent,
  lockSeason,
  readSeason,
  saveExamFacts,
  setAdmitCardsPublished,
  switchPublished,
  withdrawPublished,
} from './season.js';
