import fc from 'fast-check';

// Inputs that have broken parsers, databases, sanitisers and routers before.

/** Strings that have broken parsers, databases and sanitisers before. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '\r\n\t',
  '%00',
  '%ZZ',
  "' or 1=1 --",
  '"; drop table posts; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export const ODD_NUMBERS = [
  -1,
  -0,
  0.5,
  -(2 ** 53),
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Any JSON value, shallow, for "wrong type" slots. */
export const anyJson = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', [], {}, [null], { id: {} }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Strings: odd ones, generated unicode, and ones past any limit. */
export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', '<b>'), fc.constantFrom(256, 5_000, 70_000))
      .map(([unit, n]) => unit.repeat(n)),
  },
);

/** Raw path segments, sent as they are: malformed escapes and invalid UTF-8 included. */
export const RAW_IDS = [
  '%00',
  '%ZZ',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  '-1',
  '0',
  'null',
  "'%20or%201=1",
  'x'.repeat(300),
];
export const RAW_QUERIES = [
  '&%ZZ=1',
  '&domain',
  '&&&',
  '&page[]=1',
  '&__proto__=x',
  '&constructor=1',
  '&;=;',
  '&a=%00',
  // Custom-field filters of the post list (field.<key>), which the OpenAPI document cannot list.
  '&field.client=Acme',
  '&field.__proto__=x',
  '&field.=1',
  '&field.client=%00',
  '&field.client=a&field.client=b',
];
export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/xml',
  '',
];
export const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '{"title":}',
  '\u0000',
  '{"a":1,"a":2}',
  '['.repeat(2000) + ']'.repeat(2000),
  '{"__proto__":{"polluted":true}}',
];
export const IF_MATCHES = [
  '"0"',
  '"999999999"',
  'W/"1"',
  '"1", "2"',
  'garbage',
  '""',
  '"-1"',
  '"1e3"',
  ',',
  '*, "1"',
];

/**
 * encodeURIComponent, except that a lone surrogate becomes the bytes UTF-8 would give it
 * (%ED%A0%80): invalid UTF-8, which is what a hostile client sends.
 */
export function encodeSegment(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}
