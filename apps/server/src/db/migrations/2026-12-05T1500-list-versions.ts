import { sql, type Kysely } from 'kysely';

/** The tables whose rows a list answer shows or depends on, each with its domain_id. */
const BY_DOMAIN = ['posts', 'tags', 'categories', 'column_defs'] as const;

/**
 * A version per domain for its lists (decision 030): every transaction that changes a post, a tag, a
 * category, a post's tags or a field definition of the domain adds one to its list_versions row,
 * once, as it commits. A list answer cached under a version is then the answer as long as
 * the version stays, and every server process sees a change the moment it commits.
 *
 * The bump runs at commit, after the statements' counting triggers, so that a writer takes the
 * counting lock before the version's row, in the same order as a field-definition change
 * (post-counts.repository lockDomainCounts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Its own narrow table, not a column of domains: the row is rewritten by every write of the
  // domain, and its dead versions (kept while any snapshot may see them) stay out of the domain row
  // that every request reads. Room on each page lets each update stay on it (HOT).
  await sql`
    create table list_versions (
      domain_id uuid primary key references domains(id) on delete cascade,
      version bigint not null default 0
    ) with (fillfactor = 50)`.execute(db);
  await sql`insert into list_versions (domain_id) select id from domains`.execute(db);
  await sql`
    create function list_versions_add() returns trigger language plpgsql as $$
    begin
      insert into list_versions (domain_id) select id from new_rows;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger domains_list_version_insert after insert on domains
    referencing new table as new_rows for each statement execute function list_versions_add()`.execute(db);

  // Once per transaction and domain: the transaction's later statements become visible at the same
  // commit, so another bump would tell no reader anything. A rolled-back savepoint undoes the
  // setting with the update.
  await sql`
    create function list_versions_bump(domain_ids uuid[]) returns void language plpgsql as $$
    declare
      bumped text := coalesce(current_setting('masthead.list_versions_bumped', true), '');
      todo uuid[];
    begin
      select array_agg(distinct d) into todo from unnest(domain_ids) d
      where d is not null and strpos(bumped, d::text) = 0;
      if todo is null then
        return;
      end if;
      update list_versions set version = version + 1 where domain_id = any(todo);
      perform set_config('masthead.list_versions_bumped', bumped || array_to_string(todo, ' '), true);
    end
    $$`.execute(db);

  // At commit (deferred constraint triggers, one event per row): the version's row is then locked
  // only while the transaction commits, so writers of one domain queue for its commit alone, not
  // for the whole transaction; bumped at the first statement, a post save held it for all of it
  // and the bench's concurrent writes lost 10–20 % (docs/performance.md).
  await sql`
    create function list_versions_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform list_versions_bump(array[new.domain_id]);
      elsif tg_op = 'UPDATE' then
        perform list_versions_bump(array[old.domain_id, new.domain_id]);
      else
        perform list_versions_bump(array[old.domain_id]);
      end if;
      return null;
    end
    $$`.execute(db);

  // post_tags has no domain_id: its post's. A post deleted with its tags bumps through posts.
  await sql`
    create function list_versions_apply_post_tags() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then
        perform list_versions_bump(array(select domain_id from posts where id = new.post_id));
      end if;
      if tg_op <> 'INSERT' then
        perform list_versions_bump(array(select domain_id from posts where id = old.post_id));
      end if;
      return null;
    end
    $$`.execute(db);

  // TRUNCATE has no row triggers (nor constraint triggers): every domain moves, at once.
  await sql`
    create function list_versions_apply_truncate() returns trigger language plpgsql as $$
    begin
      update list_versions set version = version + 1;
      return null;
    end
    $$`.execute(db);

  for (const table of [...BY_DOMAIN, 'post_tags'] as const) {
    const apply = sql.raw(table === 'post_tags' ? 'list_versions_apply_post_tags' : 'list_versions_apply');
    await sql`
      create constraint trigger ${sql.id(`${table}_list_version`)}
      after insert or update or delete on ${sql.id(table)} deferrable initially deferred
      for each row execute function ${apply}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_list_version_truncate`)} after truncate on ${sql.id(table)}
      for each statement execute function list_versions_apply_truncate()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...BY_DOMAIN, 'post_tags']) {
    for (const name of [`${table}_list_version`, `${table}_list_version_truncate`]) {
      await sql`drop trigger if exists ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    }
  }
  await sql`drop function if exists list_versions_apply_truncate()`.execute(db);
  await sql`drop function if exists list_versions_apply_post_tags()`.execute(db);
  await sql`drop function if exists list_versions_apply()`.execute(db);
  await sql`drop function if exists list_versions_bump(uuid[])`.execute(db);
  await sql`drop trigger if exists domains_list_version_insert on domains`.execute(db);
  await sql`drop function if exists list_versions_add()`.execute(db);
  await sql`drop table if exists list_versions`.execute(db);
}
