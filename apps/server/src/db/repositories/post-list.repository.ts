import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import type { BlogStatus, FieldFilters } from '@masthead/contract';
import type { Db } from '../database.js';
import type { Database } from '../tables/database.table.js';
import { postCountsSum, sumPostCounts } from './post-counts.repository.js';
import { categoryColumns, tagsOfPost } from './posts.repository.js';

// The back office's post list: a page by filter, status and search, with its total.

export interface PostFilter {
  /** A tsquery built by `searchTsQuery` (search-words.repository), or null for no search. */
  tsQuery: string | null;
  status?: BlogStatus;
  fields: FieldFilters;
}

const summaryColumns = [
  'posts.id',
  'posts.domain_id',
  'posts.title',
  'posts.slug',
  'posts.short_description',
  'posts.feature_image_url',
  'posts.category_id',
  'posts.fields',
  'posts.written_by',
  'posts.approved',
  'posts.published',
  'posts.scheduled_for',
  'posts.version',
  'posts.created_at',
  'posts.updated_at',
] as const;

type PostsQuery = SelectQueryBuilder<Database, 'posts', object>;

/** The domain's posts that pass the filter. */
function filtered(db: Db, domainId: string, filter: PostFilter) {
  return withFilter(db.selectFrom('posts').where('posts.domain_id', '=', domainId), filter);
}

function withFilter(posts: PostsQuery, filter: PostFilter) {
  let query = posts;
  if (filter.status === 'draft')
    query = query.where('posts.published', '=', false).where('posts.approved', '=', false);
  if (filter.status === 'approved')
    query = query.where('posts.published', '=', false).where('posts.approved', '=', true);
  if (filter.status === 'published') query = query.where('posts.published', '=', true);
  // Read from posts_scheduled_list_idx, which holds the scheduled posts alone.
  if (filter.status === 'scheduled') query = query.where('posts.scheduled_for', 'is not', null);
  if (filter.tsQuery) query = query.where(sql<boolean>`posts.search @@ ${filter.tsQuery}::tsquery`);
  for (const [key, value] of Object.entries(filter.fields)) {
    query = query.where(sql<boolean>`posts.fields @> ${JSON.stringify({ [key]: value })}::jsonb`);
  }
  return query;
}

/**
 * The page's rows, found by their ids (a deferred join; see listUnsearchedPage), each with its tags
 * in order, in the same statement: a list costs one round trip for its rows. The ids are joined as
 * a derived table, which plans in 0.26 ms and runs in 0.16 where `id in (…)` took 0.36 and 0.28
 * (a semi-join to plan, then a hash and a sort); a list of ids is one uuid[] parameter, so that
 * every page length shares one prepared statement.
 */
function pageRows(db: Db, ids: string[], total?: ReturnType<typeof postCountsSum>) {
  const page = db.selectNoFrom(sql<string>`unnest(${ids}::uuid[])`.as('id'));
  return (
    db
      .selectFrom(page.as('page'))
      .innerJoin('posts', 'posts.id', 'page.id')
      .leftJoin('categories', 'categories.id', 'posts.category_id')
      .select([...summaryColumns, ...categoryColumns])
      .select(tagsOfPost().as('tags'))
      // The list's total from the counters, computed once for the statement (an InitPlan).
      .$if(total !== undefined, (query) => query.select(sql<string>`(${total})`.as('total')))
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .execute()
  );
}

/**
 * A page of posts in list order: its ids by a statement of their own, then their rows. The ids'
 * LIMIT and OFFSET (and a search, decision 028) make PostgreSQL plan that statement on every call,
 * which is cheap for one index scan (0.03 ms) and dear for the rows with their tags and category
 * (0.36–0.46 ms); those are read by pageRows, which keeps one generic plan, with the total if given.
 */
