import { defineModule } from '../../lib/server-module.js';

// Its routes come from its resource definition (modules/resources.ts); this file says what it owns.
export const module = defineModule({ tables: [] });
