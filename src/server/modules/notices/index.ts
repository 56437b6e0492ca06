import { defineModule } from '../../lib/server-module.js';
import { resumeBulkSends } from './bulk-sends.js';
import { outboxRoutes } from './outbox.routes.js';

export const module = defineModule({ tables: ['outbox', 'notice_sends'], v1: outboxRoutes, start: resumeBulkSends });

// What other modules may use of this one.
export { startBulkSends } from './bulk-sends.js';
export { noticePaymentApproved, noticePaymentRefused, queueNotice } from './outbox.js';
export { fitSms, MAX_SEGMENTS, smsSegments } from './sms-segments.js';
export { noticeAdmitCardsPublished, noticeResultsPublished } from './publication-notices.js';
