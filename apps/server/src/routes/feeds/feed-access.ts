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
 * no key, a malformed, unknown or revoked key, or a key of another domain all look the same.
 */
export async function feedAccess(db: Db, domain: FeedDomain, key: unknown): Promise<'public' | 'key'> {
  if (domain.publicFeeds) return 'public';
  if (typeof key !== 'string' || !looksLikeContentKey(key)) throw keyRequired();
  const access = await findContentKeyByHash(db, hashContentKey(key));
  if (access === undefined || access.domainId !== domain.id) throw keyRequired();
  await touchContentKey(db, access.keyId);
  return 'key';
}
