import { sql, type Kysely } from 'kysely';

/**
 * Autovacuum for posts after 1 % of the table changed, not PostgreSQL's default 20 % (200,000 rows at
 * a million posts). Every list page reads posts_order_idx alone (an index-only scan), which needs
 * the visibility map that vacuum keeps, and walks the front of the index, where new posts, edits
 * and deletes leave their dead entries: after a burst of writes, page 0 read 431 index pages (0.43
 * ms) instead of 4 until a vacuum with index cleanup removed them (docs/performance.md). PGlite
 * keeps the settings and runs no autovacuum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01,
                           autovacuum_analyze_scale_factor = 0.02)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor,
                             autovacuum_analyze_scale_factor)`.execute(db);
}
