import { defineModule } from '../../lib/server-module.js';
import { settingsRoutes } from './settings.routes.js';

export const module = defineModule({
  tables: ['setting_groups', 'setting_sub_groups', 'setting_values'],
  v1: async (v1) => {
    await v1.register(settingsRoutes, { prefix: '/settings' });
  },
});

// What other modules may use of this one.
export { SEASON_KEYS, seasonOf, seasonSettings, settingValue } from './settings.repository.js';
