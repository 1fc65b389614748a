import * as contract from '@masthead/contract';
import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_URL_LENGTH, isPreviewUrlPattern } from '../preview-url.js';

describe('isPreviewUrlPattern', () => {
  it("should allow the contract's length", () => {
    expect(MAX_PREVIEW_URL_LENGTH).toBe(contract.MAX_PREVIEW_URL_LENGTH);
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
