import { sql, type Kysely } from 'kysely';

/**
 * The search vocabulary (docs/decisions/027-search-vocabulary.md): every word (lexeme) that any
 * post's `search` holds, once. A prefix search (`word:*`) makes GIN gather every post of every
 * domain that has a word with that prefix into a bitmap before it can intersect anything, about
 * four times the cost of an exact word per post, and more than 90 ms for a word in 100,000 posts.
 * Looked up here first, a prefix becomes the few exact words it stands for, and GIN intersects
 * their posting lists by skipping: a two-word search at a million posts drops from about 95 ms to
 * 8 ms in the index.
 *
 * The words are added by statement triggers in the writer's transaction, so a committed post's
 * words are always here; they are never removed (a word no post has any more only costs a lookup
 * that finds nothing). The "C" collation orders them by code point, as a prefix match compares.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);

  // New words only, in word order, so that two writers adding the same new words wait for each
  // other in the same order and cannot deadlock. An update adds the words of the posts whose
  // search changed (a workflow change or a tag detached adds nothing).
  await sql`
    create function search_words_add() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_words (word)
        select w from (select distinct unnest(tsvector_to_array(n.search)) w from new_rows n) x
        where not exists (select 1 from search_words s where s.word = x.w)
        order by w
        on conflict do nothing;
      else
        insert into search_words (word)
        select w from (
          select distinct unnest(tsvector_to_array(n.search)) w
          from new_rows n join old_rows o on o.id = n.id
          where o.search is distinct from n.search
        ) x
        where not exists (select 1 from search_words s where s.word = x.w)
        order by w
        on conflict do nothing;
      end if;
      return null;
    end
    $$`.execute(db);

  // A trigger with transition tables serves one event only.
  await sql`
    create trigger posts_words_insert after insert on posts
    referencing new table as new_rows for each statement execute function search_words_add()`.execute(db);
  await sql`
    create trigger posts_words_update after update on posts
    referencing old table as old_rows new table as new_rows
    for each statement execute function search_words_add()`.execute(db);

  // The words of the posts already there.
  await sql`
    insert into search_words (word)
    select distinct unnest(tsvector_to_array(search)) from posts order by 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists posts_words_insert on posts`.execute(db);
  await sql`drop trigger if exists posts_words_update on posts`.execute(db);
  await sql`drop function if exists search_words_add()`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
}
