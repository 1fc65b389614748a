import { sql, type Kysely } from 'kysely';

/**
 * What the websites read (issue 20, decision 038):
 * - `posts.published_at`, set by the database when a post becomes published and cleared when it
 *   stops, with a partial index in the delivery API's order (newest published first);
 * - `domains.post_url` (a post's address on the website, with `{slug}`) and `domains.public_feeds`;
 * - `content_keys`: read-only keys per domain, stored as the SHA-256 of the key (hex);
 * - `post_changes`: what the changes cursor reads, one row per change a reader can see, written by
 *   a trigger so that no code path can forget it. Each row carries its transaction's id (xid8): a
 *   reader only returns rows of transactions older than every transaction still running
 *   (`pg_snapshot_xmin`), in (xid, seq) order, so a row can never appear behind a cursor that has
 *   already passed its place (see post-changes.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column published_at timestamptz`.execute(db);
  await sql`update posts set published_at = updated_at where published`.execute(db);
  await sql`
    create function posts_published_at() returns trigger language plpgsql as $$
    begin
      if not new.published then
        new.published_at := null;
      elsif tg_op = 'INSERT' or not old.published or old.published_at is null then
        new.published_at := now();
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger posts_published_at before insert or update of published on posts
    for each row execute function posts_published_at()`.execute(db);
  await sql`
    create index posts_published_idx on posts (domain_id, published_at desc, id desc)
    where published`.execute(db);

  await sql`
    alter table domains
      add column post_url text check (post_url is null or length(post_url) <= 2000),
      add column public_feeds boolean not null default false`.execute(db);

  await sql`
    create table content_keys (
      id uuid primary key default gen_random_uuid(),
      domain_id uuid not null references domains(id) on delete cascade,
      name text not null check (length(name) between 1 and 200),
      key_hash text collate "C" not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
      key_start text not null,
      origins text[] not null default '{}',
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index content_keys_domain_idx on content_keys (domain_id, created_at)`.execute(db);

  await sql`
    create table post_changes (
      seq bigint generated always as identity primary key,
      -- No foreign key: a domain's deletion deletes its posts, whose trigger then records changes
      -- of a domain that is gone. The compaction removes them.
      domain_id uuid not null,
      post_id uuid not null,
      slug text collate "C" not null,
      type text not null check (type in ('upsert', 'delete')),
      xid xid8 not null default pg_current_xact_id(),
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index post_changes_cursor_idx on post_changes (domain_id, xid, seq)`.execute(db);
  // The compaction (post-changes.repository) looks for a later change of the same post.
  await sql`create index post_changes_post_idx on post_changes (post_id, xid, seq)`.execute(db);
  // Below this point changes were compacted: a cursor before it may have missed a delete (410).
  await sql`
    create table post_changes_horizon (
      domain_id uuid primary key references domains(id) on delete cascade,
      xid xid8 not null,
      seq bigint not null
    )`.execute(db);

  await sql`
    create function post_changes_record() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.published then
          insert into post_changes (domain_id, post_id, slug, type)
          values (new.domain_id, new.id, new.slug, 'upsert');
        end if;
      elsif tg_op = 'UPDATE' then
        if new.published then
          insert into post_changes (domain_id, post_id, slug, type)
          values (new.domain_id, new.id, new.slug, 'upsert');
        elsif old.published then
          insert into post_changes (domain_id, post_id, slug, type)
          values (old.domain_id, old.id, old.slug, 'delete');
        end if;
      elsif old.published then
        insert into post_changes (domain_id, post_id, slug, type)
        values (old.domain_id, old.id, old.slug, 'delete');
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger posts_changes after insert or update or delete on posts
    for each row execute function post_changes_record()`.execute(db);

  // Every post published now is where a new reader starts.
  await sql`
    insert into post_changes (domain_id, post_id, slug, type)
    select domain_id, id, slug, 'upsert' from posts where published order by published_at, id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger posts_changes on posts`.execute(db);
  await sql`drop function post_changes_record()`.execute(db);
  await sql`drop table post_changes_horizon`.execute(db);
  await sql`drop table post_changes`.execute(db);
  await sql`drop table content_keys`.execute(db);
  await sql`alter table domains drop column post_url, drop column public_feeds`.execute(db);
  await sql`drop trigger posts_published_at on posts`.execute(db);
  await sql`drop function posts_published_at()`.execute(db);
  await sql`alter table posts drop column published_at`.execute(db);
}
