import { sql, type Kysely } from 'kysely';

/**
 * The built-in identity provider (DESIGN §1, §4): its accounts, the provider's own records
 * (sessions, grants, codes, refresh tokens, interactions) and its keys. Everything lives in the
 * database so that a restart, or a second instance on the same database, keeps people signed in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idp_accounts (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(email) and length(email) between 3 and 320),
      name text not null check (length(name) between 1 and 200),
      password_hash text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  // One row per oidc-provider record. The payload is the provider's own JSON; the other columns
  // are copies of the fields its adapter looks records up by.
  await sql`
    create table idp_payloads (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    )`.execute(db);
  await sql`create index idp_payloads_grant_idx on idp_payloads (model, grant_id) where grant_id is not null`.execute(
    db,
  );
  await sql`create index idp_payloads_uid_idx on idp_payloads (model, uid) where uid is not null`.execute(db);
  await sql`create index idp_payloads_user_code_idx on idp_payloads (model, user_code) where user_code is not null`.execute(
    db,
  );
  await sql`create index idp_payloads_expires_idx on idp_payloads (expires_at) where expires_at is not null`.execute(
    db,
  );

  // Token signing keys (a private JWK) and cookie-signing secrets; the newest of each kind is
  // the one in use, older ones only verify (docs/decisions/008).
  await sql`
    create table idp_keys (
      id text primary key,
      kind text not null check (kind in ('signing', 'cookie')),
      secret text not null,
      created_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index idp_keys_kind_idx on idp_keys (kind, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idp_keys', 'idp_payloads', 'idp_accounts']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
