import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign, verify } from '../url-signature.js';

describe('sign and verify', () => {
  const secret = randomBytes(32);
  const fields = ['PUT', 'a/b/c.png', '1700000000', 'image/png', '42', 'private'];

  it('should verify its own signature and nothing else', () => {
    const signature = sign(secret, fields);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verify(secret, fields, signature)).toBe(true);
    expect(verify(randomBytes(32), fields, signature)).toBe(false);
    expect(verify(secret, [...fields.slice(0, 4), '43', 'private'], signature)).toBe(false);
  });

  it('should refuse signatures of the wrong shape without throwing', () => {
    for (const bad of ['', 'x', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, '+'.repeat(43)]) {
      expect(verify(secret, fields, bad)).toBe(false);
    }
  });

  it('should not let fields run into each other', () => {
    expect(sign(secret, ['ab', 'c'])).not.toBe(sign(secret, ['a', 'bc']));
  });
});
