import { describe, expect, it } from 'vitest';
import { pageItems, shownRange } from '../page-items.js';

describe('pageItems', () => {
  it('should be empty without pages and list every page when there are few', () => {
    expect(pageItems(0, 0)).toEqual([]);
    expect(pageItems(0, 1)).toEqual([0]);
    expect(pageItems(2, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('should shorten long ranges with an ellipsis on the far side of the current page', () => {
    expect(pageItems(0, 20)).toEqual([0, 1, 'gap', 19]);
    expect(pageItems(19, 20)).toEqual([0, 'gap', 18, 19]);
  });

  it('should put an ellipsis on both sides in the middle of a long range', () => {
    expect(pageItems(10, 20)).toEqual([0, 'gap', 9, 10, 11, 'gap', 19]);
  });

  it('should show a single hidden page instead of an ellipsis', () => {
    expect(pageItems(3, 20)).toEqual([0, 1, 2, 3, 4, 'gap', 19]);
    expect(pageItems(16, 20)).toEqual([0, 'gap', 15, 16, 17, 18, 19]);
  });
});

describe('shownRange', () => {
  it('should give the 1-based range of a full, a last partial and an empty page', () => {
    expect(shownRange(0, 10, 25)).toEqual({ from: 1, to: 10, total: 25 });
    expect(shownRange(2, 10, 25)).toEqual({ from: 21, to: 25, total: 25 });
    expect(shownRange(0, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('should not run past the total on a page past the end', () => {
    expect(shownRange(5, 10, 25)).toEqual({ from: 25, to: 25, total: 25 });
  });
});
