import { defineModule } from '../../lib/server-module.js';
import { analyticsRoutes } from './analytics.routes.js';
import { registrationImportRoutes } from './registrations.import.routes.js';

export const module = defineModule({
  v1: async (v1) => {
    await v1.register(analyticsRoutes);
    await v1.register(registrationImportRoutes);
  },
});
