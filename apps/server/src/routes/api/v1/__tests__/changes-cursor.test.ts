import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isStart, START } from '../changes-cursor.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('changes cursors', () => {
  it('should read back what it wrote, with and without a horizon', () => {
    const plain = { xid: '7412', seq: '99' };
    const marked = { xid: '5', seq: '6', horizon: { xid: '8', seq: '9' } };
    expect(decodeCursor(encodeCursor(plain))).toEqual(plain);
    expect(decodeCursor(encodeCursor(marked))).toEqual(marked);
    expect(encodeCursor(START)).toBe(b64('v1.0.0'));
    expect(isStart(decodeCursor(b64('v1.0.0')))).toBe(true);
  });

  it.each([
    '',
    '%',
    'djE',
    b64('v2.1.2'),
    b64('v1.1'),
    b64('v1.1.2.3'),
    b64('v1.-1.2'),
    b64('v1.01.2'),
    b64('v1.1.2 '),
    b64(`v1.${2n ** 64n}.1`),
    b64(`v1.1.${2n ** 63n}`),
    b64(`v1.1.1.${2n ** 64n}.1`),
    `${b64('v1.1.2')}=`,
  ])('should refuse %j with a 400 that names since', (since) => {
    expect(() => decodeCursor(since)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
