import { defineModule } from '../../lib/server-module.js';
import { siteIdentityRoutes } from './site-identity.routes.js';
import { siteRoutes } from './site.routes.js';

export { siteSettings } from './site.data.js';
export { bengaliNumber, notFoundMain } from './site.templates.js';

export const module = defineModule({ tables: [], api: siteIdentityRoutes, site: siteRoutes });
