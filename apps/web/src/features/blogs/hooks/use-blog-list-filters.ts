import { BLOG_STATUSES, type BlogStatus } from '@masthead/contract/workflow';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';

export interface BlogListFilters {
  /** Zero-based. */
  page: number;
  search: string;
  status: BlogStatus | undefined;
  /** Filterable select fields by key. */
  fields: Record<string, string>;
}

const FIELD_PREFIX = 'field.';

/** The list's place lives in the address (?page=&search=&status=&field.<key>=), so Back and reload keep it. */
export function readListFilters(params: URLSearchParams): BlogListFilters {
  const page = Number(params.get('page'));
  const status = params.get('status') as BlogStatus | null;
  const fields: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name.startsWith(FIELD_PREFIX) && value) fields[name.slice(FIELD_PREFIX.length)] = value;
  }
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
    search: params.get('search') ?? '',
    status: status && BLOG_STATUSES.includes(status) ? status : undefined,
    fields,
  };
}

/** Writes the filters over `params`, leaving other parameters (the open editor) alone and defaults out. */
export function writeListFilters(params: URLSearchParams, filters: BlogListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...next.keys()]) {
    if (['page', 'search', 'status'].includes(name) || name.startsWith(FIELD_PREFIX)) next.delete(name);
  }
  if (filters.page > 0) next.set('page', String(filters.page));
  if (filters.search) next.set('search', filters.search);
  if (filters.status) next.set('status', filters.status);
  for (const [key, value] of Object.entries(filters.fields)) if (value) next.set(FIELD_PREFIX + key, value);
  return next;
}

/**
 * The list's filters from the address and a setter. Any change other than the page itself returns
 * to the first page. Changes replace the history entry, so Back leaves the list instead of stepping
 * through every keystroke and page.
 */
export function useBlogListFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(params), [params]);
  const update = useCallback(
    (change: Partial<BlogListFilters>) =>
      setParams((current) => writeListFilters(current, { ...readListFilters(current), page: 0, ...change }), {
        replace: true,
      }),
    [setParams],
  );
  return { filters, params, update };
}
