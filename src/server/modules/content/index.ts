import { defineModule } from '../../lib/server-module.js';
import { pageLayoutRoutes } from './pages.routes.js';

export const module = defineModule({ v1: pageLayoutRoutes });
