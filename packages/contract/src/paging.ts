import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE } from './constants.js';

export const DomainQuery = Type.Object({
  domain: Type.String({ minLength: 1, maxLength: 253, description: 'The host name of the selected domain' }),
});
export type DomainQuery = Static<typeof DomainQuery>;

export const ListQuery = Type.Object({
  domain: DomainQuery.properties.domain,
  // The upper bound keeps page × numberOfEntries inside a database OFFSET.
  page: Type.Integer({
    minimum: 0,
    maximum: MAX_PAGE_INDEX,
    default: 0,
    description: 'Zero-based page index',
  }),
  numberOfEntries: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  search: Type.String({ maxLength: 200, default: '' }),
});
export type ListQuery = Static<typeof ListQuery>;

export const Paged = <T extends TSchema>(entry: T) =>
  Type.Object({
    entries: Type.Array(entry),
    totalPages: Type.Integer({ description: 'ceil(totalEntries / numberOfEntries); 0 when empty' }),
    currentPage: Type.Integer({ description: 'Zero-based' }),
    totalEntries: Type.Integer(),
    totalEntriesIsEstimate: Type.Optional(
      Type.Boolean({
        description:
          'true when a search matched so many posts that totalEntries (and totalPages) is an estimate; absent or false means exact',
      }),
    ),
  });
export interface PagedResponse<T> {
  entries: T[];
  totalPages: number;
  currentPage: number;
  totalEntries: number;
  /** A search's total above the exact-count bound is an estimate (docs/decisions/025-list-totals-and-search-totals.md). */
  totalEntriesIsEstimate?: boolean;
}

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type IdParams = Static<typeof IdParams>;

/** DELETE carries no domain in the spec; when it does, the resource must belong to it. */
export const OptionalDomainQuery = Type.Object({ domain: Type.Optional(DomainQuery.properties.domain) });
export type OptionalDomainQuery = Static<typeof OptionalDomainQuery>;
