import { sql, type Kysely } from 'kysely';

/**
 * Image variants (issue 31, decision 064): each asset's SHA-256, in hex, of the bytes it is served
 * with (after registration has removed GPS data), so that its variants' addresses name their
 * content and can be cached for ever. Null for assets registered before: `masthead images
 * rebuild` (or the first render) fills it in; until then they are delivered as their original only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assets
      add column content_hash text collate "C" check (content_hash ~ '^[0-9a-f]{64}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets drop column content_hash`.execute(db);
}
