import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { privateCacheControl } from '../../lib/cache-control.js';
import { noneMatch } from '../../lib/etag.js';
import type { FeedDomain } from '../../db/repositories/feed-posts.repository.js';

/** DELIVERY_CACHE_CONTROL's default; app.ts passes the configured one. */
export const FEED_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/**
 * A feed read with a key is for the key's holders only: `private`, so that a shared cache keeps
 * no copy of unpublic content and a revoked key stops at once there too (decision 041).
 */
export function cacheControlFor(base: string, access: 'public' | 'key') {
  return access === 'key' ? privateCacheControl(base) : base;
}

/**
 * A strong ETag for one document: everything its bytes depend on. The list version moves with
 * every write a feed shows (decision 030); the domain's name and post address, the public address
 * and the document's own path and page size are here because the version does not cover them.
 */
export function feedEtag(domain: FeedDomain, parts: (string | number | boolean)[]) {
  const hash = createHash('sha256')
    .update(JSON.stringify([domain.listVersion, domain.name, domain.postUrl, domain.publicFeeds, ...parts]))
    .digest('base64url');
  return `"f${hash}"`;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a W/ tag with our value matches, as does `*`. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string) {
  return noneMatch(request.headers['if-none-match'], etag);
}
