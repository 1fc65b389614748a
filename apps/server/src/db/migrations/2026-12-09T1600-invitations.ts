import { sql, type Kysely } from 'kysely';

/**
 * Members and invitations (issue 22, decision 046).
 *
 * `memberships.last_seen_at`: when the member last opened the web app (GET /cms/user/info), written
 * at most once a minute, for every domain of theirs at once.
 *
 * `invitations`: a built-in provider's link for an e-mail that has no account yet. Only the token's
 * SHA-256 is kept; renewing replaces it, so the old link stops working. An invitation is pending
 * while it is neither accepted nor revoked, and at most one per domain and e-mail is. After it is
 * accepted, `signin_hash` (another SHA-256, of a cookie's token) lets the invitee's browser finish
 * its first sign-in without typing the new password again, once and for a few minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships add column last_seen_at timestamptz`.execute(db);
  await sql`
    create table invitations (
      id uuid primary key default gen_random_uuid(),
      domain_id uuid not null references domains (id) on delete cascade,
      email text not null,
      role text not null check (role in ('author', 'editor', 'admin')),
      token_hash text not null unique,
      invited_by text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      revoked_at timestamptz,
      signin_hash text unique,
      signin_expires_at timestamptz
    )`.execute(db);
  await sql`
    create unique index invitations_pending_idx on invitations (domain_id, email)
    where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists invitations`.execute(db);
  await sql`alter table memberships drop column if exists last_seen_at`.execute(db);
}
