import { defineModule } from '../../lib/server-module.js';
import { scheduleMediaCleanup } from './media-cleanup.js';
import { mediaRoutes } from './media.routes.js';
import { uploadsRoutes } from './uploads.routes.js';

export { newMediaKey, recordMedia, type StoredImage } from './media-store.js';
export { storageKey } from './media-paths.js';

export const module = defineModule({
  tables: ['media'],
  v1: async (v1) => {
    await v1.register(mediaRoutes, { prefix: '/media' });
  },
  site: async (app) => {
    await app.register(uploadsRoutes);
  },
  start: (app) => {
    if (app.config.uploads.cleanupEverySeconds !== null) scheduleMediaCleanup(app, app.config.uploads.cleanupEverySeconds);
  },
});

// What other modules may use of this one.
export { claimUploads, refuseForeignUploads } from './upload-ownership.js';
