import {
  OPTION_FIELD_TYPES,
  type BlogPostSummary,
  type ColumnDef,
  type PagedResponse,
} from '@masthead/contract';
import type { Db } from '../../../db/database.js';
import { listColumnDefs } from '../../../db/repositories/column-defs.repository.js';
import { listPostsPage } from '../../../db/repositories/posts.repository.js';
import { searchHasNoWord, searchTsQuery } from '../../../db/repositories/search-words.repository.js';
import { badRequest } from '../../../lib/app-error.js';
import { toBlogPostSummary } from '../../../services/mappers.js';
import { paged } from '../../../services/paging.js';
import type { BlogListQuery } from './schemas.js';

/**
 * The field.<key> filters, each on a filterable select or multi-select field of the domain; 400
 * names any other. A multi-select matches the posts whose list holds the value (JSON containment,
 * like a select's equality, so the same indexes and counters serve both).
 */
export function fieldFilters(query: Record<string, unknown>, defs: ColumnDef[]) {
  const filters: Record<string, string | string[]> = {};
  const lines: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('field.')) continue;
    const key = name.slice('field.'.length);
    const def = defs.find((d) => d.key === key);
    if (!def || !OPTION_FIELD_TYPES.includes(def.type) || !def.filterable)
      lines.push(`${name}: is not a filterable field of this domain`);
    else if (value !== '') filters[key] = def.type === 'multiselect' ? [String(value)] : String(value);
  }
  if (lines.length > 0) throw badRequest(lines);
  return filters;
}

export async function listPosts(
  db: Db,
  domainId: string,
  query: BlogListQuery,
  options: { exactSearchTotal?: number } = {},
): Promise<PagedResponse<BlogPostSummary>> {
  const hasFieldFilter = Object.keys(query).some((name) => name.startsWith('field.'));
  const fields = hasFieldFilter ? fieldFilters(query, await listColumnDefs(db, domainId)) : {};
  if (searchHasNoWord(query.search)) return paged([], 0, query);
  const filter = { ...(query.status ? { status: query.status } : {}), fields };
  const page = { limit: query.numberOfEntries, offset: query.page * query.numberOfEntries };
  const { rows, total, estimate } = await listPostsPage(
    db,
    domainId,
    { ...filter, tsQuery: await searchTsQuery(db, domainId, query.search) },
    page,
    options.exactSearchTotal,
  );
  const result = paged(
    rows.map((row) => toBlogPostSummary(row, row.tags)),
    total,
    query,
  );
  return estimate ? { ...result, totalEntriesIsEstimate: true } : result;
}
