import { defineModule } from '../../lib/server-module.js';
import { payoutRoutes } from './payouts.routes.js';

export const module = defineModule({ tables: ['payout_details', 'payout_batches', 'payout_lines'], v1: payoutRoutes });
