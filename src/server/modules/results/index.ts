import { defineModule } from '../../lib/server-module.js';
import { instituteResultRoutes } from './institute.routes.js';
import { resultLookupRoutes } from './lookup.routes.js';
import { marksRoutes } from './marks.routes.js';
import { resultRoutes } from './results.routes.js';

export const module = defineModule({
  v1: async (v1) => {
    await v1.register(marksRoutes);
    await v1.register(instituteResultRoutes);
    await v1.register(resultRoutes);
  },
  site: resultLookupRoutes,
});
