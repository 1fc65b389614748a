import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import {
  sitemapPageStarts,
  type FeedDomain,
  type PageStart,
} from '../../db/repositories/feed-posts.repository.js';

/** Domains whose page starts are kept; each holds one start per 50,000 posts. */
const DOMAINS_KEPT = 1_000;

/**
 * The starts of a domain's sitemap pages, found once per version of the domain (decision 030: it
 * moves with every write of its posts) and kept: each page is then one keyset read from its start,
 * whichever page is asked for and however often (issue 29). A version asked for while its starts
 * are being found waits for that walk rather than walking again.
 */
export function pageStartsByVersion() {
  const kept = new LRUCache<string, Promise<PageStart[]>>({ max: DOMAINS_KEPT });
  return (db: Db, domain: FeedDomain, pageSize: number): Promise<PageStart[]> => {
    const key = `${domain.id} ${domain.listVersion} ${pageSize}`;
    const found = kept.get(key);
    if (found) return found;
    const walk = sitemapPageStarts(db, domain.id, pageSize);
    kept.set(key, walk);
    // A failed walk (a timeout) is not kept: the next request walks again.
    walk.catch(() => kept.delete(key));
    return walk;
  };
}
