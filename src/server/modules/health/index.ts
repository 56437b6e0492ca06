import { defineModule } from '../../lib/server-module.js';
import { healthRoutes } from './health.routes.js';

export const module = defineModule({ tables: [], api: healthRoutes });
