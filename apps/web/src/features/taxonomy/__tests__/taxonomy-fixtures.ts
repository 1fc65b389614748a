import type { Category, Tag } from '@masthead/contract';

let serial = 0;
const id = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function tag(name: string, overrides: Partial<Tag> = {}): Tag {
  return {
    id: id(),
    tag: name.toLowerCase().replace(/\s+/g, '-'),
    tagDisplayName: name,
    createdDate: '2026-11-20T14:05:00.000Z',
    lastModifiedDate: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

export function category(name: string, overrides: Partial<Category> = {}): Category {
  return {
    id: id(),
    category: name.toLowerCase().replace(/\s+/g, '-'),
    categoryDisplayName: name,
    createdDate: '2026-11-20T14:05:00.000Z',
    lastModifiedDate: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

/** A paged response as the server sends it: totalPages = ceil(totalEntries / 10). */
export const pageOf = <T>(entries: T[], totalEntries = entries.length, currentPage = 0) => ({
  entries,
  totalEntries,
  currentPage,
  totalPages: Math.ceil(totalEntries / 10),
});
