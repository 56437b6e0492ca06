/** The SMS and e-mail outbox. */
import { defineMessages } from './define.js';

export const outboxMessages = defineMessages({
  bn: {
    notice_not_failed: 'শুধু যে বার্তা পাঠানো যায়নি সেটিই আবার পাঠানো যায়।',
  },
  en: {
    notice_not_failed: 'Only a message that failed can be sent again.',
  },
});
