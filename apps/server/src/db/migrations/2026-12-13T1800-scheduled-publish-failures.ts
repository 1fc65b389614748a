import { sql, type Kysely } from 'kysely';

/**
 * Scheduled posts whose publishing failed (issue 29, decision 059): one row per post in a failure
 * streak, so that the worker sets it aside until `retry_at` and publishes the other due posts
 * meanwhile. The streak belongs to the schedule that failed (`scheduled_for`): a post scheduled
 * again starts afresh. Kept apart from `posts` so that recording a failure touches no post (no
 * version, no list version, no change for the delivery API, none of the triggers that refused it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scheduled_publish_failures (
      post_id uuid primary key references posts (id) on delete cascade,
      scheduled_for timestamptz not null,
      failures integer not null check (failures > 0),
      retry_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists scheduled_publish_failures`.execute(db);
}
