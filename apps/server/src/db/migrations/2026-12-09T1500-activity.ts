import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (issue 22): one row per change, written by services/activity.ts in the change's
 * own transaction, so a refused or rolled-back change leaves none. Rows are never edited: no call
 * does it and a trigger refuses an UPDATE; they go only with their domain.
 *
 * Paged newest first per domain, by person and by kind: one index each, all ending in `id desc`
 * so every page is a range scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table activity (
      id bigint generated always as identity primary key,
      domain_id uuid not null references domains (id) on delete cascade,
      at timestamptz not null default now(),
      actor_email text not null,
      actor_name text,
      kind text not null,
      object_id text,
      object_label text,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`create index activity_domain_idx on activity (domain_id, id desc)`.execute(db);
  await sql`create index activity_actor_idx on activity (domain_id, actor_email, id desc)`.execute(db);
  await sql`create index activity_kind_idx on activity (domain_id, kind, id desc)`.execute(db);
  await sql`
    create function activity_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'activity rows cannot be changed';
    end $$`.execute(db);
  await sql`
    create trigger activity_append_only before update on activity
    for each row execute function activity_is_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists activity`.execute(db);
  await sql`drop function if exists activity_is_append_only()`.execute(db);
}
