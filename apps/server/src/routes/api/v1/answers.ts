import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { privateCacheControl } from '../../../lib/cache-control.js';
import { noneMatch } from '../../../lib/etag.js';
import { ListCache } from '../../../lib/list-cache.js';

/** A strong ETag from the bytes of the answer: it changes when, and only when, the answer does. */
export function etagOfJson(json: string) {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
}
const ETAG_LENGTH = 24;

/** The request's query and params, without the key: the request's own parameters. */
function parametersOf(request: FastifyRequest) {
  const { key: _key, ...query } = (request.query ?? {}) as Record<string, unknown>;
  return { ...query, ...((request.params ?? {}) as Record<string, unknown>) };
}

/**
 * How /api/v1 answers a 200: with its ETag and Cache-Control, or a 304 without a body when
 * If-None-Match holds the ETag. `cached` keeps the answer (with its ETag) in the list cache under
 * the domain's list version and post address pattern (decision 030): every write a delivery answer
 * shows moves that version, so a repeated request, or a revalidation, reads no post.
 */
export function deliveryAnswers(app: FastifyInstance, cacheControl: string) {
  const keyedCacheControl = privateCacheControl(cacheControl);
  function send(request: FastifyRequest, reply: FastifyReply, etag: string, json: string) {
    // A key in Authorization leaves the URL the same for every domain and for no key at all: only
    // Vary would keep a shared cache from serving one domain's answer to another, and many CDNs
    // ignore it. So that answer is the reader's own (private); a ?key= URL is one per key already.
    const keyInHeader = request.headers.authorization !== undefined;
    reply.header('etag', etag).header('cache-control', keyInHeader ? keyedCacheControl : cacheControl);
    varyOn(reply, 'Authorization');
    if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  }

  return {
    async cached(request: FastifyRequest, reply: FastifyReply, answer: () => Promise<object>) {
      const key = request.contentKey!;
      const cacheKey = ListCache.keyOf(
        key.domainId,
        `${key.listVersion} ${key.postUrl ?? ''}`,
        request.routeOptions.url ?? '',
        parametersOf(request),
      );
      let packed = app.listCache.get(cacheKey);
      if (packed === undefined) {
        const json = reply.serialize(await answer()) as string;
        packed = etagOfJson(json) + json;
        app.listCache.set(cacheKey, packed);
      }
      return send(request, reply, packed.slice(0, ETAG_LENGTH), packed.slice(ETAG_LENGTH));
    },

    /** An answer that no list version covers (the changes): made each time, its ETag from its bytes. */
    async fresh(request: FastifyRequest, reply: FastifyReply, answer: object) {
      const json = reply.serialize(answer) as string;
      return send(request, reply, etagOfJson(json), json);
    },
  };
}

export type DeliveryAnswers = ReturnType<typeof deliveryAnswers>;

/** Adds a request header to Vary, after any the CORS hook put there. */
function varyOn(reply: FastifyReply, header: string) {
  const current = reply.getHeader('vary');
  const names =
    typeof current === 'string' && current !== '' ? current.split(',').map((name) => name.trim()) : [];
  if (!names.some((name) => name.toLowerCase() === header.toLowerCase())) names.push(header);
  reply.header('vary', names.join(', '));
}
