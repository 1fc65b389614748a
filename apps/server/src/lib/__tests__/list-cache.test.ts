import { describe, expect, it } from 'vitest';
import { ListCache } from '../list-cache.js';

const DOMAIN = '6f1c2d3e-0000-4000-8000-000000000001';

describe('ListCache', () => {
  it('should key a request by its domain, version and route, whatever the order of its parameters', () => {
    const key = ListCache.keyOf(DOMAIN, '7', '/cms/blogs/all', {
      page: 0,
      status: 'draft',
      domain: 'a.test',
    });
    expect(
      ListCache.keyOf(DOMAIN, '7', '/cms/blogs/all', { status: 'draft', domain: 'A.TEST', page: 0 }),
    ).toBe(key);
    expect(ListCache.keyOf(DOMAIN, '8', '/cms/blogs/all', { page: 0, status: 'draft' })).not.toBe(key);
    expect(ListCache.keyOf(DOMAIN, '7', '/cms/tags/all', { page: 0, status: 'draft' })).not.toBe(key);
    expect(
      ListCache.keyOf(DOMAIN.replace('1', '2'), '7', '/cms/blogs/all', { page: 0, status: 'draft' }),
    ).not.toBe(key);
    expect(ListCache.keyOf(DOMAIN, '7', '/cms/blogs/all', { page: 1, status: 'draft' })).not.toBe(key);
  });

  it('should keep nothing when its budget is 0', () => {
    const cache = new ListCache(0);
    cache.set('k', '{"entries":[]}');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.stats).toEqual({ entries: 0, units: 0 });
  });

  it('should drop the least recently used answers to stay within its budget', () => {
    const cache = new ListCache(1); // 524,288 code units
    const answer = 'x'.repeat(200_000);
    cache.set('a', answer);
    cache.set('b', answer);
    expect(cache.get('a')).toBe(answer); // a is now the most recently used
    cache.set('c', answer);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(answer);
    expect(cache.get('c')).toBe(answer);
    expect(cache.stats.units).toBeLessThanOrEqual(524_288);
  });
});
