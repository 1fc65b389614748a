import { sql, type Kysely } from 'kysely';

/**
 * Uploads go to a staging key, and registration copies the checked file to the asset's own key
 * (decision 035), so an upload record now names where the browser PUTs (`staging_key`; null for
 * records made before, whose browser PUT straight to `file_key`). `claimed_until` keeps a second
 * registration of the same upload out while one runs; `registered_at` marks an upload that became
 * an asset, whose record stays until the sweep removes its staging object.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table asset_uploads
      add column staging_key text collate "C",
      add column claimed_until timestamptz,
      add column registered_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table asset_uploads drop column staging_key, drop column claimed_until, drop column registered_at`.execute(
    db,
  );
}
