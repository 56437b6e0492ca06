import { defineModule } from '../../lib/server-module.js';
import { outboxRoutes } from './outbox.routes.js';

export const module = defineModule({ v1: outboxRoutes });
