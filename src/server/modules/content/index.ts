import { defineModule } from '../../lib/server-module.js';
import { pageLayoutRoutes } from './pages.routes.js';

export const module = defineModule({
  tables: ['web_pages', 'web_page_menus', 'web_page_sub_menus', 'blog_categories', 'news_categories', 'notice_categories'],
  v1: pageLayoutRoutes,
});

// What other modules may use of this one.
export { layoutOf } from './pages.resource.js';
