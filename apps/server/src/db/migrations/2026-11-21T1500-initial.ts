import { sql, type Kysely } from 'kysely';

/**
 * The first schema: domains, memberships, tags, categories, posts and custom fields.
 * Slugs use the "C" collation so that prefix searches over a slug family ("x", "x-2", …)
 * use the unique index, whatever the database's default collation is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // The extension may already live in a schema outside the search path (another app's schema, or a
  // provider's "extensions" schema), so its operator class is named with its schema.
  const { rows: trgm } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trgmOps = sql`${sql.id(trgm[0]?.schema ?? 'public')}.gin_trgm_ops`;

  await sql`
    create table domains (
      id uuid primary key default gen_random_uuid(),
      domain text not null unique check (domain = lower(domain) and length(domain) between 1 and 253),
      name text not null check (length(name) between 1 and 200),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table memberships (
      domain_id uuid not null references domains(id) on delete cascade,
      email text not null check (email = lower(email)),
      role text not null check (role in ('author', 'editor', 'admin')),
      created_at timestamptz not null default now(),
      primary key (domain_id, email)
    )`.execute(db);
  await sql`create index memberships_email_idx on memberships (email)`.execute(db);

  for (const table of ['tags', 'categories']) {
    await sql`
      create table ${sql.table(table)} (
        id uuid primary key default gen_random_uuid(),
        domain_id uuid not null references domains(id) on delete cascade,
        slug text collate "C" not null,
        display_name text not null,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (domain_id, slug)
      )`.execute(db);
    // Order by display name ignoring case, ties by id (DESIGN §3).
    await sql`create index ${sql.id(`${table}_order_idx`)} on ${sql.table(table)} (domain_id, lower(display_name), id)`.execute(
      db,
    );
    // Substring search on the display name (ILIKE '%x%') is served by a trigram index.
    await sql`create index ${sql.id(`${table}_name_trgm_idx`)} on ${sql.table(table)} using gin (display_name ${trgmOps})`.execute(
      db,
    );
  }

  await sql`
    create table posts (
      id uuid primary key default gen_random_uuid(),
      domain_id uuid not null references domains(id) on delete cascade,
      title text not null,
      slug text collate "C" not null,
      short_description text not null default '',
      feature_image_url text not null default '',
      editor_html_content text not null default '',
      editor_state text,
      editor_text_string text not null default '',
      category_id uuid references categories(id) on delete set null,
      fields jsonb not null default '{}',
      written_by text not null,
      approved boolean not null default false,
      published boolean not null default false,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- Prefix search on words of the title, description and text; the text is capped so that
      -- a very long post cannot exceed the tsvector size limit.
      search tsvector generated always as (
        to_tsvector('simple', title) ||
        to_tsvector('simple', short_description) ||
        to_tsvector('simple', left(editor_text_string, 250000))
      ) stored,
      unique (domain_id, slug),
      check (published = false or approved = true)
    )`.execute(db);
  await sql`create index posts_order_idx on posts (domain_id, updated_at desc, id desc)`.execute(db);
  await sql`create index posts_status_idx on posts (domain_id, published, approved, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index posts_search_idx on posts using gin (search)`.execute(db);
  await sql`create index posts_fields_idx on posts using gin (fields jsonb_path_ops)`.execute(db);
  await sql`create index posts_category_idx on posts (category_id) where category_id is not null`.execute(db);

  await sql`
    create table post_tags (
      post_id uuid not null references posts(id) on delete cascade,
      tag_id uuid not null references tags(id) on delete cascade,
      position integer not null,
      primary key (post_id, tag_id)
    )`.execute(db);
  await sql`create index post_tags_tag_idx on post_tags (tag_id)`.execute(db);

  await sql`
    create table column_defs (
      domain_id uuid not null references domains(id) on delete cascade,
      key text not null,
      label text not null,
      type text not null check (type in ('text', 'textarea', 'number', 'select', 'date', 'boolean')),
      required boolean not null default false,
      options jsonb,
      filterable boolean not null default false,
      position integer not null,
      primary key (domain_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['column_defs', 'post_tags', 'posts', 'categories', 'tags', 'memberships', 'domains']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
