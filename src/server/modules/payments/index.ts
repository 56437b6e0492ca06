import { defineModule } from '../../lib/server-module.js';
import { paymentDecisionRoutes } from './payments.routes.js';

export { approvePayment } from './payments.service.js';

export const module = defineModule({ tables: ['scholarship_payments', 'payment_totals'], v1: paymentDecisionRoutes });
