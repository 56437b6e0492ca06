import { defineModule } from '../../lib/server-module.js';
import { paymentDecisionRoutes } from './payments.routes.js';

export const module = defineModule({ v1: paymentDecisionRoutes });
