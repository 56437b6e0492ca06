import { defineModule } from '../../lib/server-module.js';
import { phoneConfirmationRoutes } from './phone-confirmation.routes.js';
import { profileRoutes } from './profile.routes.js';

export const module = defineModule({
  tables: ['email_changes', 'phone_codes'],
  v1: async (v1) => {
    await v1.register(profileRoutes, { prefix: '/profile' });
    await v1.register(phoneConfirmationRoutes, { prefix: '/profile/phone' });
  },
});

// What other modules may use of this one.
export { confirmEmailChange } from './email-change.js';
