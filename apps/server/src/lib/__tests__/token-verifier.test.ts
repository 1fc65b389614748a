import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidTokenError, TokenVerifier, UnverifiedEmailError } from '../token-verifier.js';

const ISSUER = 'https://idp.example.test';
const AUDIENCE = 'masthead-api';
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

let privateKey: CryptoKey;
let keys: ReturnType<typeof createLocalJWKSet>;
/** How many times the verifier asked for a key: once per full signature check. */
let lookups: number;
let clock: number;
let verifier: TokenVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  keys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }],
  });
});

beforeEach(() => {
  lookups = 0;
  clock = T0;
  verifier = new TokenVerifier({
    authority: ISSUER,
    audience: AUDIENCE,
    now: () => clock,
    local: {
      issuer: ISSUER,
      keys: (header, input) => {
        lookups++;
        return keys(header, input);
      },
    },
  });
});

/** A token signed at T0 (the fake clock's start), valid for `seconds`. */
function token(
  options: { seconds?: number; audience?: string; notBefore?: number; emailVerified?: unknown } = {},
) {
  const iat = Math.floor(T0 / 1000);
  const verified = 'emailVerified' in options ? options.emailVerified : true;
  let jwt = new SignJWT({ email: 'Ann@Example.test', name: 'Ann', email_verified: verified })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('ann')
    .setIssuer(ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.seconds ?? 900));
  if (options.notBefore !== undefined) jwt = jwt.setNotBefore(iat + options.notBefore);
  return jwt.sign(privateKey);
}

describe('TokenVerifier', () => {
  it('should check a token in full once, then answer from the cache', async () => {
    const jwt = await token();
    const user = { sub: 'ann', email: 'ann@example.test', name: 'Ann', ownsEmail: true };
    expect(await verifier.verify(jwt)).toEqual(user);
    clock += 60_000;
    expect(await verifier.verify(jwt)).toEqual(user);
    expect(lookups).toBe(1);
  });

  it('should stop answering from the cache at exp, and refuse the token once expired', async () => {
    const jwt = await token({ seconds: 120 });
    await verifier.verify(jwt);
    clock = T0 + 119_999;
    await verifier.verify(jwt);
    expect(lookups).toBe(1);

    // From exp on the token is checked in full again, with the same 5 s of clock tolerance as an
    // uncached check: the cache never lengthens a token's life.
    clock = T0 + 120_000;
    await verifier.verify(jwt);
    expect(lookups).toBe(2);
    clock = T0 + 126_000;
    await expect(verifier.verify(jwt)).rejects.toThrow(new InvalidTokenError('The access token has expired'));
    await expect(verifier.verify(jwt)).rejects.toThrow(InvalidTokenError);
    expect(lookups).toBe(4);
  });

  it('should check a long-lived token in full again after 5 minutes', async () => {
    const jwt = await token({ seconds: 3600 });
    await verifier.verify(jwt);
    clock = T0 + 5 * 60_000 - 1;
    await verifier.verify(jwt);
    expect(lookups).toBe(1);
    clock = T0 + 5 * 60_000;
    await verifier.verify(jwt);
    expect(lookups).toBe(2);
  });

  it('should never remember a refusal', async () => {
    const early = await token({ notBefore: 60 });
    await expect(verifier.verify(early)).rejects.toThrow(InvalidTokenError);
    await expect(verifier.verify(early)).rejects.toThrow(InvalidTokenError);
    expect(lookups).toBe(2);
    clock = T0 + 60_000;
    await expect(verifier.verify(early)).resolves.toMatchObject({ sub: 'ann' });

    const foreign = await token({ audience: 'another-api' });
    for (let i = 0; i < 2; i++) {
      await expect(verifier.verify(foreign)).rejects.toThrow("The access token's aud claim is not valid");
    }
  });

  it('should key the cache by the whole token: a cached token with another signature is refused', async () => {
    const jwt = await token();
    await verifier.verify(jwt);
    const [header, payload, signature = ''] = jwt.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await expect(verifier.verify(`${header}.${payload}.${flipped}`)).rejects.toThrow(
      'The access token signature is not valid',
    );
    const otherClaims = await new SignJWT({ email: 'eve@example.test' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('eve')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(T0 / 1000) + 900)
      .sign(privateKey);
    const [, evePayload] = otherClaims.split('.');
    await expect(verifier.verify(`${header}.${evePayload}.${signature}`)).rejects.toThrow(
      'The access token signature is not valid',
    );
  });
});

describe('TokenVerifier and email_verified', () => {
  const localVerifier = (vouchesForEmails: boolean, requireVerifiedEmail?: boolean) =>
    new TokenVerifier({
      authority: ISSUER,
      audience: AUDIENCE,
      now: () => clock,
      local: { issuer: ISSUER, keys, vouchesForEmails },
      ...(requireVerifiedEmail === undefined ? {} : { requireVerifiedEmail }),
    });

  it('should refuse an e-mail the token says is not verified, or does not say, with no userinfo to ask', async () => {
    for (const emailVerified of [false, undefined, 'true']) {
      await expect(localVerifier(false).verify(await token({ emailVerified }))).rejects.toThrow(
        new UnverifiedEmailError('ann@example.test'),
      );
    }
    await expect(localVerifier(false).verify(await token())).resolves.toMatchObject({ sub: 'ann' });
  });

  it("should read a token that does not say as verified when its provider vouches for every account's e-mail", async () => {
    await expect(
      localVerifier(true).verify(await token({ emailVerified: undefined })),
    ).resolves.toMatchObject({
      email: 'ann@example.test',
    });
    await expect(localVerifier(true).verify(await token({ emailVerified: false }))).rejects.toThrow(
      UnverifiedEmailError,
    );
  });

  it('should take any e-mail when requireVerifiedEmail is false, as standing for its owner', async () => {
    await expect(
      localVerifier(false, false).verify(await token({ emailVerified: false })),
    ).resolves.toMatchObject({ email: 'ann@example.test', ownsEmail: true });
  });

  it("should admit the built-in provider's account that has not proven its mailbox, as not owning its e-mail (decision 055)", async () => {
    const builtIn = new TokenVerifier({
      authority: ISSUER,
      audience: AUDIENCE,
      now: () => clock,
      local: { issuer: ISSUER, keys, vouchesForEmails: true, bindsAccounts: true },
    });
    await expect(builtIn.verify(await token({ emailVerified: false }))).resolves.toEqual({
      sub: 'ann',
      email: 'ann@example.test',
      name: 'Ann',
      ownsEmail: false,
      accountId: 'ann',
    });
    await expect(builtIn.verify(await token({ emailVerified: true }))).resolves.toMatchObject({
      ownsEmail: true,
      accountId: 'ann',
    });
    // requireVerifiedEmail is the external provider's setting: it never makes a built-in account's e-mail its own.
    const lax = new TokenVerifier({
      authority: ISSUER,
      audience: AUDIENCE,
      now: () => clock,
      requireVerifiedEmail: false,
      local: { issuer: ISSUER, keys, vouchesForEmails: true, bindsAccounts: true },
    });
    await expect(lax.verify(await token({ emailVerified: false }))).resolves.toMatchObject({
      ownsEmail: false,
    });
  });
});
