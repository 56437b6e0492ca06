import { defineModule } from '../../lib/server-module.js';
import { exportRoutes } from './export.routes.js';

export { headerOf, valueLabels } from './labels.js';

export const module = defineModule({ tables: [], v1: exportRoutes });
