import type { FieldFilters } from '@masthead/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../database.js';
import type { Database } from '../tables/database.table.js';
import { postCountsSum } from './post-counts.repository.js';
import { listPostsPage } from './post-list.repository.js';
import { tagsOfPost } from './posts.repository.js';

/** What the delivery API filters a domain's published posts by (routes/api/v1/posts). */
export interface PublishedFilter {
  tagSlug?: string;
  categorySlug?: string;
  /** A tsquery built by `searchTsQuery` (search-words.repository), or null for no search. */
  tsQuery: string | null;
  fields: FieldFilters;
}

type PostsQuery = SelectQueryBuilder<Database, 'posts', object>;

/** The domain's published posts that pass the filter: only ever `published`, so posts_published_idx serves it. */
function publishedPosts(db: Db, domainId: string, filter: PublishedFilter): PostsQuery {
  let query = db
    .selectFrom('posts')
    .where('posts.domain_id', '=', domainId)
    .where('posts.published', '=', true) as PostsQuery;
  if (filter.tagSlug !== undefined) {
    const tagSlug = filter.tagSlug;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags')
          .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
          .select(sql`1`.as('one'))
          .whereRef('post_tags.post_id', '=', 'posts.id')
          .where('tags.domain_id', '=', domainId)
          .where('tags.slug', '=', tagSlug),
      ),
    );
  }
  if (filter.categorySlug !== undefined) {
    const categorySlug = filter.categorySlug;
    query = query.where('posts.category_id', '=', (eb) =>
      eb
        .selectFrom('categories')
        .select('categories.id')
        .where('categories.domain_id', '=', domainId)
        .where('categories.slug', '=', categorySlug),
    );
  }
  if (filter.tsQuery) query = query.where(sql<boolean>`posts.search @@ ${filter.tsQuery}::tsquery`);
  for (const [key, value] of Object.entries(filter.fields)) {
    query = query.where(sql<boolean>`posts.fields @> ${JSON.stringify({ [key]: value })}::jsonb`);
  }
  return query;
}

const deliveryColumns = [
  'posts.id',
  'posts.title',
  'posts.slug',
  'posts.short_description',
  'posts.feature_image_url',
  'posts.fields',
  'posts.written_by',
  'posts.published_at',
  'posts.updated_at',
  'posts.category_id',
  'categories.slug as category_slug',
  'categories.display_name as category_display_name',
] as const;

/** Posts with what a reader sees (and their HTML when asked), published or not. */
function postRows(db: Db, withHtml: boolean) {
  return db
    .selectFrom('posts')
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .select(deliveryColumns)
    .select(tagsOfPost().as('tags'))
    .$if(withHtml, (query) => query.select('posts.editor_html_content as html'));
}

/** Published posts with what a reader sees (and their HTML when asked), by a filter of the caller's. */
function deliveryRows(db: Db, withHtml: boolean) {
  return postRows(db, withHtml).where('posts.published', '=', true);
}

export type DeliveryPostRow = Awaited<ReturnType<ReturnType<typeof deliveryRows>['execute']>>[number] & {
  html?: string;
};

/**
 * How many published posts pass the filter. Field filters alone: the counters. A search without a
 * tag or category: the back office's bounded count (exact up to 1,000 matches, an estimate above,
 * decision 025), since counting every match of a common word reads every matching row. A tag or
 * category: a count of its posts (post_tags_tag_post_idx, posts_category_idx).
 */
