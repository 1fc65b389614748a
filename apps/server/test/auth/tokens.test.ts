import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { ProviderUnavailableError, TokenVerifier } from '../../src/lib/token-verifier.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, tempDataDir, type TestContext, type TestDomain } from '../helpers/test-app.js';

/** DESIGN §2: every /cms call needs a bearer token checked against the provider's keys. */
let ctx: TestContext;
let domain: TestDomain;

beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain('Tokens');
});
afterAll(async () => ctx?.close());

const USER_INFO = '/cms/user/info';
const newEmail = () => `user-${randomBytes(4).toString('hex')}@example.test`;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function withHeader(authorization: string | undefined) {
  return ctx.app.inject({ method: 'GET', url: USER_INFO, headers: authorization ? { authorization } : {} });
}

async function expectUnauthorized(authorization: string | undefined) {
  const response = await withHeader(authorization);
  expectErrorBody(response, 401);
  expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
  return response;
}

describe('bearer tokens', () => {
  it('should answer a call without a token with 401 and a plain Bearer challenge', async () => {
    const response = await expectUnauthorized(undefined);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({
      error: 'Unauthorized',
      errors: ['A bearer access token is required'],
    });
  });

  it.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer '], ['Bearer not a token'], ['Bearer abc.def']])(
    'should refuse the header %j with 401',
    async (header) => {
      await expectUnauthorized(header);
    },
  );

  it('should accept the scheme name in any case', async () => {
    const token = await ctx.idp.tokenFor(newEmail());
    const response = await withHeader(`bearer ${token}`);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['an expired token', { expiresIn: -60 }, /expired/],
    ['a token not valid before two minutes from now', { notBefore: 120 }, /nbf/],
    ['a token for another audience', { audience: 'someone-else' }, /aud/],
    ['a token from another issuer', { issuer: 'https://evil.example.test' }, /iss/],
    ['a token signed with a key the provider does not publish', { foreignKey: true }, /signature/],
  ])('should refuse %s with 401 and an invalid_token challenge', async (_what, options, reason) => {
    const response = await expectUnauthorized(`Bearer ${await ctx.idp.tokenFor(newEmail(), options)}`);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    expect((response.json() as { errors: string[] }).errors[0]).toMatch(reason);
  });

  it('should refuse an unsigned (alg: none) token with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: 'x',
      email: newEmail(),
      iss: ctx.idp.issuer,
      aud: 'masthead-api',
      exp: now + 600,
      iat: now,
    };
    await expectUnauthorized(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
  });

  it('should refuse a token signed with a shared secret (HS256) with 401', async () => {
    const token = await new SignJWT({ sub: 'x', email: newEmail() })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .setIssuer(ctx.idp.issuer)
      .setAudience('masthead-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a shared secret that is long enough!!'));
    const response = await expectUnauthorized(`Bearer ${token}`);
    expect((response.json() as { errors: string[] }).errors[0]).toMatch(/algorithm/);
  });

  it('should ask userinfo for the e-mail when the token has none, and cache the answer', async () => {
    const email = newEmail();
    await ctx.db.insertInto('memberships').values({ domain_id: domain.id, email, role: 'author' }).execute();
    const sub = `sub-${email}`;
    const token = await ctx.idp.sign({ sub });
    ctx.idp.setUserinfo(token, {
      sub,
      email: email.toUpperCase(),
      email_verified: true,
      name: 'Uma Userinfo',
    });
    const response = await withHeader(`Bearer ${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      domains: [domain.domain],
      memberships: [{ domain: domain.domain, role: 'author' }],
      name: 'Uma Userinfo',
      email,
    });
    // A second token of the same subject, which userinfo does not know, is served from the cache.
    const again = await withHeader(`Bearer ${await ctx.idp.sign({ sub }, { expiresIn: 600 })}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ email });
  });

  it('should refuse a token without an e-mail that userinfo does not know with 401', async () => {
    const response = await expectUnauthorized(`Bearer ${await ctx.idp.sign({ sub: `sub-${newEmail()}` })}`);
    expect((response.json() as { errors: string[] }).errors[0]).toMatch(/e-mail/);
  });

  it('should refuse a token whose userinfo answer is for another subject with 401', async () => {
    const token = await ctx.idp.sign({ sub: `sub-${newEmail()}` });
    ctx.idp.setUserinfo(token, { sub: 'someone-else', email: newEmail() });
    await expectUnauthorized(`Bearer ${token}`);
  });

  it('should give a valid user without memberships no domains', async () => {
    const email = newEmail();
    const response = await withHeader(`Bearer ${await ctx.idp.tokenFor(email)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ domains: [], memberships: [], name: email.split('@')[0], email });
    const refused = await ctx.request(await ctx.idp.tokenFor(email), {
      method: 'GET',
      url: `/cms/tags/all?domain=${domain.domain}`,
    });
    expectErrorBody(refused, 403);
  });

  it('should need no token for the OpenAPI document, and one for everything else under /cms', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })).statusCode).toBe(200);
    await expectUnauthorized(undefined);
    const sneaky = await ctx.app.inject({
      method: 'GET',
      url: `/cms/docs/../tags/all?domain=${domain.domain}`,
    });
    expectErrorBody(sneaky, 401);
  });
});

/** A port nothing listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A provider whose discovery document points at the URLs given (the test provider's keys by default). */
async function fakeProvider(discovery: (issuer: string) => Record<string, unknown>) {
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const ok = request.url === '/.well-known/openid-configuration';
    response.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(ok ? { issuer, jwks_uri: `${ctx.idp.issuer}/jwks`, ...discovery(issuer) } : {}),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An app of its own whose OIDC_AUTHORITY is the URL given. */
async function appWithAuthority(authority: string) {
  const env = parseEnv({
    OIDC_AUTHORITY: authority,
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: tempDataDir(),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ env, db: ctx.db, logger: false });
  await app.ready();
  return app;
}

function expectUnavailable(response: Awaited<ReturnType<TestContext['app']['inject']>>) {
  const body = expectErrorBody(response, 503);
  expect(response.body).not.toMatch(/ECONNREFUSED|fetch failed|TypeError|\bat .*\.(js|ts)/);
  return body;
}

describe('an identity provider that cannot be used', () => {
  it('should answer 503 with the error body when discovery cannot be reached, and 401 without a token', async () => {
    const app = await appWithAuthority(`http://127.0.0.1:${await closedPort()}`);
    try {
      const token = await ctx.idp.tokenFor(newEmail());
      const response = await app.inject({
        method: 'GET',
        url: USER_INFO,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(expectUnavailable(response).detailedMessage).toMatch(/try again/);
      expectErrorBody(await app.inject({ method: 'GET', url: USER_INFO }), 401);
    } finally {
      await app.close();
    }
  });

  it('should answer 503 when the signing keys cannot be fetched', async () => {
    const port = await closedPort();
    const keyless = await fakeProvider(() => ({ jwks_uri: `http://127.0.0.1:${port}/jwks` }));
    const app = await appWithAuthority(keyless.issuer);
    try {
      const token = await ctx.idp.tokenFor(newEmail(), { issuer: keyless.issuer });
      expectUnavailable(
        await app.inject({ method: 'GET', url: USER_INFO, headers: { authorization: `Bearer ${token}` } }),
      );
    } finally {
      await app.close();
      await keyless.close();
    }
  });

  it('should answer 503 when userinfo cannot be reached for a token without an e-mail', async () => {
    const port = await closedPort();
    const provider = await fakeProvider(() => ({ userinfo_endpoint: `http://127.0.0.1:${port}/userinfo` }));
    const app = await appWithAuthority(provider.issuer);
    try {
      const token = await ctx.idp.sign({ sub: `sub-${newEmail()}` }, { issuer: provider.issuer });
      expectUnavailable(
        await app.inject({ method: 'GET', url: USER_INFO, headers: { authorization: `Bearer ${token}` } }),
      );
    } finally {
      await app.close();
      await provider.close();
    }
  });

  it('should give up on a provider that accepts connections but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hanging = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const provider = await fakeProvider(() => ({ userinfo_endpoint: `${hanging}/userinfo` }));
    try {
      const started = Date.now();
      const discovery = new TokenVerifier({ authority: hanging, audience: 'masthead-api', timeoutMs: 200 });
      await expect(discovery.verify(await ctx.idp.tokenFor(newEmail()))).rejects.toBeInstanceOf(
        ProviderUnavailableError,
      );
      const userinfo = new TokenVerifier({
        authority: provider.issuer,
        audience: 'masthead-api',
        timeoutMs: 200,
      });
      const token = await ctx.idp.sign({ sub: `sub-${newEmail()}` }, { issuer: provider.issuer });
      await expect(userinfo.verify(token)).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await provider.close();
    }
  });
});
