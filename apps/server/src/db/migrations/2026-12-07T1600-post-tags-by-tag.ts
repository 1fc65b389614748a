import { sql, type Kysely } from 'kysely';

/**
 * post_tags by (tag, post) instead of by tag alone: the delivery API's tag filter finds a tag's
 * posts in this index alone (an index-only scan). With the tag alone it read a heap page per post:
 * at a million posts a tag of 4,477 posts took 300-650 ms to filter and count, and 20-50 ms with
 * this (docs/performance.md). It also serves everything post_tags_tag_idx served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index post_tags_tag_post_idx on post_tags (tag_id, post_id)`.execute(db);
  await sql`drop index post_tags_tag_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index post_tags_tag_idx on post_tags (tag_id)`.execute(db);
  await sql`drop index post_tags_tag_post_idx`.execute(db);
}
