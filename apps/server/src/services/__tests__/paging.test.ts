import { describe, expect, it } from 'vitest';
import { paged } from '../paging.js';

describe('paged (DESIGN §3)', () => {
  it('should round totalPages up and report the page asked for', () => {
    expect(paged(['a'], 21, { page: 2, numberOfEntries: 10 })).toEqual({
      entries: ['a'],
      totalPages: 3,
      currentPage: 2,
      totalEntries: 21,
    });
  });

  it('should have zero pages when the list is empty', () => {
    expect(paged([], 0, { page: 0, numberOfEntries: 10 }).totalPages).toBe(0);
  });

  it('should keep the true totals on a page past the end', () => {
    expect(paged([], 30, { page: 7, numberOfEntries: 10 })).toMatchObject({
      entries: [],
      totalPages: 3,
      totalEntries: 30,
    });
  });
});
