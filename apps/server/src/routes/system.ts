import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../lib/app-error.js';

export interface ClientConfig {
  env: string;
  apiBaseUri: string;
  authority: string;
  clientId: string;
}

/** Health checks and the two configuration documents the web app loads at start (spec §7). */
export default async function systemRoutes(app: FastifyInstance, options: { clientConfig: ClientConfig }) {
  const { env, apiBaseUri, authority, clientId } = options.clientConfig;

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async () => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ready' };
    } catch (error) {
      app.log.error({ err: error }, 'database not ready');
      throw new AppError(503, ['The database does not answer'], 'The server is not ready.');
    }
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get(
    '/config/auth_config.json',
    {
      schema: {
        hide: true,
        response: { 200: Type.Object({ authority: Type.String(), clientId: Type.String() }) },
      },
    },
    async (_request, reply) => reply.headers(noStore).send({ authority, clientId }),
  );
  app.get('/config/env_config.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ env, apiBaseUri, authority, clientId }),
  );
}
