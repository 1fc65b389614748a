import { sql, type Kysely } from 'kysely';

/**
 * Media assets (DESIGN §3 Assets, §4) and the record of every upload URL handed out, so that
 * registration accepts only keys the server made for the domain and the sweeper can remove
 * uploads that were never registered (docs/decisions/020-assets-and-storage.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // As in the earlier migrations, the extensions may live in a schema outside the search path.
  const schemaOf = async (extension: string) => {
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = ${extension}`.execute(db);
    return rows[0]?.schema ?? 'public';
  };
  const trgmOps = sql`${sql.id(await schemaOf('pg_trgm'))}.gin_trgm_ops`;
  const uuidOps = sql`${sql.id(await schemaOf('btree_gin'))}.uuid_ops`;

  await sql`
    create table assets (
      id uuid primary key default gen_random_uuid(),
      domain_id uuid not null references domains(id) on delete cascade,
      file_name text not null check (length(file_name) between 1 and 255),
      file_key text collate "C" not null unique,
      mime_type text not null check (mime_type in ('image/png', 'image/jpeg')),
      size integer not null check (size between 0 and 10485760),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      description text not null check (length(description) between 1 and 1000),
      public boolean not null default false,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // Newest first, ties by id (DESIGN §3).
  await sql`create index assets_order_idx on assets (domain_id, created_at desc, id desc)`.execute(db);
  // Substring search on the file name or the description (ILIKE '%x%') with trigrams, as for tag
  // names, and with the domain in the same index, as for post search: one GIN index answers
  // "this domain and this text" at once (docs/decisions/020-assets-and-storage.md has the figures).
  await sql`create index assets_search_idx on assets using gin (domain_id ${uuidOps}, file_name ${trgmOps}, description ${trgmOps})`.execute(
    db,
  );

  await sql`
    create table asset_uploads (
      file_key text collate "C" primary key,
      domain_id uuid not null references domains(id) on delete cascade,
      file_name text not null,
      mime_type text not null,
      size integer not null,
      public boolean not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // The sweeper looks for the oldest records.
  await sql`create index asset_uploads_created_idx on asset_uploads (created_at)`.execute(db);
  await sql`create index asset_uploads_domain_idx on asset_uploads (domain_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists asset_uploads`.execute(db);
  await sql`drop table if exists assets`.execute(db);
}
