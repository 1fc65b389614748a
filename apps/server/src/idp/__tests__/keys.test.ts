import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localKeyLookup, publicKeySet, type IdpKeys } from '../keys.js';

async function signingKey(kid: string) {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' } as JWK };
}

const sign = (key: Awaited<ReturnType<typeof signingKey>>) =>
  new SignJWT({ sub: 'a' }).setProtectedHeader({ alg: 'ES256', kid: key.jwk.kid! }).sign(key.privateKey);

afterEach(() => vi.useRealTimers());

describe('publicKeySet', () => {
  it('should publish the public half only', async () => {
    const key = await signingKey('k1');
    const [published] = publicKeySet({ signing: [key.jwk], cookie: [] }).keys;
    expect(key.jwk.d).toEqual(expect.any(String));
    expect(published).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: key.jwk.x,
      y: key.jwk.y,
      kid: 'k1',
      alg: 'ES256',
      use: 'sig',
    });
  });
});

describe('localKeyLookup', () => {
  it('should reload the keys for an unknown key id, at most every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await signingKey('first');
    const second = await signingKey('second');
    let stored: IdpKeys = { signing: [first.jwk], cookie: [] };
    const reload = vi.fn(async () => stored);
    const lookup = localKeyLookup(stored, reload);

    expect((await jwtVerify(await sign(first), lookup)).payload.sub).toBe('a');
    expect(reload).not.toHaveBeenCalled();

    // Another instance rotated: the new key is in the database, not yet here.
    stored = { signing: [second.jwk, first.jwk], cookie: [] };
    const token = await sign(second);
    await expect(jwtVerify(token, lookup)).rejects.toThrow(/no applicable key/i);
    expect(reload).not.toHaveBeenCalled(); // too soon after the last load

    vi.setSystemTime(Date.now() + 31_000);
    expect((await jwtVerify(token, lookup)).payload.sub).toBe('a');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
