import { defineModule } from '../../lib/server-module.js';
import { instituteResultRoutes } from './institute.routes.js';
import { resultLookupRoutes } from './lookup.routes.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { deleteMarksOf } from './marks.repository.js';
import { marksRoutes } from './marks.routes.js';

export { LOOKUP_MISSES } from './lookup.routes.js';
export { type PublishedResult, publishedResult } from './published-result.js';
export { RESULT_TEXT } from './results.texts.js';
import { deleteResultsOf } from './results.repository.js';
import { resultRoutes } from './results.routes.js';

export const module = defineModule({
  tables: ['marks', 'results', 'result_rules', 'result_withholdings', 'result_snapshot'],
  v1: async (v1) => {
    await v1.register(marksRoutes);
    await v1.register(instituteResultRoutes);
    await v1.register(resultRoutes);
  },
  site: resultLookupRoutes,
});

/** Registrations deleted for good take their marks and processed results with them (neither has a foreign key: docs/integrators/results.md). */
export async function forgetRegistrations(trx: Transaction<Database>, registrationIds: readonly number[]): Promise<void> {
  await deleteMarksOf(trx, registrationIds);
  await deleteResultsOf(trx, registrationIds);
}
