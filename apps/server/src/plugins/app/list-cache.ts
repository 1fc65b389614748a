import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ListCache } from '../../lib/list-cache.js';
import type { DomainAccess } from '../../services/access.js';

declare module 'fastify' {
  interface FastifyInstance {
    listCache: ListCache;
  }
}

/** This process's cache of list answers (LIST_CACHE_MB; decision 030). */
export default fp(
  async function listCache(app: FastifyInstance, options: { megabytes: number }) {
    app.decorate('listCache', new ListCache(options.megabytes));
  },
  { name: 'list-cache' },
);

/**
 * Sends a list's answer from the cache when the domain's lists have not changed since it was made,
 * or makes it, serialises it with the route's response schema, and keeps it. The caller has checked
 * the membership (which read `access.listVersion`) before; nothing is cached before that check.
 */
export async function sendList(
  app: FastifyInstance,
  reply: FastifyReply,
  access: DomainAccess,
  query: object,
  answer: () => Promise<object>,
) {
  const key = ListCache.keyOf(access.id, access.listVersion, reply.request.routeOptions.url ?? '', query);
  let json = app.listCache.get(key);
  if (json === undefined) {
    json = reply.serialize(await answer()) as string;
    app.listCache.set(key, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
