import { OPTION_FIELD_TYPES, type ColumnDef } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { listColumnDefs } from '../db/repositories/column-defs.repository.js';
import { searchHasNoWord, searchTsQuery } from '../db/repositories/search-words.repository.js';
import { badRequest } from '../lib/app-error.js';

/** What a post list's query filters on, resolved once for both the back office and /api/v1. */
export interface PostQueryFilters {
  /** field.<key> filters: a select's value, or a multi-select's one value as a list. */
  fields: Record<string, string | string[]>;
  /** The search as tsquery text, null without a search. */
  tsQuery: string | null;
  /** A search with no letter or digit: it matches nothing, so the list is empty without a read. */
  matchesNothing: boolean;
}

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

/**
 * The query's field filters (reading the domain's field definitions only when it has one) and its
 * search. A field filter that is not allowed is a 400 even when the search matches nothing.
 */
export async function postQueryFilters(
  db: Db,
  domainId: string,
  query: { search?: string } & Record<string, unknown>,
): Promise<PostQueryFilters> {
  const hasFieldFilter = Object.keys(query).some((name) => name.startsWith('field.'));
  const fields = hasFieldFilter ? fieldFilters(query, await listColumnDefs(db, domainId)) : {};
  if (searchHasNoWord(query.search)) return { fields, tsQuery: null, matchesNothing: true };
  const tsQuery = query.search ? await searchTsQuery(db, domainId, query.search) : null;
  return { fields, tsQuery, matchesNothing: false };
}
