import { defineModule } from '../../lib/server-module.js';
import { releasePhoneRoutes } from './release-phone.routes.js';

export const module = defineModule({ tables: ['users'], v1: releasePhoneRoutes });
