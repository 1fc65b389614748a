import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import {
  PUBLIC_URL,
  REDIRECT_URI,
  authorizeUrl,
  csrfTokenOf,
  followToCallback,
  location,
  openSignIn,
  pkcePair,
  signIn,
  submitLogin,
  tokenRequest,
} from './oidc-client.js';

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

const userInfo = (app: IdpContext['app'], token: string) =>
  app.inject({ method: 'GET', url: '/cms/user/info', headers: { authorization: `Bearer ${token}` } });

describe('authorization code flow with PKCE', () => {
  it('should sign in through the form and give tokens the API accepts', async () => {
    const account = await newAccount(ctx.db);
    const tokens = await signIn(ctx.browser(), account.email, account.password);

    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeGreaterThan(14 * 60);
    expect(tokens.expires_in).toBeLessThanOrEqual(15 * 60);
    // offline_access needs prompt=consent, which a first-party app never shows; the refresh token
    // comes anyway, bound to the session.
    expect(tokens.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) });
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: `${PUBLIC_URL}/oidc`,
      aud: 'masthead-api',
      sub: account.id,
      email: account.email,
      // Accounts are made by an administrator: their e-mail is vouched for (issue 19, finding 6).
      email_verified: true,
      name: account.name,
      client_id: 'masthead-web',
    });
    expect(access.exp! - access.iat!).toBe(15 * 60);

    // The id token carries the profile itself: the web app does not load userinfo.
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      iss: `${PUBLIC_URL}/oidc`,
      aud: 'masthead-web',
      sub: account.id,
      email: account.email,
      email_verified: true,
      name: account.name,
    });

    const info = await userInfo(ctx.app, tokens.access_token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      email: account.email,
      name: account.name,
      domains: [account.domain],
    });
  });

  it('should never show a consent screen: the form leads straight back to the app with a code', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    const { loginUrl, form } = await openSignIn(browser, { state: 'state-123' });
    const submitted = await submitLogin(browser, loginUrl, {
      email: account.email,
      password: account.password,
      csrf: csrfTokenOf(form.body),
    });
    expect(submitted.statusCode).toBe(303);
    const callback = await followToCallback(browser, submitted);
    expect(callback.get('state')).toBe('state-123');
    expect(callback.get('iss')).toBe(`${PUBLIC_URL}/oidc`);
    expect(callback.get('code')).toEqual(expect.any(String));
    expect(callback.get('error')).toBeNull();
  });

  it('should sign in again silently while the session lasts (prompt=none)', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    await signIn(browser, account.email, account.password);
    const pkce = pkcePair();
    const silent = await browser.get(
      authorizeUrl({ prompt: 'none', code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
    );
    const callback = await followToCallback(browser, silent);
    expect(callback.get('error')).toBeNull();
    const response = await tokenRequest(ctx.app, {
      grant_type: 'authorization_code',
      code: callback.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce.verifier,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(decodeJwt(response.json().access_token).email).toBe(account.email);
  });

  it('should refuse a code used twice and a code without its verifier', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    const { pkce, loginUrl, form } = await openSignIn(browser);
    const submitted = await submitLogin(browser, loginUrl, {
      email: account.email,
      password: account.password,
      csrf: csrfTokenOf(form.body),
    });
    const code = (await followToCallback(browser, submitted)).get('code') ?? '';
    const exchange = (verifier?: string) =>
      tokenRequest(ctx.app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        ...(verifier ? { code_verifier: verifier } : {}),
      });

    const withoutVerifier = await exchange();
    expect(withoutVerifier.statusCode).toBe(400);
    expect(withoutVerifier.json().error).toBe('invalid_grant');
    // A failed PKCE check does not consume the code; the right verifier still works once.
    expect((await exchange(pkce.verifier)).statusCode).toBe(200);
    const again = await exchange(pkce.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });
});

describe('refresh tokens', () => {
  it('should issue new tokens for a refresh token and rotate it', async () => {
    const account = await newAccount(ctx.db);
    const first = await signIn(ctx.browser(), account.email, account.password);

    const refreshed = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: 'masthead-api', email: account.email });
    expect(decodeJwt(second.id_token)).toMatchObject({ sub: account.id, name: account.name });
    expect((await userInfo(ctx.app, second.access_token)).statusCode).toBe(200);

    // The old refresh token was rotated away; reusing it is refused.
    const reused = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });
});

describe('a restart, or a second instance on the same database', () => {
  it('should keep the session cookie and the refresh token valid', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    const tokens = await signIn(browser, account.email, account.password);

    const other = await ctx.restart();
    // The access token verifies on the other instance without any request to a provider.
    expect((await userInfo(other, tokens.access_token)).statusCode).toBe(200);

    const refreshed = await tokenRequest(other, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    // The browser's session cookie still signs it in there, with no form.
    browser.app = other;
    const pkce = pkcePair();
    const again = await browser.get(
      authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
    );
    expect(location(again)).toMatch(/^http:\/\/localhost:3000\/authentication\/callback\?code=/);
  });
});