async function publishedTotal(db: Db, domainId: string, filter: PublishedFilter): Promise<number> {
  if (!filter.tagSlug && !filter.categorySlug) {
    if (!filter.tsQuery)
      return postCountsSum(db, domainId, { status: 'published', fields: filter.fields })
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const { total } = await listPostsPage(
      db,
      domainId,
      { status: 'published', tsQuery: filter.tsQuery, fields: filter.fields },
      { limit: 0, offset: 0 },
    );
    return total;
  }
  const row = await publishedPosts(db, domainId, filter)
    .select(sql<string>`count(*)::text`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of the domain's published posts, newest published first: the page's ids from
 * posts_published_idx (with the filters), then their rows, and the total (publishedTotal).
 */
export async function listPublishedPage(
  db: Db,
  domainId: string,
  filter: PublishedFilter,
  page: { limit: number; offset: number; withHtml: boolean },
): Promise<{ rows: DeliveryPostRow[]; total: number }> {
  const [ids, total] = await Promise.all([
    publishedPosts(db, domainId, filter)
      .select('posts.id')
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    publishedTotal(db, domainId, filter),
  ]);
  if (ids.length === 0) return { rows: [], total };
  const rows = await deliveryRows(db, page.withHtml)
    .where('posts.domain_id', '=', domainId)
    .where(
      'posts.id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
  return { rows, total };
}

/** One published post of the domain, by id or by slug, with its HTML; undefined for any other. */
export function findPublishedPost(db: Db, domainId: string, by: { id: string } | { slug: string }) {
  const query = deliveryRows(db, true).where('posts.domain_id', '=', domainId);
  return (
    'id' in by ? query.where('posts.id', '=', by.id) : query.where('posts.slug', '=', by.slug)
  ).executeTakeFirst() as Promise<DeliveryPostRow | undefined>;
}

/**
 * One post of the domain as last saved, whatever its state, with its HTML and its workflow state:
 * what a preview token shows (issue 30). Undefined for a post of another domain, or none.
 */
export function findPostForPreview(db: Db, domainId: string, id: string) {
  return postRows(db, true)
    .select(['posts.approved', 'posts.published'])
    .where('posts.domain_id', '=', domainId)
    .where('posts.id', '=', id)
    .executeTakeFirst() as Promise<(DeliveryPostRow & { approved: boolean; published: boolean }) | undefined>;
}

/**
 * One post of the domain in the delivery API's shape (without HTML), whatever its state, with the
 * domain's host and post address: what a webhook event about the post says (webhook-events.ts).
 */
export function findPostForEvent(db: Db, domainId: string, id: string) {
  return postRows(db, false)
    .innerJoin('domains', 'domains.id', 'posts.domain_id')
    .select(['domains.domain', 'domains.post_url', 'posts.published'])
    .where('posts.domain_id', '=', domainId)
    .where('posts.id', '=', id)
    .executeTakeFirst();
}

/**
 * A page of the domain's tags or categories that at least one published post uses, by name
 * (ignoring case), then id, each with how many published posts use it. One that only drafts use,
 * or none, is left out: its name may tell what the domain has not published yet (issue 29).
 */
export async function listPublishedTaxonomyPage(
  db: Db,
  table: 'tags' | 'categories',
  domainId: string,
  page: { limit: number; offset: number },
) {
  // post_tags_tag_post_idx and posts_category_idx find a tag's or category's posts.
  const usedBy =
    table === 'tags'
      ? sql`from post_tags pt join posts p on p.id = pt.post_id where pt.tag_id = t.id and p.published`
      : sql`from posts p where p.category_id = t.id and p.domain_id = t.domain_id and p.published`;
  const used = sql<boolean>`exists (select 1 ${usedBy})`;
  const [rows, total] = await Promise.all([
    db
      .selectFrom(`${table} as t`)
      .select(['t.id', 't.slug', 't.display_name'])
      .select(sql<string>`(select count(*) ${usedBy})::text`.as('post_count'))
      .where('t.domain_id', '=', domainId)
      .where(used)
      .orderBy(sql`lower(t.display_name)`)
      .orderBy('t.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom(`${table} as t`)
      .select(sql<string>`count(*)::text`.as('n'))
      .where('t.domain_id', '=', domainId)
      .where(used)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

const imageAssetColumns = [
  'id',
  'file_key',
  'mime_type',
  'width',
  'height',
  'description',
  'content_hash',
] as const;

/**
 * The domain's public assets at these keys (issue 31): what a page's images are, in one statement
 * on the unique index of file_key. A private asset, or one of another domain, is never returned.
 */
export function findPublicAssetsByKeys(db: Db, domainId: string, fileKeys: string[]) {
  if (fileKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('assets')
    .select(imageAssetColumns)
    .where('file_key', 'in', fileKeys)
    .where('domain_id', '=', domainId)
    .where('public', '=', true)
    .execute();
}

/** One public asset of the domain by id; undefined for a private one, another domain's, or none. */
export function findPublicAsset(db: Db, domainId: string, id: string) {
  return db
    .selectFrom('assets')
    .select(imageAssetColumns)
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('public', '=', true)
    .executeTakeFirst();
}

export type ImageAssetRow = NonNullable<Awaited<ReturnType<typeof findPublicAsset>>>;