async function readPage(
  db: Db,
  domainId: string,
  filter: PostFilter,
  page: { limit: number; offset: number },
  total?: ReturnType<typeof postCountsSum>,
) {
  const ids = await filtered(db, domainId, filter)
    .select('posts.id')
    .orderBy('posts.updated_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return ids.length === 0
    ? []
    : pageRows(
        db,
        ids.map((row) => row.id),
        total,
      );
}

/**
 * A page of a list without a search. The total comes from the counters (post-counts.repository),
 * never from the posts; the page's ids come from posts_order_idx or posts_status_idx alone (an
 * index-only scan), so the rows skipped by a deep OFFSET are never read from the table; only the
 * page's own rows are.
 */
async function listUnsearchedPage(
  db: Db,
  domainId: string,
  filter: Omit<PostFilter, 'tsQuery'>,
  page: { limit: number; offset: number },
) {
  const rows = await readPage(
    db,
    domainId,
    { ...filter, tsQuery: null },
    page,
    postCountsSum(db, domainId, filter),
  );
  // A page past the end (or whose posts were all deleted in between) has no row to carry the
  // total, so it is read alone.
  const total =
    rows[0]?.total === undefined ? await sumPostCounts(db, domainId, filter) : Number(rows[0].total);
  return { rows, total, estimate: false };
}

/**
 * A search the planner expects to match more than this many times the exact bound skips the count
 * (decision 025). Its statistics come from ANALYZE (autovacuum on PostgreSQL); without them (a
 * fresh PGlite) the estimate is small and the search is counted as before.
 */
const CLEARLY_ABOVE_BOUND = 10;

/** The planner's estimate of the rows a query returns: free, since it only plans it. */
async function plannedRows(db: Db, query: { compile(): CompiledQuery }): Promise<number> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'];
}

/** How many of the domain's latest posts (within the filters) a search's estimate looks at. */
export const SEARCH_SAMPLE_SIZE = 1000;

/**
 * A page of a search. One statement takes the matches from the GIN index (posts_search_idx)
 * up to `exactLimit` + 1; when there are no more than `exactLimit`, they are all there, so the same
 * statement gives the exact total and the page's ids. Above it the total is an estimate, never less
 * than what was counted nor more than the filters' total from the counters: the planner's, when its
 * statistics expect more matches than were counted, or else the share of matches among the domain's
 * latest SEARCH_SAMPLE_SIZE posts (within the same filters) times that total. A search the planner
 * expects to match more than CLEARLY_ABOVE_BOUND times the bound skips the count altogether
 * (docs/decisions/025-list-totals-and-search-totals.md).
 */
async function searchPostsPage(
  db: Db,
  domainId: string,
  filter: PostFilter & { tsQuery: string },
  page: { limit: number; offset: number },
  exactLimit: number,
) {
  // A word in a large share of the domain: the planner's statistics say so at once, and counting
  // even the first bound + 1 of its matches would cost more than the rest of the call.
  // Without the domain: a search's words already name it (decision 029), and the planner, taking
  // the two conditions as independent, would scale the matches down by the domain's share.
  const planned = await plannedRows(db, withFilter(db.selectFrom('posts'), filter).select('posts.id'));
  if (planned > exactLimit * CLEARLY_ABOVE_BOUND) {
    const [rows, possible] = await Promise.all([
      readPage(db, domainId, filter, page),
      sumPostCounts(db, domainId, filter),
    ]);
    const total = Math.max(exactLimit + 1, Math.min(possible, planned));
    return { rows, total, estimate: true };
  }

  const matches = searchMatches(db, domainId, filter)
    .select(['posts.id', 'posts.updated_at'])
    .limit(exactLimit + 1);
  const capped = await db
    .with(
      (cte) => cte('capped').materialized(),
      () => matches,
    )
    .selectNoFrom((eb) => [
      eb
        .selectFrom('capped')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('n'),
      // The ids are cast after the order, so that they sort as uuids (the page order's tie-break).
      sql<string[]>`array(${eb
        .selectFrom('capped')
        .select('id')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)})::text[]`.as('ids'),
    ])
    .executeTakeFirstOrThrow();
  const found = capped.n ?? 0;
  if (found <= exactLimit) {
    const rows = capped.ids.length > 0 ? await pageRows(db, capped.ids) : [];
    return { rows, total: found, estimate: false };
  }

  // The planner's estimate, when its statistics see more matches than were counted; otherwise
  // (no statistics yet, as on a fresh PGlite) the share of matches in a sample of the latest posts.
  const [rows, possible, sample] = await Promise.all([
    readPage(db, domainId, filter, page),
    sumPostCounts(db, domainId, filter),
    planned > found ? null : matchesAmongLatest(db, domainId, filter),
  ]);
  const total = sample
    ? estimateTotal(found, sample, possible)
    : Math.max(found, Math.min(possible, planned));
  return { rows, total, estimate: true };
}

