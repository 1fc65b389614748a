import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_URL_LENGTH, isPreviewUrlPattern, previewUrlOrigin } from '../preview-url.js';

// The rules of a preview address pattern (decision 061): the server checks them on every change,
// and the web app's Settings › Integrations form before sending.
describe('previewUrlOrigin', () => {
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
});

describe('isPreviewUrlPattern', () => {
  it("should allow the contract's length and no more", () => {
    const start = 'https://blog.example.com/p?token={token}&x=';
    const longest = start + 'a'.repeat(MAX_PREVIEW_URL_LENGTH - start.length);
    expect(isPreviewUrlPattern(longest)).toBe(true);
    expect(isPreviewUrlPattern(`${longest}a`)).toBe(false);
  });

  it('should take http(s) addresses with {token}, and {slug}, {id} and {locale} after the host', () => {
    for (const pattern of [
      'https://blog.example.com/preview?token={token}',
      'http://localhost:4000/preview?token={token}',
      'https://blog.example.com/{locale}/posts/{slug}?id={id}&preview={token}',
      'https://blog.example.com/preview/{token}',
      'https://blog.example.com#{token}',
      'https://[::1]:8443/p?t={token}',
      'https://xn--bcher-kva.example/p?t={token}',
    ]) {
      expect(isPreviewUrlPattern(pattern), pattern).toBe(true);
    }
  });

  it('should refuse an address without {token}, or with another placeholder or stray brace', () => {
    for (const pattern of [
      'https://blog.example.com/posts/{slug}',
      'https://blog.example.com/p?token={token}&v={version}',
      'https://blog.example.com/p?token={token}}',
      'https://blog.example.com/p?token={{token}}',
      'https://blog.example.com/p?token={token',
      'https://blog.example.com/p?token={TOKEN}',
    ]) {
      expect(isPreviewUrlPattern(pattern), pattern).toBe(false);
    }
  });

  it('should refuse other schemes, credentials, placeholders in the host and blanks', () => {
    for (const pattern of [
      'ftp://blog.example.com/p?token={token}',
      'javascript:alert(1)//{token}',
      '//blog.example.com/p?token={token}',
      '/preview?token={token}',
      'https://user:pw@blog.example.com/p?token={token}',
      'https://{slug}.example.com/p?token={token}',
      'https://blog.example.com:{id}/p?token={token}',
      'https://{token}',
      'https://blog.example.com/p?token={token} ',
      'https://blog.example.com/p?\ttoken={token}',
      'https://blog;example.com/p?token={token}',
      `https://blog.example.com/p?token={token}&pad=${'a'.repeat(2000)}`,
    ]) {
      expect(isPreviewUrlPattern(pattern), pattern).toBe(false);
    }
  });
});
