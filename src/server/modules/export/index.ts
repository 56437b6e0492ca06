import { defineModule } from '../../lib/server-module.js';
import { exportRoutes } from './export.routes.js';

export const module = defineModule({ tables: [], v1: exportRoutes });
