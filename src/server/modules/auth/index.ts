import { defineModule } from '../../lib/server-module.js';
import { authRoutes } from './auth.routes.js';

export const module = defineModule({
  tables: [],
  api: async (api) => {
    await api.register(authRoutes, { prefix: '/auth' });
  },
});
