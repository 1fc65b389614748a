import { sql } from 'kysely';
import type { Db } from '../database.js';

/** Tags and categories have the same shape and rules, so one repository serves both tables. */
export type TaxonomyTableName = 'tags' | 'categories';

/** Escapes LIKE wildcards so that a search for "50%" means the characters "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listTaxonomyPage(
  db: Db,
  table: TaxonomyTableName,
  domainId: string,
  options: { search: string; limit: number; offset: number },
) {
  let query = db.selectFrom(table).where('domain_id', '=', domainId);
  if (options.search) query = query.where('display_name', 'ilike', likePattern(options.search));
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql`lower(display_name)`)
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export function listAllTaxonomy(db: Db, table: TaxonomyTableName, domainId: string) {
  return db
    .selectFrom(table)
    .selectAll()
    .where('domain_id', '=', domainId)
    .orderBy(sql`lower(display_name)`)
    .orderBy('id')
    .execute();
}

export function findTaxonomy(
  db: Db,
  table: TaxonomyTableName,
  domainId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  return db
    .selectFrom(table)
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .$if(options.forUpdate === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * How many posts of the domain use a tag or category; served by post_tags_tag_post_idx and
 * posts_category_idx, so it costs an index range, not a scan of the domain's posts.
 */
export async function countPostsUsing(db: Db, table: TaxonomyTableName, domainId: string, id: string) {
  const query =
    table === 'tags'
      ? db
          .selectFrom('post_tags')
          .innerJoin('posts', 'posts.id', 'post_tags.post_id')
          .where('post_tags.tag_id', '=', id)
          .where('posts.domain_id', '=', domainId)
      : db.selectFrom('posts').where('category_id', '=', id).where('domain_id', '=', domainId);
  const row = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export function findTaxonomyDomainId(db: Db, table: TaxonomyTableName, id: string) {
  return db
    .selectFrom(table)
    .select('domain_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.domain_id);
}

/** The subset of `ids` that exist in the domain. */
/**
 * The ids that exist in the domain. Inside a transaction the rows stay locked (FOR KEY SHARE) until
 * it ends, so a tag or category cannot be deleted between this check and the write that links it.
 */
export async function existingTaxonomyIds(db: Db, table: TaxonomyTableName, domainId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('domain_id', '=', domainId)
    .where('id', 'in', ids)
    .forKeyShare()
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function slugTaken(
  db: Db,
  table: TaxonomyTableName,
  domainId: string,
  slug: string,
  exceptId?: string,
) {
  let query = db.selectFrom(table).select('id').where('domain_id', '=', domainId).where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst().then(Boolean);
}

export function insertTaxonomy(
  db: Db,
  table: TaxonomyTableName,
  values: { domainId: string; slug: string; displayName: string },
) {
  return db
    .insertInto(table)
    .values({ domain_id: values.domainId, slug: values.slug, display_name: values.displayName })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates only when the version is one of those given (if any); undefined means no row did. */
export function updateTaxonomy(
  db: Db,
  table: TaxonomyTableName,
  key: { domainId: string; id: string; versions?: number[] },
  values: { slug: string; displayName: string },
) {
  let query = db
    .updateTable(table)
    .set({
      slug: values.slug,
      display_name: values.displayName,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('domain_id', '=', key.domainId)
    .where('id', '=', key.id);
  if (key.versions !== undefined) query = query.where('version', 'in', key.versions);
  return query.returningAll().executeTakeFirst();
}

/**
 * Deletes a tag or category and detaches it from its posts. The caller runs this in a
 * transaction. Affected posts get a new version so that their ETags change.
 */
export async function deleteTaxonomy(trx: Db, table: TaxonomyTableName, domainId: string, id: string) {
  // Lock the row first: a post save that links it holds it (FOR KEY SHARE) until it commits, so
  // the statements below see that post too; a save that comes later finds the row gone.
  const row = await trx
    .selectFrom(table)
    .select('id')
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  // Detaching changes the post, so its version and its last-modified date move.
  const changed = { version: sql<number>`version + 1`, updated_at: sql<Date>`now()` };
  if (table === 'tags') {
    // Only a tag of this domain is detached: an id of another domain changes nothing.
    const tagOfDomain = trx
      .selectFrom('tags')
      .select('id')
      .where('domain_id', '=', domainId)
      .where('id', '=', id);
    await trx
      .updateTable('posts')
      .set(changed)
      .where('id', 'in', trx.selectFrom('post_tags').select('post_id').where('tag_id', 'in', tagOfDomain))
      .execute();
    await trx.deleteFrom('post_tags').where('tag_id', 'in', tagOfDomain).execute();
  } else {
    await trx
      .updateTable('posts')
      .set({ ...changed, category_id: null })
      .where('domain_id', '=', domainId)
      .where('category_id', '=', id)
      .execute();
  }
  const result = await trx
    .deleteFrom(table)
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
