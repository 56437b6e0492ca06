import { defineModule } from '../../lib/server-module.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export const module = defineModule({
  v1: async (v1) => {
    await v1.register(twoFactorRoutes, { prefix: '/profile/two-factor' });
  },
});
