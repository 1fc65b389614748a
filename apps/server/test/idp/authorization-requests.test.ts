import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { tempDataDir } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { createIdpContext, type IdpContext } from './idp-context.js';
import { PUBLIC_URL, REDIRECT_URI, authorizeUrl, location, pkcePair } from './oidc-client.js';

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

/** An authorization request the provider refuses back to the app: an error, and no code. */
function expectRefusedToApp(address: string, error: string) {
  const url = new URL(address);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  expect(url.searchParams.get('error')).toBe(error);
  expect(url.searchParams.get('code')).toBeNull();
  return url.searchParams.get('error_description') ?? '';
}

describe('GET /oidc/auth', () => {
  it('should refuse a request without PKCE', async () => {
    const response = await ctx.browser().get(authorizeUrl());
    expect(response.statusCode).toBe(303);
    expect(expectRefusedToApp(location(response), 'invalid_request')).toMatch(/PKCE/);
  });

  it('should refuse code_challenge_method=plain', async () => {
    const { verifier } = pkcePair();
    const response = await ctx
      .browser()
      .get(authorizeUrl({ code_challenge: verifier, code_challenge_method: 'plain' }));
    expect(response.statusCode).toBe(303);
    expect(expectRefusedToApp(location(response), 'invalid_request')).toMatch(/code_challenge_method/);
  });

  it('should refuse an unknown redirect_uri with its own page, never redirecting there', async () => {
    const { challenge } = pkcePair();
    for (const redirect of ['https://evil.example/authentication/callback', `${PUBLIC_URL}/elsewhere`]) {
      const response = await ctx
        .browser()
        .get(
          authorizeUrl({ redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256' }),
        );
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.body).toContain('Sign-in problem');
      expect(response.body).toContain('redirect_uri');
    }
  });

  it('should refuse an unknown client', async () => {
    const { challenge } = pkcePair();
    const response = await ctx
      .browser()
      .get(
        authorizeUrl({ client_id: 'someone-else', code_challenge: challenge, code_challenge_method: 'S256' }),
      );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('invalid_client');
  });

  it('should refuse an implicit flow (response_type=token)', async () => {
    const { challenge } = pkcePair();
    const response = await ctx
      .browser()
      .get(
        authorizeUrl({ response_type: 'token', code_challenge: challenge, code_challenge_method: 'S256' }),
      );
    expect(response.statusCode).toBe(303);
    const fragment = new URLSearchParams(new URL(location(response)).hash.slice(1));
    expect(fragment.get('error')).toBe('unsupported_response_type');
    expect(fragment.get('access_token')).toBeNull();
  });
});

describe('GET /oidc/.well-known/openid-configuration', () => {
  it('should describe the provider at PUBLIC_URL/oidc with code + S256 only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(discovery).toMatchObject({
      issuer: `${PUBLIC_URL}/oidc`,
      authorization_endpoint: `${PUBLIC_URL}/oidc/auth`,
      token_endpoint: `${PUBLIC_URL}/oidc/token`,
      jwks_uri: `${PUBLIC_URL}/oidc/jwks`,
      end_session_endpoint: `${PUBLIC_URL}/oidc/session/end`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    // Whatever address the request came in on, the provider names PUBLIC_URL.
    const viaProxy = await ctx.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.json().token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
  });

  it('should match the authority the web app is configured with', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/config/auth_config.json' });
    expect(config.json()).toEqual({ authority: `${PUBLIC_URL}/oidc`, clientId: 'masthead-web' });
  });
});

describe('POST /oidc/token', () => {
  it('should let the web app call it from PUBLIC_URL and no other origin', async () => {
    const call = (origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&refresh_token=unknown&client_id=masthead-web',
      });
    const same = await call(PUBLIC_URL);
    expect(same.json().error).toBe('invalid_grant'); // got as far as the token itself
    expect(same.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    const other = await call('https://evil.example');
    expect(other.json()).toMatchObject({ error: 'invalid_request' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('with OIDC_AUTHORITY set', () => {
  it('should not mount the built-in provider', async () => {
    const { db, drop } = await createTestDatabase();
    const env = parseEnv({
      OIDC_AUTHORITY: 'https://login.example.com/realms/masthead',
      PUBLIC_URL,
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ env, db, logger: false });
    try {
      const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(discovery.statusCode).toBe(404);
      const config = await app.inject({ method: 'GET', url: '/config/auth_config.json' });
      expect(config.json().authority).toBe('https://login.example.com/realms/masthead');
      // No keys were made for a provider that is off.
      expect(await db.selectFrom('idp_keys').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
      await drop();
    }
  });
});
