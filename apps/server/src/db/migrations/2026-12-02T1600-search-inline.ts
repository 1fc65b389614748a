import { sql, type Kysely } from 'kysely';

/**
 * A post's `search` (its tsvector, about 1.9 KB on average) is kept in the row rather than out of
 * line (docs/decisions/027-search-vocabulary.md). Stored out of line, checking one row against a
 * search cost 3 to 17 buffers (the TOAST index and chunks): walking the list order with a search as
 * a filter, 2,414 rows, read 12,171 buffers in 20–47 ms; with the vector in the row, 2,714
 * buffers in 5.5 ms (warm). The long texts (HTML, editor state, plain text) stay out of line
 * first, so the vector is compressed or moved out only when a row cannot fit otherwise.
 *
 * Only rows written from now on are stored this way; `VACUUM FULL posts` rewrites the older ones
 * (docs/deploy.md, "Upgrading").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts alter column search set storage main`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts alter column search set storage extended`.execute(db);
}
