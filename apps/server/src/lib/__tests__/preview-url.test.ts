import { describe, expect, it } from 'vitest';
import { fillPreviewUrl, isPreviewUrlPattern, previewUrlOrigin } from '../preview-url.js';

describe('preview address patterns', () => {
  it.each([
    ['https://blog.example.com/preview?token={token}', 'https://blog.example.com'],
    ['http://localhost:4000/preview/{token}', 'http://localhost:4000'],
    ['https://Blog.Example.com:443/{locale}/p/{slug}/{id}?t={token}', 'https://blog.example.com'],
    ['https://example.com?token={token}', 'https://example.com'],
    ['https://example.com#{token}', 'https://example.com'],
    ['https://[::1]:8080/p/{token}', 'https://[::1]:8080'],
    ['https://bücher.example/p/{token}', 'https://xn--bcher-kva.example'],
  ])('should accept %s, whose origin is %s', (pattern, origin) => {
    expect(previewUrlOrigin(pattern)).toBe(origin);
  });

  it.each([
    ['no token', 'https://blog.example.com/preview/{slug}'],
    ['an unknown placeholder', 'https://blog.example.com/p/{token}/{title}'],
    ['an unclosed brace', 'https://blog.example.com/p/{token}/{slug'],
    ['a lone closing brace', 'https://blog.example.com/p/{token}}'],
    ['doubled braces', 'https://blog.example.com/p/{{token}}'],
    ['not a URL', 'blog.example.com/{token}'],
    ['another scheme', 'ftp://example.com/{token}'],
    ['javascript', 'javascript:alert(1)//{token}'],
    ['data', 'data:text/html,{token}'],
    ['the token in the host', 'https://{token}.example.com/'],
    ['the slug in the host', 'https://{slug}.example.com/{token}'],
    ['credentials', 'https://user:pass@example.com/{token}'],
    ['a host a CSP cannot name', 'https://a;b.example.com/{token}'],
    ['a host with a dollar', 'https://ex$ample.com/{token}'],
    ['a blank', 'https://example.com/p {token}'],
    ['a control character', 'https://example.com/p\u0007{token}'],
    ['too long', `https://example.com/${'a'.repeat(2000)}/{token}`],
  ])('should refuse %s', (_what, pattern) => expect(isPreviewUrlPattern(pattern)).toBe(false));

  it('should fill the token, slug and id, each encoded, and leave {locale} empty', () => {
    expect(
      fillPreviewUrl('https://example.com/{locale}/p/{slug}?t={token}&id={id}&again={token}', {
        token: 'mhp_a-b_c',
        slug: 'ça/va?',
        id: '0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10',
      }),
    ).toBe(
      'https://example.com//p/%C3%A7a%2Fva%3F?t=mhp_a-b_c&id=0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10&again=mhp_a-b_c',
    );
  });
});
