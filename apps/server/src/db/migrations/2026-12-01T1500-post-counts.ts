import { sql, type Kysely } from 'kysely';

/**
 * Post counters (docs/decisions/025-list-totals-and-search-totals.md). The list's total came from
 * a count(*) over the domain's rows on every call (400,000 of them at a million posts). Now one row
 * per domain, workflow state and combination of filterable values holds how many posts have them,
 * and a list total is the sum of the few rows that match its filters.
 *
 * The counters are kept by statement triggers on posts, in the transaction of the write, so every
 * write path (the services, a tag or category deletion, a domain's cascade, the bench's bulk fill)
 * keeps them right. Each statement's changes are summed per counter row first and applied in the
 * order of the primary key, so two writers always lock shared rows in the same order and cannot
 * deadlock; a statement that changes no counted column (a tag detached) writes no counter at all.
 */
/**
 * Adds a statement's changes to the counters: the rows of `changes` (posts with a delta of 1 or -1)
 * summed per counter row, applied in primary-key order. A domain being deleted has lost its
 * counters by cascade, and its posts' deletion must not make new ones.
 */
function applyDeltas(changes: string) {
  return sql.raw(`
    with changes as (${changes}),
    keys as (
      select d.id as domain_id, post_count_keys(d.id) as keys
      from domains d where d.id in (select domain_id from changes)
    )
    insert into post_counts as c (domain_id, approved, published, filter_values, n)
    select ch.domain_id, ch.approved, ch.published,
           case when k.keys = '{}' then '{}'::jsonb else post_count_values(ch.fields, k.keys) end,
           sum(ch.delta)
    from changes ch join keys k on k.domain_id = ch.domain_id
    group by 1, 2, 3, 4 having sum(ch.delta) <> 0 order by 1, 2, 3, 4
    on conflict (domain_id, approved, published, filter_values) do update set n = c.n + excluded.n`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_counts (
      domain_id uuid not null references domains(id) on delete cascade,
      approved boolean not null,
      published boolean not null,
      -- The post's fields projected onto the domain's filterable select fields.
      filter_values jsonb not null,
      n bigint not null,
      primary key (domain_id, approved, published, filter_values)
    ) with (fillfactor = 50)`.execute(db);
  // Every write rewrites a counter row: the room left on each page lets the new version stay on
  // it (a HOT update, the key is unchanged), so the index is not touched and the table stays small.

  // The keys a list may filter on: what services/post-filters.ts accepts as field.<key>.
  await sql`
    create function post_count_keys(domain uuid) returns text[] language sql stable as $$
      select coalesce(array_agg(key order by key), '{}') from column_defs
      where domain_id = domain and type = 'select' and filterable
    $$`.execute(db);
  await sql`
    create function post_count_values(fields jsonb, keys text[]) returns jsonb language sql immutable as $$
      select coalesce(jsonb_object_agg(k, fields -> k), '{}') from unnest(keys) k where fields ? k
    $$`.execute(db);

  // Writers take this lock shared; recounting a domain (and changing which of its fields are
  // filterable) takes it exclusive, so that it sees every committed post and no writer adds a
  // change computed with the old keys on top of the new counts.
  await sql`
    create function post_counts_lock_shared(domains uuid[]) returns void language sql as $$
      select pg_advisory_xact_lock_shared(hashtext('masthead.post-counts'), hashtext(d::text))
      from unnest(domains) d order by d
    $$`.execute(db);

  await sql`
    create function post_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform post_counts_lock_shared(array(select distinct domain_id from new_rows));
        ${applyDeltas('select domain_id, approved, published, fields, 1 delta from new_rows')};
      elsif tg_op = 'UPDATE' then
        -- Most updates (an edit of the text, a tag detached) move no counter: skip them cheaply.
        if not exists (
          select 1 from old_rows o join new_rows r on r.id = o.id
          where (o.domain_id, o.approved, o.published, o.fields)
                is distinct from (r.domain_id, r.approved, r.published, r.fields)
        ) then
          return null;
        end if;
        perform post_counts_lock_shared(array(
          select domain_id from old_rows union select domain_id from new_rows));
        ${applyDeltas('select domain_id, approved, published, fields, -1 delta from old_rows union all select domain_id, approved, published, fields, 1 delta from new_rows')};
      else
        perform post_counts_lock_shared(array(select distinct domain_id from old_rows));
        ${applyDeltas('select domain_id, approved, published, fields, -1 delta from old_rows')};
      end if;
      return null;
    end
    $$`.execute(db);

  // A trigger with transition tables serves one event only.
  await sql`
    create trigger posts_count_insert after insert on posts
    referencing new table as new_rows for each statement execute function post_counts_apply()`.execute(db);
  await sql`
    create trigger posts_count_update after update on posts
    referencing old table as old_rows new table as new_rows
    for each statement execute function post_counts_apply()`.execute(db);
  await sql`
    create trigger posts_count_delete after delete on posts
    referencing old table as old_rows for each statement execute function post_counts_apply()`.execute(db);

  // The counters of the posts already there.
  await sql`
    insert into post_counts (domain_id, approved, published, filter_values, n)
    select domain_id, approved, published, post_count_values(fields, post_count_keys(domain_id)), count(*)
    from posts group by 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['posts_count_insert', 'posts_count_update', 'posts_count_delete']) {
    await sql`drop trigger if exists ${sql.id(trigger)} on posts`.execute(db);
  }
  await sql`drop function if exists post_counts_apply()`.execute(db);
  await sql`drop function if exists post_counts_lock_shared(uuid[])`.execute(db);
  await sql`drop function if exists post_count_values(jsonb, text[])`.execute(db);
  await sql`drop function if exists post_count_keys(uuid)`.execute(db);
  await sql`drop table if exists post_counts`.execute(db);
}
