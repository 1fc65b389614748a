import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../password-hash.js';

describe('hashPassword', () => {
  it("should store scrypt with OWASP's parameters (N=2^17, r=8, p=1) and a random salt", async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first); // the salt differs
    expect(first).not.toContain('correct horse');
  });
});

describe('verifyPassword', () => {
  it('should accept the password and refuse any other', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('should treat composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait');
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('should verify a hash made with other parameters (raised later) by the ones stored with it', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('pw-with-old-params', salt, 32, { N: 16384, r: 8, p: 1 });
    const stored = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('pw-with-old-params', stored)).toBe(true);
    expect(await verifyPassword('pw-with-new-params', stored)).toBe(false);
  });

  it.each([
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['missing parts', 'scrypt$32768$8$1$'],
    ['a cost that is not a power of two', 'scrypt$30000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
    ['a cost above the limit', 'scrypt$2097152$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
    ['garbage', 'not a hash'],
  ])('should refuse a stored hash with %s, without throwing', async (_name, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });
});

describe('needsRehash', () => {
  it("should ask for a new hash when the stored one was made with other parameters than today's", async () => {
    expect(needsRehash(await hashPassword('correct horse battery'))).toBe(false);
    const salt = randomBytes(16);
    const key = scryptSync('old', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(
      needsRehash(['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')),
    ).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });
});
