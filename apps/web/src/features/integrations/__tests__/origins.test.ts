import { describe, expect, it } from 'vitest';
import { parseOrigins } from '../origins.js';

describe('parseOrigins', () => {
  it('should take one origin per line, in the form a browser sends it, each once', () => {
    expect(
      parseOrigins('https://Blog.Example.com\n\n  http://localhost:5173 \nhttps://blog.example.com:443'),
    ).toEqual({
      origins: ['https://blog.example.com', 'http://localhost:5173'],
      invalid: [],
      tooMany: false,
    });
  });

  it('should also split on commas and blanks, and give nothing for an empty text', () => {
    expect(parseOrigins('https://a.example, https://b.example https://c.example').origins).toEqual([
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
    expect(parseOrigins(' \n ')).toEqual({ origins: [], invalid: [], tooMany: false });
  });

  it('should name the entries that are not an http(s) origin, as typed', () => {
    const parsed = parseOrigins(
      'https://ok.example\nhttps://blog.example.com/posts\nftp://files.example\nexample.com',
    );
    expect(parsed.origins).toEqual(['https://ok.example']);
    expect(parsed.invalid).toEqual(['https://blog.example.com/posts', 'ftp://files.example', 'example.com']);
  });

  it('should say when there are more origins than a key may list', () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, index) => `https://site${index}.example`).join('\n');
    expect(parseOrigins(lines(20)).tooMany).toBe(false);
    expect(parseOrigins(lines(21)).tooMany).toBe(true);
  });
});
