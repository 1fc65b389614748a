import { sql, type Kysely } from 'kysely';

/**
 * Delivery answers describe a post's images from the domain's public assets (issue 31, decision
 * 065): an image's size, alt text (the asset's description) and variant addresses (its content
 * hash). So a write to a public asset moves the domain's list version (decision 030), at commit,
 * like a write to a post: an answer that shows the asset is made again, and a cached one is never
 * older than the asset. A private asset is never shown there, and costs no bump.
 */
const TRIGGERS = [
  { name: 'assets_list_version_insert', event: 'insert', when: 'new.public' },
  { name: 'assets_list_version_update', event: 'update', when: 'old.public or new.public' },
  { name: 'assets_list_version_delete', event: 'delete', when: 'old.public' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, event, when } of TRIGGERS) {
    await sql`
      create constraint trigger ${sql.id(name)}
      after ${sql.raw(event)} on assets deferrable initially deferred
      for each row when (${sql.raw(when)}) execute function list_versions_apply()`.execute(db);
  }
  await sql`
    create trigger assets_list_version_truncate after truncate on assets
    for each statement execute function list_versions_apply_truncate()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [...TRIGGERS.map((trigger) => trigger.name), 'assets_list_version_truncate']) {
    await sql`drop trigger if exists ${sql.id(name)} on assets`.execute(db);
  }
}
