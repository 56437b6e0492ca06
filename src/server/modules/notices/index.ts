import { defineModule } from '../../lib/server-module.js';
import { outboxRoutes } from './outbox.routes.js';

export const module = defineModule({ tables: ['outbox'], v1: outboxRoutes });