/**
 * The domain's posts that a search matches, found by posts_search_idx alone. The domain and the
 * other filters apply to its rows: `OFFSET 0` keeps the planner from pushing `domain_id` into the
 * scan, where it would AND the search's bitmap with the whole domain's (400,000 entries of
 * posts_order_idx) because it takes the two as independent, while a search word's key already names
 * the domain (decision 029). The domain stays a condition: keys of two domains can collide.
 */
function searchMatches(db: Db, domainId: string, filter: PostFilter & { tsQuery: string }) {
  const matches = db
    .selectFrom('posts')
    .selectAll()
    .where(sql<boolean>`posts.search @@ ${filter.tsQuery}::tsquery`)
    .offset(0);
  const posts = db.selectFrom(matches.as('posts')) as unknown as PostsQuery;
  return withFilter(posts.where('posts.domain_id', '=', domainId), { ...filter, tsQuery: null });
}

/** How many of the domain's latest SEARCH_SAMPLE_SIZE posts (within the filters) the search matches. */
function matchesAmongLatest(db: Db, domainId: string, filter: PostFilter & { tsQuery: string }) {
  const latest = filtered(db, domainId, { ...filter, tsQuery: null })
    .select('posts.search')
    .orderBy('posts.updated_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(SEARCH_SAMPLE_SIZE);
  return db
    .selectFrom(latest.as('latest'))
    .select([
      sql<number>`count(*) filter (where latest.search @@ ${filter.tsQuery}::tsquery)::int`.as('hits'),
      sql<number>`count(*)::int`.as('seen'),
    ])
    .executeTakeFirstOrThrow();
}

/** Searches that match more posts than this get an estimated total (decision 025). */
export const DEFAULT_EXACT_SEARCH_TOTAL = 1000;

/**
 * A page of posts and its total: `estimate` is true when the total of a search with more than
 * `exactSearchTotal` matches is an estimate.
 */
export function listPostsPage(
  db: Db,
  domainId: string,
  filter: PostFilter,
  page: { limit: number; offset: number },
  exactSearchTotal = DEFAULT_EXACT_SEARCH_TOTAL,
) {
  const { tsQuery, ...rest } = filter;
  return tsQuery
    ? searchPostsPage(db, domainId, { ...rest, tsQuery }, page, exactSearchTotal)
    : listUnsearchedPage(db, domainId, rest, page);
}

/**
 * A search's total from the share of matches in a sample, kept between what was counted and the
 * number of posts the search could match at all.
 */
export function estimateTotal(counted: number, sample: { hits: number; seen: number }, possible: number) {
  const scaled = sample.seen === 0 ? 0 : Math.round((sample.hits / sample.seen) * possible);
  return Math.max(counted, Math.min(possible, scaled));
}

/** A list's row without its tags (they come with it; a single post's come apart). */
export type PostSummaryRow = Omit<Awaited<ReturnType<typeof pageRows>>[number], 'tags' | 'total'>;
