import { sql, type Insertable } from 'kysely';
import type { ActivityKind } from '@masthead/contract';
import type { Db } from '../database.js';
import type { ActivityTable } from '../tables/database.table.js';

export function insertActivity(db: Db, row: Insertable<ActivityTable>) {
  return db.insertInto('activity').values(row).execute();
}

export interface ActivityFilter {
  email?: string;
  kinds?: ActivityKind[];
}

function filtered(db: Db, domainId: string, filter: ActivityFilter) {
  let query = db.selectFrom('activity').where('domain_id', '=', domainId);
  if (filter.email !== undefined) query = query.where('actor_email', '=', filter.email);
  if (filter.kinds !== undefined) {
    const [only] = filter.kinds;
    query =
      filter.kinds.length === 1 && only !== undefined
        ? query.where('kind', '=', only)
        : query.where('kind', 'in', filter.kinds);
  }
  return query;
}

/**
 * A page of the domain's activity, newest first: a range of one of the three indexes ending in
 * `id desc` (the domain's, a person's, a kind's), read up to the page's end.
 */
export function listActivityPage(
  db: Db,
  domainId: string,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
) {
  return activityPageQuery(db, domainId, filter, page).execute();
}

/** The statement of listActivityPage, apart so that a test can read its plan. */
export function activityPageQuery(
  db: Db,
  domainId: string,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
) {
  return filtered(db, domainId, filter)
    .select(['id', 'at', 'actor_email', 'actor_name', 'kind', 'object_id', 'object_label', 'before', 'after'])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export type ActivityListRow = Awaited<ReturnType<typeof listActivityPage>>[number];

/**
 * How many rows match, counting no further than `bound` (decision 048): an index-only range that
 * stops there, so a count over a domain with millions of rows costs no more than `bound` entries.
 */
export async function countActivity(db: Db, domainId: string, filter: ActivityFilter, bound: number) {
  const row = await activityCountQuery(db, domainId, filter, bound).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The statement of countActivity, apart so that a test can read its plan. */
export function activityCountQuery(db: Db, domainId: string, filter: ActivityFilter, bound: number) {
  return db
    .selectFrom(
      filtered(db, domainId, filter)
        .select(sql<number>`1`.as('one'))
        .limit(bound)
        .as('matching'),
    )
    .select(sql<string>`count(*)`.as('n'));
}

/**
 * Everyone in the domain's activity (at most `limit`), by e-mail, each with the name of their
 * latest row: a skip scan of `activity_actor_idx`, one index probe per person, however many rows
 * each has.
 */
export async function listActivityPeople(db: Db, domainId: string, limit: number) {
  const { rows } = await sql<{ email: string; name: string | null }>`
    with recursive people(email) as (
      (select actor_email from activity where domain_id = ${domainId} order by actor_email limit 1)
      union all
      select (
        select actor_email from activity
        where domain_id = ${domainId} and actor_email > people.email
        order by actor_email limit 1
      )
      from people where people.email is not null
    )
    select people.email, latest.actor_name as name
    from people
    cross join lateral (
      select actor_name from activity
      where domain_id = ${domainId} and actor_email = people.email
      order by id desc limit 1
    ) latest
    where people.email is not null
    limit ${limit}`.execute(db);
  return rows;
}
