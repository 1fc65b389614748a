import { sql, type Kysely } from 'kysely';

/**
 * Keys the server keeps for itself, by name, shared by every process and server on the database
 * (decision 058). The first is the changes cursor's: cursors are sealed with it so that they tell
 * a reader nothing of other domains (the cluster's transaction ids and sequence). A key is made on
 * first use (server-keys.repository), so a restored database keeps its readers' cursors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_keys (
      name text primary key,
      key bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists server_keys`.execute(db);
}
