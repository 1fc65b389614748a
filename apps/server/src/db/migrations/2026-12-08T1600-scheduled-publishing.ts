import { sql, type Kysely } from 'kysely';

/**
 * Scheduled publishing (issue 21, decision 043): `posts.scheduled_for`, the time an approved post
 * is to be published by the worker (plugins/app/scheduled-publisher.ts), null when none is set.
 *
 * Only an approved, unpublished post may carry one: the check keeps every write path honest (a
 * publish by hand or an unapproval that forgot to clear it fails rather than leaving a schedule
 * behind). Publishing goes through `published`, so the published_at and post_changes triggers of
 * 2026-12-07T1500-delivery see a scheduled publish like any other.
 *
 * Two partial indexes, each holding only the scheduled posts (a handful): the worker's "what is
 * due" in time order, and the list's `status=scheduled` in list order (its total is counted from
 * the same index, since the post counters do not know schedules).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts
      add column scheduled_for timestamptz,
      add constraint posts_scheduled_only_approved
        check (scheduled_for is null or (approved and not published))`.execute(db);
  await sql`create index posts_scheduled_due_idx on posts (scheduled_for) where scheduled_for is not null`.execute(
    db,
  );
  await sql`
    create index posts_scheduled_list_idx on posts (domain_id, updated_at desc, id desc)
    where scheduled_for is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists posts_scheduled_list_idx`.execute(db);
  await sql`drop index if exists posts_scheduled_due_idx`.execute(db);
  await sql`alter table posts drop constraint if exists posts_scheduled_only_approved, drop column if exists scheduled_for`.execute(
    db,
  );
}
