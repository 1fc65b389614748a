import { sql, type Kysely } from 'kysely';

/**
 * Search words qualified by their domain (docs/decisions/029-search-words-by-domain.md). Each word
 * of a post's `search` starts with a four-character key of its domain (the last three bytes of the
 * domain's id in base64, `searchKeyOf` in search-words.repository), and the GIN index holds the
 * vector alone. Before, the index was (domain_id, search): every search intersected its words with
 * the domain's own posting list, 400,000 entries for the big domain at a million posts, which took
 * 2 of a rare word's 4.8 ms and 5.4 ms of a two-word search's bitmap. Now a word's posting list is
 * that domain's posts alone, and the vocabulary (search_words) is per domain as well.
 *
 * Two domains whose keys collide (one chance in 16.7 million per pair) only share posting lists:
 * every query still filters on `domain_id`. Positions are dropped (no search ranks or matches
 * phrases), which pays for the key: the vector stays about as large as before.
 *
 * The column is rebuilt, which rewrites the posts table (docs/deploy.md, "Upgrading").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Immutable, as a generated column needs; only built-in functions, so any search_path resolves them.
  await sql`
    create function post_search_vector(domain_id uuid, title text, description text, body text)
    returns tsvector language sql immutable parallel safe as $$
      select array_to_tsvector(array(
        select encode(substring(uuid_send(domain_id) from 14 for 3), 'base64') || word
        from unnest(tsvector_to_array(
          to_tsvector('simple', title) ||
          to_tsvector('simple', description) ||
          to_tsvector('simple', left(body, 250000)))) as word))
    $$`.execute(db);
  await sql`drop index posts_domain_search_idx`.execute(db);
  await sql`alter table posts drop column search`.execute(db);
  // In one statement, so that the rewrite already keeps the vector in the row (migration
  // 2026-12-02T1600-search-inline). With ten times the distinct words (one set per domain), the
  // default statistics keep only words in more than 1.4 % of posts among their 1,000 most common;
  // a word below that is estimated at about 7,000 matches whatever its real count, so a word in
  // 1.5 % of posts flipped between counted and not (decision 025) from one ANALYZE to the next.
  // A target of 250 keeps 2,500 words, down to about 0.6 %, for 0.04 ms more planning per search
  // statement (1,000 kept 0.15 %, but added 0.35 ms).
  await sql`
    alter table posts
      add column search tsvector generated always as (
        post_search_vector(domain_id, title, short_description, editor_text_string)) stored,
      alter column search set storage main,
      alter column search set statistics 250`.execute(db);
  await sql`create index posts_search_idx on posts using gin (search)`.execute(db);
  await sql`truncate search_words`.execute(db);
  await sql`
    insert into search_words (word)
    select distinct unnest(tsvector_to_array(search)) from posts order by 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_search_idx`.execute(db);
  await sql`alter table posts drop column search`.execute(db);
  await sql`
    alter table posts
      add column search tsvector generated always as (
        to_tsvector('simple', title) ||
        to_tsvector('simple', short_description) ||
        to_tsvector('simple', left(editor_text_string, 250000))) stored,
      alter column search set storage main`.execute(db);
  await sql`drop function post_search_vector(uuid, text, text, text)`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'btree_gin'`.execute(db);
  const uuidOps = sql`${sql.id(rows[0]?.schema ?? 'public')}.uuid_ops`;
  await sql`create index posts_domain_search_idx on posts using gin (domain_id ${uuidOps}, search)`.execute(
    db,
  );
  await sql`truncate search_words`.execute(db);
  await sql`
    insert into search_words (word)
    select distinct unnest(tsvector_to_array(search)) from posts order by 1`.execute(db);
}
