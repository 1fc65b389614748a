import type { PagedResponse, RevisionEntry } from '@masthead/contract';

/** A history entry: an update of title and content by Ana Lima unless `overrides` say otherwise. */
export const revisionEntry = (overrides: Partial<RevisionEntry> = {}): RevisionEntry => ({
  id: 'r2',
  kind: 'updated',
  at: '2026-03-04T09:07:00.000Z',
  by: { email: 'ana@example.com', name: 'Ana Lima' },
  summary: 'title, content',
  changes: ['title', 'content'],
  tagsAdded: 0,
  tagsRemoved: 0,
  hasContent: true,
  restoredFrom: null,
  contentRevisionId: null,
  scheduledFor: null,
  ...overrides,
});

/** The first page of a history of `total` entries (20 a page, as the panel asks). */
export const historyPage = (
  entries: RevisionEntry[],
  total = entries.length,
): PagedResponse<RevisionEntry> => ({
  entries,
  totalPages: Math.ceil(total / 20),
  currentPage: 0,
  totalEntries: total,
  totalEntriesIsEstimate: false,
});
