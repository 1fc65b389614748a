import { describe, expect, it } from 'vitest';
import { findImgTags, replaceImgTags } from '../html-images.js';

describe('findImgTags', () => {
  it('should find every <img> with its decoded attributes, and nothing in text without one', () => {
    const html =
      '<p>a &lt;img src=x&gt;</p><figure><img src="https://a/b.png?x=1&amp;y=2" alt="A &quot;b&quot;"></figure><IMG SRC="c">';
    const tags = findImgTags(html);
    expect(tags.map((tag) => tag.attribs)).toEqual([
      { src: 'https://a/b.png?x=1&y=2', alt: 'A "b"' },
      { src: 'c' },
    ]);
    expect(findImgTags('<p>no image, though "img" is a word</p>')).toEqual([]);
  });
});

describe('replaceImgTags', () => {
  it('should replace only the tags, keep the rest byte for byte, and escape every value', () => {
    const html = '<p>x &amp; y</p><img src="a" /><p>z</p><img src="b">';
    const tags = findImgTags(html);
    const out = replaceImgTags(html, tags, [
      { src: 'a', alt: '"><script>alert(1)</script>', loading: 'lazy' },
      { src: 'b', srcset: 'b1 1w, b2 2w' },
    ]);
    expect(out).toBe(
      '<p>x &amp; y</p><img src="a" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" loading="lazy"><p>z</p><img src="b" srcset="b1 1w, b2 2w">',
    );
  });

  it('should leave out an attribute whose name it would not write', () => {
    const html = '<img src="a">';
    expect(replaceImgTags(html, findImgTags(html), [{ src: 'a', 'on"x': '1', 'x y': '2' }])).toBe(
      '<img src="a">',
    );
  });

  it('should give back the same string when there is no image', () => {
    const html = '<p>plain</p>';
    expect(replaceImgTags(html, findImgTags(html), [])).toBe(html);
  });
});
