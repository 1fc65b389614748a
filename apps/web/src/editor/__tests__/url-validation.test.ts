import { describe, expect, it } from 'vitest';
import {
  isAllowedImageUrl,
  isAllowedLinkUrl,
  isExportableLinkUrl,
  normalizeLinkUrl,
} from '../utils/url-validation.js';

describe('URL rules shared with the server sanitiser', () => {
  it('should allow http, https and mailto links only', () => {
    expect(['https://a.test', 'http://a.test/x?y', 'mailto:a@b.test'].map(isAllowedLinkUrl)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['javascript:alert(1)', 'tel:123', '//a.test', '/relative', 'ftp://a.test'].map(isAllowedLinkUrl),
    ).toEqual([false, false, false, false, false]);
  });

  it('should allow http and https images only', () => {
    expect(isAllowedImageUrl('https://a.test/i.png')).toBe(true);
    expect(isAllowedImageUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isAllowedImageUrl('mailto:a@b.test')).toBe(false);
  });

  it('should complete what people type in the link dialog', () => {
    expect(normalizeLinkUrl(' example.com/a ')).toBe('https://example.com/a');
    expect(normalizeLinkUrl('ada@example.com')).toBe('mailto:ada@example.com');
    expect(normalizeLinkUrl('https://example.com')).toBe('https://example.com');
    expect(normalizeLinkUrl('')).toBeNull();
    expect(normalizeLinkUrl('two words')).toBeNull();
    expect(normalizeLinkUrl('javascript:alert(1)')).toBeNull();
  });

  it('should keep relative links from pastes but not schemes the server drops', () => {
    expect(['/about', '#top', 'page.html', 'https://a.test'].map(isExportableLinkUrl)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['tel:123', 'javascript:x', '//evil.test', ''].map(isExportableLinkUrl)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
