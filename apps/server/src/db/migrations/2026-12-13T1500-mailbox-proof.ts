import { sql, type Kysely } from 'kysely';

/**
 * Rights in a domain come only from that domain's admins or the operator (issue 29, decision 055).
 *
 * `idp_accounts.email_verified`: whether the built-in provider's account has shown that it owns its
 * address's mailbox (made by the operator, or by a link that went to that mailbox: an e-mailed
 * invitation or password reset). An account made from an invitation link that an admin saw has not:
 * those existing today are marked so.
 *
 * `memberships.account_id`: the account a membership was given to, when it was given through an
 * invitation. A membership applies to a caller whose e-mail matches and who either owns the mailbox
 * or is that very account; the memberships that accepted invitations made are bound here.
 *
 * `invitations.emailed`: the link went only to the invitee's mailbox, so accepting it proves it.
 *
 * `sign_in_tickets`: the first sign-in after accepting an invitation or resetting a password, bound
 * to the sign-in request that follows (replaces `invitations.signin_hash`). `password_resets`: the
 * forgotten-password links, as SHA-256 only, single use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idp_accounts add column email_verified boolean not null default true`.execute(db);
  await sql`
    update idp_accounts a set email_verified = false
    where exists (select 1 from invitations i where i.email = a.email and i.accepted_at is not null)`.execute(
    db,
  );
  await sql`
    alter table memberships
    add column account_id uuid references idp_accounts (id) on delete cascade`.execute(db);
  await sql`
    update memberships m set account_id = a.id
    from invitations i join idp_accounts a on a.email = i.email
    where i.accepted_at is not null and i.domain_id = m.domain_id and i.email = m.email`.execute(db);
  await sql`alter table invitations add column emailed boolean not null default false`.execute(db);
  await sql`alter table invitations drop column signin_hash, drop column signin_expires_at`.execute(db);
  await sql`
    create table sign_in_tickets (
      token_hash text primary key,
      account_id uuid not null references idp_accounts (id) on delete cascade,
      binding text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table password_resets (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references idp_accounts (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index password_resets_account_idx on password_resets (account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists password_resets`.execute(db);
  await sql`drop table if exists sign_in_tickets`.execute(db);
  await sql`
    alter table invitations
    drop column if exists emailed,
    add column if not exists signin_hash text unique,
    add column if not exists signin_expires_at timestamptz`.execute(db);
  await sql`alter table memberships drop column if exists account_id`.execute(db);
  await sql`alter table idp_accounts drop column if exists email_verified`.execute(db);
}
