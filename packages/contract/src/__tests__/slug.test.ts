import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH } from '../constants.js';
import { blogSlug, tagSlug } from '../slug.js';

describe('blogSlug (spec §5)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Hello, World!', 'hello-world'],
    ['  --Leading and trailing--  ', 'leading-and-trailing'],
    ['Many   spaces & symbols!!! here', 'many-spaces-symbols-here'],
    ['Über Café 2024', 'über-café-2024'],
    ['C++ / Rust: a comparison', 'c-rust-a-comparison'],
    ['already-a-slug', 'already-a-slug'],
    ['!!!', 'post'],
    ['', 'post'],
  ])('should turn %j into %j', (title, slug) => {
    expect(blogSlug(title)).toBe(slug);
  });

  it('should cap the length without leaving a trailing hyphen', () => {
    const slug = blogSlug(`${'a'.repeat(MAX_SLUG_LENGTH - 1)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('tagSlug (spec §5)', () => {
  it.each([
    ['TypeScript', 'typescript'],
    ['Open Source', 'open-source'],
    ['  New  York ', 'new-york'],
    ['C# & .NET', 'c#-&-.net'],
  ])('should turn %j into %j', (name, slug) => {
    expect(tagSlug(name)).toBe(slug);
  });
});
