import { defineModule } from '../../lib/server-module.js';
import { statementRoutes } from './statements.routes.js';

export const module = defineModule({ v1: statementRoutes });
