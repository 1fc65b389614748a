import { sql, type SelectQueryBuilder } from 'kysely';
import type { BlogStatus, FieldValue } from '@masthead/contract';
import type { Db } from '../database.js';
import type { Database, NewPost } from '../tables/database.table.js';

export interface PostFilter {
  /** A tsquery built by `prefixTsQuery`, or null for no search. */
  tsQuery: string | null;
  status?: BlogStatus;
  fields: Record<string, string>;
}

/**
 * Every word must match the start of a word (DESIGN §3). Words are split on anything that is not
 * a letter or digit, so what reaches to_tsquery is only letters and digits and needs no quoting.
 */
export function prefixTsQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

const summaryColumns = [
  'posts.id',
  'posts.domain_id',
  'posts.title',
  'posts.slug',
  'posts.short_description',
  'posts.feature_image_url',
  'posts.category_id',
  'posts.fields',
  'posts.written_by',
  'posts.approved',
  'posts.published',
  'posts.version',
  'posts.created_at',
  'posts.updated_at',
] as const;

const categoryColumns = [
  'categories.slug as category_slug',
  'categories.display_name as category_display_name',
] as const;

function filtered(db: Db, domainId: string, filter: PostFilter) {
  let query = db.selectFrom('posts').where('posts.domain_id', '=', domainId);
  if (filter.status === 'draft')
    query = query.where('posts.published', '=', false).where('posts.approved', '=', false);
  if (filter.status === 'approved')
    query = query.where('posts.published', '=', false).where('posts.approved', '=', true);
  if (filter.status === 'published') query = query.where('posts.published', '=', true);
  if (filter.tsQuery)
    query = query.where(sql<boolean>`posts.search @@ to_tsquery('simple', ${filter.tsQuery})`);
  for (const [key, value] of Object.entries(filter.fields)) {
    query = query.where(sql<boolean>`posts.fields @> ${JSON.stringify({ [key]: value })}::jsonb`);
  }
  return query;
}

function withCategory<O>(query: SelectQueryBuilder<Database, 'posts', O>) {
  return query.leftJoin('categories', 'categories.id', 'posts.category_id');
}

export async function listPostsPage(
  db: Db,
  domainId: string,
  filter: PostFilter,
  page: { limit: number; offset: number },
) {
  const base = filtered(db, domainId, filter);
  // Deferred join: the page's ids come from posts_order_idx alone (an index-only scan), so the rows
  // skipped by a deep OFFSET are never read from the table; only the page's own rows are.
  const pageIds = base
    .select('posts.id')
    .orderBy('posts.updated_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    withCategory(db.selectFrom('posts'))
      .select([...summaryColumns, ...categoryColumns])
      .where('posts.id', 'in', pageIds)
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export type PostSummaryRow = Awaited<ReturnType<typeof listPostsPage>>['rows'][number];

export function findPost(db: Db, domainId: string, id: string, options: { forUpdate?: boolean } = {}) {
  let query = withCategory(db.selectFrom('posts'))
    .selectAll('posts')
    .select(categoryColumns)
    .where('posts.domain_id', '=', domainId)
    .where('posts.id', '=', id);
  if (options.forUpdate) query = query.forUpdate('posts');
  return query.executeTakeFirst();
}

export type PostDetailRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

export function findPostDomainId(db: Db, id: string) {
  return db
    .selectFrom('posts')
    .select('domain_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.domain_id);
}

export interface TagOfPost {
  post_id: string;
  id: string;
  slug: string;
  display_name: string;
}

export async function findTagsOfPosts(db: Db, postIds: string[]): Promise<Map<string, TagOfPost[]>> {
  const byPost = new Map<string, TagOfPost[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'tags.id', 'tags.slug', 'tags.display_name'])
    .where('post_tags.post_id', 'in', postIds)
    .orderBy('post_tags.post_id')
    .orderBy('post_tags.position')
    .execute();
  for (const row of rows) byPost.get(row.post_id)?.push(row);
  return byPost;
}

/** Slugs of the family "base", "base-2", "base-3"… already used in the domain by other posts. */
/**
 * Makes the transaction's writers of one slug family (a domain and a base slug) take turns until
 * they commit, so that each sees the slugs the others took.
 */
export async function lockSlugFamily(trx: Db, domainId: string, base: string) {
  const family = `${domainId}/${base}`;
  await sql`select pg_advisory_xact_lock(hashtext('masthead.post-slug'), hashtext(${family}))`.execute(trx);
}

export async function takenSlugs(db: Db, domainId: string, base: string, exceptId?: string) {
  let query = db
    .selectFrom('posts')
    .select('slug')
    .where('domain_id', '=', domainId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.slug));
}

export interface PostValues {
  title: string;
  slug: string;
  short_description: string;
  feature_image_url: string;
  editor_html_content: string;
  editor_state: string | null;
  editor_text_string: string;
  category_id: string | null;
  fields: Record<string, FieldValue>;
  written_by: string;
}

export function insertPost(trx: Db, domainId: string, values: PostValues, extra: Partial<NewPost> = {}) {
  return trx
    .insertInto('posts')
    .values({ ...values, ...extra, domain_id: domainId, fields: JSON.stringify(values.fields) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updatePost(trx: Db, domainId: string, id: string, values: PostValues) {
  return trx
    .updateTable('posts')
    .set({
      ...values,
      fields: JSON.stringify(values.fields),
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function replacePostTags(trx: Db, postId: string, tagIds: string[]) {
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  if (tagIds.length === 0) return;
  await trx
    .insertInto('post_tags')
    .values(tagIds.map((tagId, position) => ({ post_id: postId, tag_id: tagId, position })))
    .execute();
}

export function setPostFlags(
  trx: Db,
  domainId: string,
  id: string,
  flags: { approved: boolean; published: boolean },
) {
  return trx
    .updateTable('posts')
    .set({ ...flags, version: sql`version + 1`, updated_at: sql`now()` })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deletePost(trx: Db, domainId: string, id: string) {
  return trx.deleteFrom('posts').where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
}
