import { sql } from 'kysely';
import type { Db } from '../database.js';
import { compiledOnce } from '../compiled-once.js';
import { tagsOfPost } from './posts.repository.js';

/**
 * The domain a feed names, with its settings and its list version (decision 030), in the one
 * statement every feed request runs before it can answer 304.
 */
const feedDomainByHost = compiledOnce((db: Db, host: string) =>
  db
    .selectFrom('domains')
    .innerJoin('list_versions', 'list_versions.domain_id', 'domains.id')
    .select([
      'domains.id',
      'domains.domain',
      'domains.name',
      'domains.post_url as postUrl',
      'domains.public_feeds as publicFeeds',
      sql<string>`list_versions.version::text`.as('listVersion'),
    ])
    .where('domains.domain', '=', host),
);

export type FeedDomain = NonNullable<Awaited<ReturnType<typeof findFeedDomain>>>;

/** Host names are stored lower-case (insertDomain). */
export function findFeedDomain(db: Db, host: string) {
  return feedDomainByHost(db, host.toLowerCase());
}

/** The newest published posts, newest published first, by the partial index posts_published_idx. */
export function latestPublishedPosts(db: Db, domainId: string, limit: number) {
  return db
    .selectFrom('posts')
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .select([
      'posts.id',
      'posts.slug',
      'posts.title',
      'posts.short_description',
      'posts.written_by',
      'posts.published_at',
      'posts.updated_at',
      'categories.slug as category_slug',
      'categories.display_name as category_display_name',
    ])
    .select(tagsOfPost().as('tags'))
    .where('posts.domain_id', '=', domainId)
    .where('posts.published', '=', true)
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}

export type FeedPostRow = Awaited<ReturnType<typeof latestPublishedPosts>>[number];

/** How many posts of the domain are published, from the counters (post-counts.repository). */
export async function countPublishedPosts(db: Db, domainId: string): Promise<number> {
  const row = await db
    .selectFrom('post_counts')
    .select(sql<string>`coalesce(sum(n), 0)::text`.as('n'))
    .where('domain_id', '=', domainId)
    .where('published', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Where each sitemap page of `pageSize` posts starts, in the index's order (newest published
 * first): from each start, the next is `pageSize` entries on, by an index-only walk of
 * posts_published_idx (its columns are all the walk needs), so all the starts cost one walk of the
 * domain's entries, done once per version of the domain (routes/feeds/page-starts.ts) rather than
 * once per page asked for (issue 29: page 20 of a million posts walked 950,000 entries on every
 * request). Hops of a recursive query, not row_number() over the whole walk: at 300,000 posts on
 * PostgreSQL 15, 61–91 ms against 260 ms. The time stays text, so that it goes back to PostgreSQL
 * with its microseconds (a Date keeps milliseconds).
 */
export async function sitemapPageStarts(db: Db, domainId: string, pageSize: number): Promise<PageStart[]> {
  const { rows } = await sql<PageStart>`
    with recursive starts (published_at, id, n) as (
      (select p.published_at, p.id, 1 from posts p
       where p.domain_id = ${domainId} and p.published
       order by p.published_at desc, p.id desc limit 1)
      union all
      (select q.published_at, q.id, s.n + 1 from starts s cross join lateral (
         select p.published_at, p.id from posts p
         where p.domain_id = ${domainId} and p.published
           and (p.published_at, p.id) < (s.published_at, s.id)
         order by p.published_at desc, p.id desc
         offset ${pageSize - 1} limit 1) q)
    )
    select published_at::text as published_at, id from starts order by n`.execute(db);
  return rows;
}

/** The first post of a sitemap page: its publication time (as PostgreSQL writes it) and id. */
export interface PageStart {
  published_at: string;
  id: string;
}

/**
 * One page of a sitemap: at most `limit` published posts from `start` (itself included; from the
 * newest without one), in the index's order, read by keyset: no entry before the page is read.
 */
export function publishedPostsPage(db: Db, domainId: string, start: PageStart | null, limit: number) {
  return db
    .selectFrom('posts')
    .select(['posts.slug', 'posts.updated_at'])
    .where('posts.domain_id', '=', domainId)
    .where('posts.published', '=', true)
    .$if(start !== null, (query) =>
      query.where(
        sql<boolean>`(posts.published_at, posts.id) <= (${start!.published_at}::timestamptz, ${start!.id}::uuid)`,
      ),
    )
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}
