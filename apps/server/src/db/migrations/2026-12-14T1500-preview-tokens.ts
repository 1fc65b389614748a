import { sql, type Kysely } from 'kysely';

/**
 * Previews (issue 30, decision 061).
 *
 * `preview_tokens`: a token names one post (and, optionally, one of its revisions) and expires.
 * Only the token's SHA-256 is kept, as for content keys; every read looks it up, so a revoked one
 * (`revoked_at`) is refused at once by every process. `kind`: `editor` (the editor's own hour) or
 * `share` (a link for people without an account, listed and revocable). The domain is the post's,
 * kept here so that a lookup needs no join to refuse another domain's key; the post's cascade
 * removes its tokens (and a domain's removes its posts). A revision thinned by retention takes its
 * tokens with it (`revision_id` is indexed for that delete).
 *
 * `domains.preview_url`: the website's preview address pattern, with `{token}`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table domains
      add column preview_url text check (preview_url is null or length(preview_url) <= 2000)`.execute(db);
  await sql`
    create table preview_tokens (
      id uuid primary key default gen_random_uuid(),
      domain_id uuid not null,
      post_id uuid not null references posts (id) on delete cascade,
      revision_id uuid references post_revisions (id) on delete cascade,
      kind text not null check (kind in ('editor', 'share')),
      label text check (label is null or length(label) <= 100),
      token_hash text collate "C" not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_by text not null,
      created_by_name text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  // A post's live share links: the list, and the count under the limit.
  await sql`
    create index preview_tokens_shares_idx on preview_tokens (post_id, expires_at)
    where kind = 'share' and revoked_at is null`.execute(db);
  // Every token of a post, for the post's delete; the prune by age.
  await sql`create index preview_tokens_post_idx on preview_tokens (post_id)`.execute(db);
  await sql`create index preview_tokens_expires_idx on preview_tokens (expires_at)`.execute(db);
  await sql`
    create index preview_tokens_revision_idx on preview_tokens (revision_id)
    where revision_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists preview_tokens`.execute(db);
  await sql`alter table domains drop column if exists preview_url`.execute(db);
}
