import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isStart, START } from '../changes-cursor.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const key = randomBytes(64);
const domain = randomUUID();

describe('changes cursors', () => {
  it('should read back what it wrote, with and without a horizon, and write one place one way', () => {
    const plain = { xid: '7412', seq: '99' };
    const marked = { xid: '5', seq: '6', horizon: { xid: '8', seq: '9' } };
    const largest = { xid: String(2n ** 64n - 1n), seq: String(2n ** 63n - 1n) };
    for (const place of [plain, marked, largest, START]) {
      expect(decodeCursor(key, domain, encodeCursor(key, domain, place))).toEqual(place);
      expect(encodeCursor(key, domain, place)).toBe(encodeCursor(key, domain, { ...place }));
    }
    expect(isStart(decodeCursor(key, domain, encodeCursor(key, domain, START)))).toBe(true);
    expect(encodeCursor(key, domain, plain)).not.toBe(encodeCursor(key, randomUUID(), plain));
  });

  it("should refuse another domain's cursor, another key's, and an altered one with a 400", () => {
    const cursor = encodeCursor(key, domain, { xid: '7412', seq: '99' });
    const flipped = Buffer.from(cursor, 'base64url');
    flipped[5]! ^= 0x10;
    for (const [k, d, since] of [
      [key, randomUUID(), cursor],
      [randomBytes(64), domain, cursor],
      [key, domain, flipped.toString('base64url')],
      [key, domain, `${cursor}A`],
    ] as const) {
      expect(() => decodeCursor(k, d, since)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });

  it.each([
    '',
    '%',
    'djE',
    b64('v2.1.2'),
    b64('v1.1'),
    b64('v1.-1.2'),
    b64('v1.01.2'),
    `${b64('v1.1.2')}=`,
    'Ag',
  ])('should refuse %j with a 400 that names since', (since) => {
    expect(() => decodeCursor(key, domain, since)).toThrow(
      expect.objectContaining({ statusCode: 400, errors: [expect.stringMatching(/^since: /)] }),
    );
  });

  it.each(['v1.0.0', 'v1.7412.99', 'v1.5.6.8.9'])(
    'should answer the readable %j of before with 410',
    (old) => {
      expect(() => decodeCursor(key, domain, b64(old))).toThrow(expect.objectContaining({ statusCode: 410 }));
    },
  );
});
