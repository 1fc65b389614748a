import type { Db } from '../../db/database.js';
import { findContentKeyByHash, touchContentKey } from '../../db/repositories/content-keys.repository.js';
import type { FeedDomain } from '../../db/repositories/feed-posts.repository.js';
import { AppError } from '../../lib/app-error.js';
import { hashContentKey, looksLikeContentKey } from '../../lib/content-key.js';

const keyRequired = () =>
  new AppError(
    401,
    [
      'key: a content key of this domain is required (?key=<content key>), or the domain must make its feeds public',
    ],
    'This feed needs a content key of its domain.',
  );

/**
 * Whether the request may read the domain's feeds, and how: `public` when the domain's feeds are
 * public (any key is ignored), `key` when it carries a key of this domain. Throws 401 otherwise:
 * no key, a malformed, unknown or revoked key, or a key of another domain all look the same. An
 * unknown domain (`undefined`) answers as a private one, after the same key lookup, so a feed
 * address does not tell whether a domain exists.
 */
export async function feedAccess(
  db: Db,
  domain: FeedDomain | undefined,
  key: unknown,
): Promise<{ domain: FeedDomain; access: 'public' | 'key' }> {
  if (domain?.publicFeeds) return { domain, access: 'public' };
  if (typeof key !== 'string' || !looksLikeContentKey(key)) throw keyRequired();
  const found = await findContentKeyByHash(db, hashContentKey(key));
  if (domain === undefined || found === undefined || found.domainId !== domain.id) throw keyRequired();
  await touchContentKey(db, found.keyId);
  return { domain, access: 'key' };
}
