import { sql, type Kysely } from 'kysely';

/**
 * Multi-select custom fields (issue 22, decision 051): the type is allowed, and a filterable one
 * is projected into the post counters like a filterable select (post_count_keys), so its filter's
 * totals come from the counters too: a post's list is one counter combination, and a filter
 * `field.k=v` sums the combinations whose list holds v (`filter_values @> {"k": ["v"]}`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table column_defs drop constraint column_defs_type_check,
      add constraint column_defs_type_check
        check (type in ('text', 'textarea', 'number', 'select', 'multiselect', 'date', 'boolean'))`.execute(
    db,
  );
  await sql`
    create or replace function post_count_keys(domain uuid) returns text[] language sql stable as $$
      select coalesce(array_agg(key order by key), '{}') from column_defs
      where domain_id = domain and type in ('select', 'multiselect') and filterable
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function post_count_keys(domain uuid) returns text[] language sql stable as $$
      select coalesce(array_agg(key order by key), '{}') from column_defs
      where domain_id = domain and type = 'select' and filterable
    $$`.execute(db);
  await sql`
    alter table column_defs drop constraint column_defs_type_check,
      add constraint column_defs_type_check
        check (type in ('text', 'textarea', 'number', 'select', 'date', 'boolean'))`.execute(db);
}
