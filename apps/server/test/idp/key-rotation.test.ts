import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS_KEPT, rotateKeys } from '../../src/idp/keys.js';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { authorizeUrl, location, pkcePair, signIn } from './oidc-client.js';

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const userInfo = (app: IdpContext['app'], token: string) =>
  app.inject({ method: 'GET', url: '/cms/user/info', headers: { authorization: `Bearer ${token}` } });
const publishedKids = async (app: IdpContext['app']) =>
  (await app.inject({ method: 'GET', url: '/oidc/jwks' })).json<{ keys: { kid: string; d?: string }[] }>()
    .keys;

describe('keys rotate', () => {
  it('should sign with the new key after a restart and keep tokens of the previous key valid', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    const before = await signIn(browser, account.email, account.password);
    const oldKid = kidOf(before.access_token);
    expect(kidOf(before.id_token)).toBe(oldKid);

    const rotated = await rotateKeys(ctx.db);
    const newKid = rotated.signing[0]?.kid;
    expect(newKid).toEqual(expect.any(String));
    expect(newKid).not.toBe(oldKid);
    expect(rotated.signing[1]?.kid).toBe(oldKid);

    const restarted = await ctx.restart();
    const published = await publishedKids(restarted);
    expect(published.map((key) => key.kid)).toEqual([newKid, oldKid]);
    // Only public halves are published.
    expect(published.every((key) => key.d === undefined)).toBe(true);

    expect((await userInfo(restarted, before.access_token)).statusCode).toBe(200);
    const after = await signIn(ctx.browser(restarted), account.email, account.password);
    expect(kidOf(after.access_token)).toBe(newKid);
    expect(kidOf(after.id_token)).toBe(newKid);
    expect((await userInfo(restarted, after.access_token)).statusCode).toBe(200);

    // The session cookie, signed with the previous cookie key, still signs the browser in.
    browser.app = restarted;
    const { challenge } = pkcePair();
    const silent = await browser.get(
      authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    expect(location(silent)).toMatch(/\/authentication\/callback\?code=/);

    // Refresh tokens issued before the rotation still work, and now bring tokens of the new key.
    const refreshed = await restarted.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: before.refresh_token!,
        client_id: 'masthead-web',
      }).toString(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(kidOf(refreshed.json().access_token)).toBe(newKid);
  });

  it(`should keep ${KEYS_KEPT} keys and stop accepting tokens of older ones`, async () => {
    const account = await newAccount(ctx.db);
    const restartedBefore = await ctx.restart();
    const old = await signIn(ctx.browser(restartedBefore), account.email, account.password);

    for (let i = 0; i < KEYS_KEPT; i++) await rotateKeys(ctx.db);
    const restarted = await ctx.restart();
    const published = await publishedKids(restarted);
    expect(published).toHaveLength(KEYS_KEPT);
    expect(published.map((key) => key.kid)).not.toContain(kidOf(old.access_token));

    const refused = await userInfo(restarted, old.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual(['The access token is signed with an unknown key']);
    const stored = await ctx.db.selectFrom('idp_keys').select('kind').execute();
    expect(stored.filter((key) => key.kind === 'signing')).toHaveLength(KEYS_KEPT);
    expect(stored.filter((key) => key.kind === 'cookie')).toHaveLength(KEYS_KEPT);
  });
});
