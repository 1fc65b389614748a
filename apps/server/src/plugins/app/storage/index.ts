import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import localStorageRoutes, { type LocalStorageRoutesOptions } from './local-routes.js';
import { LocalStorage } from '../../../storage/local-storage.js';
import type { Storage } from '../../../storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * The object storage (DESIGN §1) as `app.storage`. With the local driver the server also serves
 * /storage/* itself; the storage closes with the app.
 */
export default fp(
  async function storage(
    app: FastifyInstance,
    options: { storage: Storage; isPublicAsset: LocalStorageRoutesOptions['isPublicAsset'] },
  ) {
    app.decorate('storage', options.storage);
    app.addHook('onClose', async () => options.storage.close());
    if (options.storage instanceof LocalStorage) {
      await app.register(localStorageRoutes, {
        storage: options.storage,
        isPublicAsset: options.isPublicAsset,
      });
    }
  },
  { name: 'storage' },
);
