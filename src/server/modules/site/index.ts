import { defineModule } from '../../lib/server-module.js';
import { siteIdentityRoutes } from './site-identity.routes.js';
import { siteRoutes } from './site.routes.js';

export const module = defineModule({ api: siteIdentityRoutes, site: siteRoutes });
