import { describe, expect, it } from 'vitest';
import { privateCacheControl } from '../cache-control.js';

describe('privateCacheControl', () => {
  it.each([
    ['public, max-age=60, stale-while-revalidate=300', 'private, max-age=60, stale-while-revalidate=300'],
    ['max-age=60', 'private, max-age=60'],
    ['public, max-age=60, s-maxage=600', 'private, max-age=60'],
    ['PUBLIC,max-age=5', 'private, max-age=5'],
    ['no-store', 'no-store'],
    ['private, max-age=1', 'private, max-age=1'],
  ])('should make %s into %s', (base, expected) => {
    expect(privateCacheControl(base)).toBe(expected);
  });
});
