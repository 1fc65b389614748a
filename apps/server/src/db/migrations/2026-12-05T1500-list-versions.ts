import { sql, type Kysely } from 'kysely';

/** The tables whose rows a list answer shows or depends on, each with its domain_id. */
const BY_DOMAIN = ['posts', 'tags', 'categories', 'column_defs'] as const;

/**
 * A version per domain for its lists (decision 030): every statement that changes a post, a tag, a
 * category, a post's tags or a field definition of the domain adds one to domains.list_version, in
 * its own transaction. A list answer cached under a version is then the answer as long as the
 * version stays, and every server process sees a change the moment it commits.
 *
 * The bump fires after the counters' trigger (triggers fire in name order: posts_count_* before
 * posts_list_version_*), so that a writer takes the counting lock before the domain's row, in the
 * same order as a field-definition change (post-counts.repository lockDomainCounts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table domains add column list_version bigint not null default 0`.execute(db);

  await sql`
    create function list_versions_bump(domain_ids uuid[]) returns void language sql as $$
      update domains set list_version = list_version + 1
      where id in (select distinct d from unnest(domain_ids) d)
    $$`.execute(db);

  await sql`
    create function list_versions_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform list_versions_bump(array(select domain_id from new_rows));
      elsif tg_op = 'UPDATE' then
        perform list_versions_bump(array(select domain_id from old_rows union select domain_id from new_rows));
      else
        perform list_versions_bump(array(select domain_id from old_rows));
      end if;
      return null;
    end
    $$`.execute(db);

  // post_tags has no domain_id: its post's. A post deleted with its tags bumps through posts.
  await sql`
    create function list_versions_apply_post_tags() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform list_versions_bump(array(
          select p.domain_id from new_rows r join posts p on p.id = r.post_id));
      elsif tg_op = 'UPDATE' then
        perform list_versions_bump(array(
          select p.domain_id from (select post_id from old_rows union select post_id from new_rows) r
          join posts p on p.id = r.post_id));
      else
        perform list_versions_bump(array(
          select p.domain_id from old_rows r join posts p on p.id = r.post_id));
      end if;
      return null;
    end
    $$`.execute(db);

  // TRUNCATE fires no row or delete trigger, and has no transition table: every domain moves.
  await sql`
    create function list_versions_apply_truncate() returns trigger language plpgsql as $$
    begin
      update domains set list_version = list_version + 1;
      return null;
    end
    $$`.execute(db);

  for (const table of [...BY_DOMAIN, 'post_tags'] as const) {
    await sql`
      create trigger ${sql.id(`${table}_list_version_truncate`)} after truncate on ${sql.id(table)}
      for each statement execute function list_versions_apply_truncate()`.execute(db);
    const apply = sql.raw(table === 'post_tags' ? 'list_versions_apply_post_tags' : 'list_versions_apply');
    // A trigger with transition tables serves one event only.
    await sql`
      create trigger ${sql.id(`${table}_list_version_insert`)} after insert on ${sql.id(table)}
      referencing new table as new_rows for each statement execute function ${apply}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_list_version_update`)} after update on ${sql.id(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${apply}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_list_version_delete`)} after delete on ${sql.id(table)}
      referencing old table as old_rows for each statement execute function ${apply}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...BY_DOMAIN, 'post_tags']) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger if exists ${sql.id(`${table}_list_version_${event}`)} on ${sql.id(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop function if exists list_versions_apply_truncate()`.execute(db);
  await sql`drop function if exists list_versions_apply_post_tags()`.execute(db);
  await sql`drop function if exists list_versions_apply()`.execute(db);
  await sql`drop function if exists list_versions_bump(uuid[])`.execute(db);
  await sql`alter table domains drop column if exists list_version`.execute(db);
}
