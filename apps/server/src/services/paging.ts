import type { PagedResponse } from '@masthead/contract';

/** DESIGN §3: totalPages is ceil(total / size), 0 when empty; a page past the end is empty. */
export function paged<T>(
  entries: T[],
  totalEntries: number,
  query: { page: number; numberOfEntries: number },
): PagedResponse<T> {
  return {
    entries,
    totalPages: Math.ceil(totalEntries / query.numberOfEntries),
    currentPage: query.page,
    totalEntries,
  };
}
