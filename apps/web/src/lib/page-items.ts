/** A page index (zero-based) or a gap shown as an ellipsis. */
export type PageItem = number | 'gap';

/**
 * The numbered buttons of a pager: the first and last page, the current one and its neighbours,
 * with an ellipsis for each run of hidden pages. A gap of a single page shows that page instead,
 * since an ellipsis would take the same room and hide it.
 */
export function pageItems(current: number, totalPages: number, neighbours = 1): PageItem[] {
  if (totalPages <= 0) return [];
  const shown = new Set([0, totalPages - 1]);
  for (let page = current - neighbours; page <= current + neighbours; page++) {
    if (page >= 0 && page < totalPages) shown.add(page);
  }
  const items: PageItem[] = [];
  let previous = -1;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}

/** The 1-based range "Showing X to Y of Z results" describes; X is 0 for an empty page. */
export function shownRange(page: number, pageSize: number, totalEntries: number) {
  const from = Math.min(page * pageSize + 1, totalEntries);
  const to = Math.min((page + 1) * pageSize, totalEntries);
  return { from: to === 0 ? 0 : from, to, total: totalEntries };
}
