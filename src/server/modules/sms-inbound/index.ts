import { defineModule } from '../../lib/server-module.js';
import { inboundRoutes } from './inbound.routes.js';

/** Results by SMS (docs/integrators/sms.md): the gateway's callback, answered through the notices' outbox. */
export const module = defineModule({ tables: ['sms_inbound', 'sms_reply_counts'], v1: inboundRoutes });
