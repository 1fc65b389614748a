import { describe, expect, it } from 'vitest';
import { isPostUrlPattern, postUrl } from '../post-url.js';

describe('post address patterns', () => {
  it.each([
    'https://blog.example.com/posts/{slug}',
    'http://localhost:3000/{slug}/',
    'https://example.com/read?post={slug}',
  ])('should accept %s', (pattern) => expect(isPostUrlPattern(pattern)).toBe(true));

  it.each([
    ['no slug', 'https://blog.example.com/posts/'],
    ['not a URL', 'blog.example.com/{slug}'],
    ['another scheme', 'ftp://example.com/{slug}'],
    ['javascript', 'javascript:alert(1)//{slug}'],
    ['the slug in the host', 'https://{slug}.example.com/'],
    ['credentials', 'https://user:pass@example.com/{slug}'],
    ['too long', `https://example.com/${'a'.repeat(2000)}/{slug}`],
  ])('should refuse %s', (_what, pattern) => expect(isPostUrlPattern(pattern)).toBe(false));

  it('should put the slug in, encoded, and give null without a pattern', () => {
    expect(postUrl('https://example.com/posts/{slug}', 'hello-world')).toBe(
      'https://example.com/posts/hello-world',
    );
    expect(postUrl('https://example.com/{slug}', 'a/b?c')).toBe('https://example.com/a%2Fb%3Fc');
    expect(postUrl(null, 'x')).toBeNull();
  });
});
