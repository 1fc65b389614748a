import { sql } from 'kysely';
import type { BlogStatus, FieldValue, FieldFilters } from '@masthead/contract';
import type { Db } from '../database.js';

/**
 * The posts of a domain that match a status and field filter, summed from post_counts (kept by
 * the triggers of migration 2026-12-01T1500-post-counts): a few counter rows, never the posts.
 */
export async function sumPostCounts(
  db: Db,
  domainId: string,
  filter: { status?: BlogStatus; fields: FieldFilters },
): Promise<number> {
  const row = await postCountsSum(db, domainId, filter).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The statement of sumPostCounts, to run alone or as a subquery (its sum is text: a bigint). */
export function postCountsSum(
  db: Db,
  domainId: string,
  filter: { status?: BlogStatus; fields: FieldFilters },
) {
  if (filter.status === 'scheduled') return scheduledCount(db, domainId, filter.fields);
  let query = db.selectFrom('post_counts').where('domain_id', '=', domainId);
  if (filter.status === 'draft') query = query.where('published', '=', false).where('approved', '=', false);
  if (filter.status === 'approved') query = query.where('published', '=', false).where('approved', '=', true);
  if (filter.status === 'published') query = query.where('published', '=', true);
  if (Object.keys(filter.fields).length > 0)
    query = query.where(sql<boolean>`filter_values @> ${JSON.stringify(filter.fields)}::jsonb`);
  return query.select(sql<string>`coalesce(sum(n), 0)::text`.as('n'));
}

/**
 * The counters do not know schedules: scheduled posts are counted from posts_scheduled_list_idx,
 * which holds them alone (a few rows, decision 043). Same shape as postCountsSum's statement.
 */
function scheduledCount(db: Db, domainId: string, fields: FieldFilters) {
  let query = db.selectFrom('posts').where('domain_id', '=', domainId).where('scheduled_for', 'is not', null);
  if (Object.keys(fields).length > 0)
    query = query.where(sql<boolean>`fields @> ${JSON.stringify(fields)}::jsonb`);
  return query.select(sql<string>`count(*)::text`.as('n'));
}

/**
 * Waits for the domain's writers to commit and keeps new ones out until the transaction ends
 * (they take the same lock shared, in the counting trigger). Taken before the domain's counters
 * are recomputed, or its filterable fields change.
 */
export async function lockDomainCounts(trx: Db, domainId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('masthead.post-counts'), hashtext(${domainId}::text))`.execute(
    trx,
  );
}

export interface CounterChange {
  approved: boolean;
  published: boolean;
  filterValues: Record<string, FieldValue>;
  before: number;
  after: number;
}

interface CounterRow {
  approved: boolean;
  published: boolean;
  filter_values: Record<string, FieldValue>;
  n: string;
}

const keyOf = (row: CounterRow) => JSON.stringify([row.approved, row.published, row.filter_values]);

/**
 * Recomputes the domain's counters from its posts, with the domain's current filterable fields,
 * and returns the counter rows whose value changed (rows of 0 count as absent). The caller runs it
 * in a transaction; it takes the domain's counting lock first.
 */
export async function recountDomain(trx: Db, domainId: string): Promise<CounterChange[]> {
  await lockDomainCounts(trx, domainId);
  const { rows: before } = await sql<CounterRow>`
    delete from post_counts where domain_id = ${domainId}
    returning approved, published, filter_values, n::text as n`.execute(trx);
  const { rows: after } = await sql<CounterRow>`
    insert into post_counts (domain_id, approved, published, filter_values, n)
    select p.domain_id, p.approved, p.published,
           case when k.keys = '{}' then '{}'::jsonb else post_count_values(p.fields, k.keys) end,
           count(*)
    from posts p cross join (select post_count_keys(${domainId}::uuid) as keys) k
    where p.domain_id = ${domainId}
    group by 1, 2, 3, 4
    returning approved, published, filter_values, n::text as n`.execute(trx);
  const counts = new Map<string, CounterChange>();
  const entry = (row: CounterRow) => {
    const key = keyOf(row);
    let change = counts.get(key);
    if (!change) {
      change = {
        approved: row.approved,
        published: row.published,
        filterValues: row.filter_values,
        before: 0,
        after: 0,
      };
      counts.set(key, change);
    }
    return change;
  };
  for (const row of before) entry(row).before += Number(row.n);
  for (const row of after) entry(row).after += Number(row.n);
  const changes = [...counts.values()].filter((c) => c.before !== c.after);
  // Lists keep their totals under the domain's list version (decision 030); new counts are a change.
  if (changes.length > 0) await sql`select list_versions_bump(array[${domainId}::uuid])`.execute(trx);
  return changes;
}
