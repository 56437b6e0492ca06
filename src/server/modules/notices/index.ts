import { defineModule } from '../../lib/server-module.js';
import { outboxRoutes } from './outbox.routes.js';

export const module = defineModule({ tables: ['outbox'], v1: outboxRoutes });

// What other modules may use of this one.
export { noticePaymentApproved, noticePaymentRefused, queueNotice } from './outbox.js';
export { fitSms, MAX_SEGMENTS, smsSegments } from './sms-segments.js';
