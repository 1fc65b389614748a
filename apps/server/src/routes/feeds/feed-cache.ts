import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FeedDomain } from '../../db/repositories/feed-posts.repository.js';

/**
 * The same as the delivery API's. TODO(merge): the lead wires this and the API's to
 * DELIVERY_CACHE_CONTROL (src/config/env.ts); the feeds take it as a plugin option.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/**
 * A feed read with a key is for the key's holders only: `private`, so that a shared cache keeps
 * no copy of unpublic content and a revoked key stops at once there too (decision 041).
 */
export function cacheControlFor(base: string, access: 'public' | 'key') {
  return access === 'key' ? base.replace(/\bpublic\b/, 'private') : base;
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
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
