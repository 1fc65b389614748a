import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** The database is created by the caller (server or test) and closed with the app. */
export default fp(async function database(app: FastifyInstance, options: { db: Db; closeWithApp: boolean }) {
  app.decorate('db', options.db);
  if (options.closeWithApp) app.addHook('onClose', async () => options.db.destroy());
});
