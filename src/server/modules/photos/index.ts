import { defineModule } from '../../lib/server-module.js';
import { photosRoutes } from './photos.routes.js';
import { removeLeftBehind } from './upload-files.js';

export const module = defineModule({
  // It writes no table of its own: photos go to media and to registrations through their front doors.
  tables: [],
  v1: async (v1) => {
    await v1.register(photosRoutes);
  },
  start: (app) => {
    removeLeftBehind().then(
      (removed) => removed > 0 && app.log.info({ removed }, 'photo uploads left by a stopped server removed'),
      (err: unknown) => app.log.warn({ err }, 'photo uploads left behind could not be removed'),
    );
  },
});
