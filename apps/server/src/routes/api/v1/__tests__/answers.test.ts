import { describe, expect, it } from 'vitest';
import { noneMatch } from '../../../../lib/etag.js';
import { etagOfJson } from '../answers.js';

describe('delivery ETags', () => {
  it('should be strong, fixed in length, and differ when the bytes do', () => {
    const a = etagOfJson('{"posts":[]}');
    expect(a).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(etagOfJson('{"posts":[]}')).toBe(a);
    expect(etagOfJson('{"posts":[1]}')).not.toBe(a);
  });

  it('should match If-None-Match lists, weak forms and *, and nothing else', () => {
    const tag = etagOfJson('x');
    expect(noneMatch(undefined, tag)).toBe(false);
    expect(noneMatch(tag, tag)).toBe(true);
    expect(noneMatch(`"a", W/${tag}`, tag)).toBe(true);
    expect(noneMatch('*', tag)).toBe(true);
    expect(noneMatch('"a", "b"', tag)).toBe(false);
    expect(noneMatch(tag.slice(1, -1), tag)).toBe(false);
  });
});
