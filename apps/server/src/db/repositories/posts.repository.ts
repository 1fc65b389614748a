import { sql, type SelectQueryBuilder } from 'kysely';
import type { FieldValue } from '@masthead/contract';
import type { Db } from '../database.js';
import type { Database, NewPost } from '../tables/database.table.js';
import { compiledOnce } from '../compiled-once.js';

// One post at a time: reads, writes, slugs, tags, the workflow's flags and the schedule.

export const categoryColumns = [
  'categories.slug as category_slug',
  'categories.display_name as category_display_name',
] as const;

function withCategory<O>(query: SelectQueryBuilder<Database, 'posts', O>) {
  return query.leftJoin('categories', 'categories.id', 'posts.category_id');
}

/** A tag as a post carries it, in the post's order. */
export interface TagRefRow {
  id: string;
  slug: string;
  display_name: string;
}

/**
 * The row's tags in the post's order, as one JSON value, so that they come in the row's statement.
 * Each tag is its own lookup by primary key: as a join, the planner hashes the whole (small) tags
 * table for every row, eight times slower at 500 tags (docs/performance.md).
 */
export function tagsOfPost() {
  return sql<TagRefRow[]>`coalesce((
    select json_agg((select json_build_object('id', t.id, 'slug', t.slug, 'display_name', t.display_name)
                     from tags t where t.id = pt.tag_id)
                    order by pt.position)
    from post_tags pt
    where pt.post_id = posts.id), '[]'::json)`;
}

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

/**
 * One post of the domain with its category and tags, in one statement: a get by id is one round
 * trip after the access check. Compiled once (decision 031).
 */
export const findPostWithTags = compiledOnce((db: Db, domainId: string, id: string) =>
  withCategory(db.selectFrom('posts'))
    .selectAll('posts')
    .select(categoryColumns)
    .select(tagsOfPost().as('tags'))
    .where('posts.domain_id', '=', domainId)
    .where('posts.id', '=', id),
);

/** A post's title and slug as last saved (locked with `forUpdate`), without its content. */
export function findPostHeading(db: Db, domainId: string, id: string, options: { forUpdate?: boolean } = {}) {
  return db
    .selectFrom('posts')
    .select(['id', 'title', 'slug'])
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .$if(options.forUpdate === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

export function findPostDomainId(db: Db, id: string) {
  return db
    .selectFrom('posts')
    .select('domain_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.domain_id);
}

/**
 * Makes the transaction's writers of one slug family (a domain and a base slug) take turns until
 * they commit, so that each sees the slugs the others took.
 */
export async function lockSlugFamily(trx: Db, domainId: string, base: string) {
  const family = `${domainId}/${base}`;
  await sql`select pg_advisory_xact_lock(hashtext('masthead.post-slug'), hashtext(${family}))`.execute(trx);
}

/** Slugs of the family "base", "base-2", "base-3"… already used in the domain by other posts. */
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
      // An edit cancels a schedule: what was scheduled is not what is now there (decision 043).
      scheduled_for: null,
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
  return (
    trx
      .updateTable('posts')
      // Every workflow change cancels a schedule: publishing by hand, unapproving (decision 043).
      .set({ ...flags, scheduled_for: null, version: sql`version + 1`, updated_at: sql`now()` })
      .where('domain_id', '=', domainId)
      .where('id', '=', id)
      .executeTakeFirst()
  );
}

export function deletePost(trx: Db, domainId: string, id: string) {
  return trx.deleteFrom('posts').where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
}

/** Sets or (with null) clears the time the worker is to publish the post. */
export function setPostSchedule(trx: Db, domainId: string, id: string, at: Date | null) {
  return trx
    .updateTable('posts')
    .set({ scheduled_for: at, version: sql`version + 1`, updated_at: sql`now()` })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The statement of claimDuePost, apart so that a test can read its plan. */
export function duePostQuery(db: Db, now: Date) {
  return (
    db
      .selectFrom('posts')
      .select(['id', 'domain_id', 'scheduled_for', 'title'])
      .where('scheduled_for', 'is not', null)
      .where('scheduled_for', '<=', now)
      // A post whose publishing failed waits for its back-off, so that it never holds up the others.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('scheduled_publish_failures as f')
              .select('f.post_id')
              .whereRef('f.post_id', '=', 'posts.id')
              .whereRef('f.scheduled_for', '=', 'posts.scheduled_for')
              .where('f.retry_at', '>', now),
          ),
        ),
      )
      .orderBy('scheduled_for')
      .limit(1)
      .forUpdate()
      .skipLocked()
  );
}

/**
 * The post whose schedule is due first, locked for the caller's transaction; one that another
 * transaction (another process's worker) holds is skipped, so each is published once, and so is
 * one waiting after a failure. Read from posts_scheduled_due_idx: with nothing due it is one probe
 * of an index of the scheduled posts.
 */
export function claimDuePost(trx: Db, now: Date) {
  return duePostQuery(trx, now).executeTakeFirst();
}
