/** The storage the configuration names, as `app.storage`, closed with the app. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../../config.js';
import { localStorage } from './local-storage.js';
import type { Storage } from './storage.js';

export { checkKey, type Storage, type StoredFile, UnsafeKeyError } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp(async (app: FastifyInstance, options: { config: StorageConfig }) => {
  const { config } = options;
  if (config.driver === 'local') {
    app.decorate('storage', localStorage(config.dir));
    return;
  }
  // The AWS client is ~18 MB of memory once imported: only a server that stores in S3 loads it.
  const { s3Storage } = await import('./s3-storage.js');
  const storage = s3Storage(config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.destroy());
});
