import { describe, expect, it } from 'vitest';
import { prefixEnd, quoteLexeme, searchKeyOf, searchTerms } from '../search-words.repository.js';

describe('searchTerms', () => {
  it('should lower-case the search and split it on anything but letters and digits', () => {
    expect(searchTerms('  Deep-Dive: PostgreSQL 16, "GIN"!  ')).toEqual([
      'deep',
      'dive',
      'postgresql',
      '16',
      'gin',
    ]);
    expect(searchTerms('Über Straße')).toEqual(['über', 'straße']);
  });

  it('should give no terms for a search of punctuation only, and 16 at most', () => {
    expect(searchTerms(' -- !! ')).toEqual([]);
    expect(searchTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });
});

describe('quoteLexeme', () => {
  it('should quote a lexeme for tsquery input, doubling quotes and escaping backslashes', () => {
    expect(quoteLexeme('plain')).toBe("'plain'");
    expect(quoteLexeme("x.com/a'b")).toBe("'x.com/a''b'");
    expect(quoteLexeme('c:\\temp')).toBe("'c:\\\\temp'");
  });
});

describe('prefixEnd', () => {
  it('should give the first string after every string with the prefix, in code-point order', () => {
    expect(prefixEnd('abc')).toBe('abd');
    expect(prefixEnd('az')).toBe('a{');
    expect(prefixEnd('9')).toBe(':');
    expect(prefixEnd('straß')).toBe('straà');
    // A letter outside the Basic Multilingual Plane is one code point, not two halves.
    expect(prefixEnd('a𝒜')).toBe('a𝒝');
  });

  it('should order every extension of the prefix before the end, and the end after them', () => {
    const prefix = 'loprie';
    const end = prefixEnd(prefix);
    for (const word of ['loprie', 'lopriex', 'loprie-zzz', 'loprie\u{10FFFF}', 'loprieé']) {
      expect(word >= prefix && word < end, word).toBe(true);
    }
    for (const word of ['loprif', 'loprj', 'lopri', 'lopriéz']) {
      expect(word >= prefix && word < end, word).toBe(false);
    }
  });
});

describe('searchKeyOf', () => {
  it("should give four base64 characters of the id's last three bytes", () => {
    // 0x0f 0xf0 0x84 → "D/CE"; the same id's first bytes play no part.
    expect(searchKeyOf('59dfab3d-58b9-4020-aa72-3e39a50ff084')).toBe('D/CE');
    expect(searchKeyOf('00000000-0000-4000-8000-3e39a50ff084')).toBe('D/CE');
    expect(searchKeyOf('59dfab3d-58b9-4020-aa72-3e39a5000000')).toBe('AAAA');
  });

  it('should tell apart domains whose ids differ in their last bytes only', () => {
    expect(searchKeyOf('59dfab3d-58b9-4020-aa72-3e39a50ff085')).not.toBe(
      searchKeyOf('59dfab3d-58b9-4020-aa72-3e39a50ff084'),
    );
  });
});
