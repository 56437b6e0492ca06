import { defineModule } from '../../lib/server-module.js';
import { photosRoutes } from './photos.routes.js';

export const module = defineModule({
  v1: async (v1) => {
    await v1.register(photosRoutes);
  },
});
