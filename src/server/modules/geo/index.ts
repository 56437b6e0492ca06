import { defineModule } from '../../lib/server-module.js';
import { geoRoutes } from './geo.routes.js';

export const module = defineModule({ tables: [], api: geoRoutes });
