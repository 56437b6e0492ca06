import { defineModule } from '../../lib/server-module.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export const module = defineModule({
  tables: ['recovery_codes', 'login_challenges', 'known_devices'],
  v1: async (v1) => {
    await v1.register(twoFactorRoutes, { prefix: '/profile/two-factor' });
  },
});

// What other modules may use of this one.
export { deviceTokenOf, knownDevice, rememberDevice, setDeviceCookie } from './known-device.js';
export { secondStep } from './second-step.js';
export { CODE_FAILURES, newChallenge } from './two-factor.service.js';
