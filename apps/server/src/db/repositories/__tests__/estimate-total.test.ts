import { describe, expect, it } from 'vitest';
import { estimateTotal } from '../post-list.repository.js';

describe('estimateTotal', () => {
  it('should scale the share of matches in the sample to the posts the filters allow', () => {
    expect(estimateTotal(10_001, { hits: 500, seen: 2000 }, 400_000)).toBe(100_000);
  });

  it('should never estimate less than was counted', () => {
    expect(estimateTotal(10_001, { hits: 1, seen: 2000 }, 400_000)).toBe(10_001);
    expect(estimateTotal(10_001, { hits: 0, seen: 0 }, 400_000)).toBe(10_001);
  });

  it('should never estimate more posts than the filters allow', () => {
    expect(estimateTotal(10_001, { hits: 2000, seen: 2000 }, 300_000)).toBe(300_000);
  });
});
