import { sql, type Kysely } from 'kysely';

/**
 * A post's history (issue 23, decision 050): one row per save, with a full copy of the content as
 * it was saved (PostgreSQL's TOAST compresses the large values), and one row per workflow event,
 * without content. Written by services/revisions.ts in the save's own transaction; deleted with
 * the post. `seq` orders the history: its page is a range scan of post_revisions_history_idx.
 *
 * Retention thins old content rows (plugins/app/revision-pruner.ts): `thinned` says how far a row
 * has been looked at (0 not yet, 1 after the daily pass, 2 after the monthly one), and each pass
 * reads only the rows that crossed its age since the last run, from a partial index of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_revisions (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      post_id uuid not null references posts (id) on delete cascade,
      domain_id uuid not null,
      kind text not null,
      at timestamptz not null,
      actor_email text not null,
      actor_name text,
      changes text[] not null default '{}',
      tags_added integer not null default 0,
      tags_removed integer not null default 0,
      restored_from uuid,
      content_revision_id uuid references post_revisions (id) on delete set null,
      scheduled_for timestamptz,
      thinned smallint not null default 0,
      title text,
      short_description text,
      feature_image_url text,
      editor_html_content text,
      editor_state text,
      editor_text_string text,
      tags jsonb,
      category jsonb,
      fields jsonb,
      written_by text,
      constraint post_revisions_content_kinds check (
        (kind in ('baseline', 'created', 'updated', 'restored')) = (editor_html_content is not null))
    )`.execute(db);
  await sql`create index post_revisions_history_idx on post_revisions (post_id, seq desc)`.execute(db);
  // The last publish of a post, whose revision retention always keeps.
  await sql`
    create index post_revisions_published_idx on post_revisions (post_id, seq desc)
    where kind = 'published'`.execute(db);
  // The foreign key's own lookups when a revision is pruned: publish events alone.
  await sql`
    create index post_revisions_content_ref_idx on post_revisions (content_revision_id)
    where content_revision_id is not null`.execute(db);
  await sql`
    create index post_revisions_daily_idx on post_revisions (at)
    where thinned = 0 and editor_html_content is not null`.execute(db);
  await sql`
    create index post_revisions_monthly_idx on post_revisions (at)
    where thinned = 1 and editor_html_content is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists post_revisions`.execute(db);
}
