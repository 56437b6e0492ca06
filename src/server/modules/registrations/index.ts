import { defineModule } from '../../lib/server-module.js';
import { analyticsRoutes } from './analytics.routes.js';
import { registrationImportRoutes } from './registrations.import.routes.js';

export { claimStudents, coverOldestUnpaid, type MovedStudent, moveStudents } from './registrations.fees.js';
export { bumpFees } from './registrations.repository.js';
export { keepNamesIndexMerged } from './names-index-upkeep.js';
export { photoCandidates, setPhotos, type PhotoCandidate } from './registration-photos.js';

export const module = defineModule({
  tables: ['scholarship_registrations', 'registration_counts', 'registration_totals', 'fee_totals', 'sequences'],
  v1: async (v1) => {
    await v1.register(analyticsRoutes);
    await v1.register(registrationImportRoutes);
  },
});
