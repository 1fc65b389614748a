import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * What the public endpoints (/api/v1, /feeds) read through: a pool of their own with a
     * statement timeout when the server runs on PostgreSQL (open-database.ts); `db` otherwise.
     */
    deliveryDb: Db;
  }
}

/** The database is created by the caller (server or test) and closed with the app. */
export default fp(async function database(
  app: FastifyInstance,
  options: { db: Db; deliveryDb?: Db; closeWithApp: boolean },
) {
  app.decorate('db', options.db);
  app.decorate('deliveryDb', options.deliveryDb ?? options.db);
  if (options.closeWithApp) {
    app.addHook('onClose', async () => {
      const { db, deliveryDb } = options;
      await Promise.all([db.destroy(), deliveryDb && deliveryDb !== db ? deliveryDb.destroy() : undefined]);
    });
  }
});
