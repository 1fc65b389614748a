import { sql, type Kysely } from 'kysely';

/**
 * Post search by domain. The first search index held every domain's posts: a search in one domain
 * built a bitmap over all of them and then intersected it with the domain, and at a million posts
 * that bitmap outgrew work_mem and forced a recheck of thousands of rows (164–470 ms per count).
 * One GIN index over (domain_id, search), with btree_gin for the uuid, answers both conditions at
 * once (14 ms for the same count; docs/decisions/005-search.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  // As with pg_trgm, the extension may live in a schema outside the search path.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'btree_gin'`.execute(db);
  const uuidOps = sql`${sql.id(rows[0]?.schema ?? 'public')}.uuid_ops`;
  await sql`create index posts_domain_search_idx on posts using gin (domain_id ${uuidOps}, search)`.execute(
    db,
  );
  await sql`drop index posts_search_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index posts_search_idx on posts using gin (search)`.execute(db);
  await sql`drop index posts_domain_search_idx`.execute(db);
}
