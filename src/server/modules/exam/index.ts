import { defineModule } from '../../lib/server-module.js';
import { admitCardRoutes } from './admit-cards.routes.js';
import { deleteSeats } from './exam.repository.js';
import { examRoutes } from './exam.routes.js';
import { verifyRoutes } from './verify.routes.js';

export const module = defineModule({
  tables: ['exam_sittings', 'exam_subjects', 'exam_centres', 'exam_seats'],
  v1: async (v1) => {
    await v1.register(examRoutes);
    await v1.register(admitCardRoutes);
  },
  site: verifyRoutes,
});

/**
 * Registrations deleted for good leave the seat plan: their seats go and their centres count fewer
 * (a seat has no foreign key: a million of them are written in a few seconds; architecture §9).
 */
export const forgetRegistrations = deleteSeats;
