import { defineModule } from '../../lib/server-module.js';
import { statementRoutes } from './statements.routes.js';

export const module = defineModule({ tables: ['statement_formats', 'payment_statements', 'statement_lines'], v1: statementRoutes });
