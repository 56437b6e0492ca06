import { defineModule } from '../../lib/server-module.js';
import { releasePhoneRoutes } from './release-phone.routes.js';

export const module = defineModule({ tables: ['users', 'access_tokens', 'password_resets'], v1: releasePhoneRoutes });

// What other modules may use of this one.
export {
  addPasswordReset,
  addSession,
  claimTotpStep,
  confirmPhone,
  endSession,
  endSessions,
  setEmail,
  setPassword,
  setTwoFactor,
} from './accounts.repository.js';
export { createUser, findLoginAccount, findPublicUser, updateUser } from './users.repository.js';
export { refuseTakenContacts, sessionAccount, takenContactError } from './users.service.js';
