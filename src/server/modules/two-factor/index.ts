import { defineModule } from '../../lib/server-module.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export const module = defineModule({
  tables: ['recovery_codes', 'login_challenges'],
  v1: async (v1) => {
    await v1.register(twoFactorRoutes, { prefix: '/profile/two-factor' });
  },
});
