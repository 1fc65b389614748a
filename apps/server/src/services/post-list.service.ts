import type { BlogPostSummary, BlogStatus, PagedResponse } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { listPostsPage } from '../db/repositories/post-list.repository.js';
import { toBlogPostSummary } from './mappers.js';
import { paged } from './paging.js';
import { postQueryFilters } from './post-filters.js';

/** A page of the back office's post list: GET /cms/blogs/all's query once validated. */
export type PostListQuery = {
  page: number;
  numberOfEntries: number;
  search?: string;
  status?: BlogStatus;
  /** field.<key>=<value> filters. */
  [fieldFilter: `field.${string}`]: string;
};

export async function listPosts(
  db: Db,
  domainId: string,
  query: PostListQuery,
  options: { exactSearchTotal?: number } = {},
): Promise<PagedResponse<BlogPostSummary>> {
  const { fields, tsQuery, matchesNothing } = await postQueryFilters(db, domainId, query);
  if (matchesNothing) return paged([], 0, query);
  const filter = { ...(query.status ? { status: query.status } : {}), fields, tsQuery };
  const page = { limit: query.numberOfEntries, offset: query.page * query.numberOfEntries };
  const { rows, total, estimate } = await listPostsPage(db, domainId, filter, page, options.exactSearchTotal);
  const result = paged(
    rows.map((row) => toBlogPostSummary(row, row.tags)),
    total,
    query,
  );
  return estimate ? { ...result, totalEntriesIsEstimate: true } : result;
}
