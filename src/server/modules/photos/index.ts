import { defineModule } from '../../lib/server-module.js';
import { photosRoutes } from './photos.routes.js';

export const module = defineModule({
  // It writes no table of its own: photos go to media and to registrations through their front doors.
  tables: [],
  v1: async (v1) => {
    await v1.register(photosRoutes);
  },
});
