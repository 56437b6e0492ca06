import { defineModule } from '../../lib/server-module.js';
import { admitCardRoutes } from './admit-cards.routes.js';
import { examRoutes } from './exam.routes.js';
import { verifyRoutes } from './verify.routes.js';

export const module = defineModule({
  v1: async (v1) => {
    await v1.register(examRoutes);
    await v1.register(admitCardRoutes);
  },
  site: verifyRoutes,
});
