import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { serviceUnavailable } from '../lib/app-error.js';

export interface ClientConfig {
  env: string;
  apiBaseUri: string;
  authority: string;
  clientId: string;
  /** 'built-in' when the server is its own identity provider: the web app offers the account's settings. */
  accounts: 'built-in' | 'external';
}

/** /readyz waits this long for the database's answer. */
export const READY_TIMEOUT_MS = 2_000;

async function answersWithin(app: FastifyInstance, ms: number): Promise<boolean> {
  const probe = sql`select 1`.execute(app.db).then(
    () => true,
    (error: unknown) => {
      app.log.debug({ err: error }, 'database not ready');
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Health checks and the two configuration documents the web app loads at start (spec §7). */
export default async function systemRoutes(app: FastifyInstance, options: { clientConfig: ClientConfig }) {
  const { env, apiBaseUri, authority, clientId, accounts } = options.clientConfig;

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Ready when the database answers within READY_TIMEOUT_MS. A load balancer asks often, so a
  // database that is down or a connection attempt that hangs costs it no more than that, and the
  // log has the outage's own lines (src/db/database-health.ts) rather than one per probe.
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (await answersWithin(app, READY_TIMEOUT_MS)) return { status: 'ready' };
    throw serviceUnavailable('The database does not answer', 'The server is not ready.');
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
    reply.headers(noStore).send({ env, apiBaseUri, authority, clientId, accounts }),
  );
}
