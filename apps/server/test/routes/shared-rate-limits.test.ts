import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { Db } from '../../src/db/database.js';
import { LOGIN_LIMITS } from '../../src/plugins/app/idp/login-limits.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createIdpContext, newAccount, type IdpContext } from '../idp/idp-context.js';
import { csrfTokenOf, openSignIn, submitLogin, type TestBrowser } from '../idp/oidc-client.js';
import { tempDataDir } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../helpers/test-identity-provider.js';
import { TEST_REDIS_URL, describeWithRedis, redisKeys, startRedisProxy } from '../helpers/test-redis.js';

// Issue 19, "Also": the rate limits were kept per process, so two processes or two servers doubled
// them. With REDIS_URL they are kept in Redis. Two apps on one database stand for two processes
// here (test/process/shared-limits.test.ts runs the built server with WEB_CONCURRENCY=2).
const keys = redisKeys();
afterAll(() => (TEST_REDIS_URL ? keys.clean() : undefined));

const userInfo = { method: 'GET' as const, url: '/cms/user/info' };
const redisEnv = (url = TEST_REDIS_URL!) => ({ REDIS_URL: url, REDIS_KEY_PREFIX: keys.prefix });

/** The app's log lines, parsed. */
function logCollector() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describeWithRedis('the per-user limit with REDIS_URL', () => {
  let idp: TestIdentityProvider;
  let db: Db;
  let drop: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    idp = await startTestIdentityProvider();
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
    await idp?.close();
  });

  async function apiApp(vars: Record<string, string>, logger: object | false = false) {
    const env = parseEnv({
      OIDC_AUTHORITY: idp.issuer,
      DATA_DIR: tempDataDir(),
      RATE_LIMIT_PER_MINUTE: '6',
      ...vars,
    });
    const app = await buildApp({ env, db, logger: logger as false });
    await app.ready();
    apps.push(app);
    return app;
  }
  const call = (app: FastifyInstance, token: string) =>
    app.inject({ ...userInfo, headers: { authorization: `Bearer ${token}` } });

  it('should share one budget between two processes', async () => {
    const [first, second] = [await apiApp(redisEnv()), await apiApp(redisEnv())];
    const token = await idp.tokenFor(`shared-${Date.now()}@example.test`);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(i % 2 ? second! : first!, token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expectErrorBody(await call(first!, token), 429);
    // Its counter is in Redis, under the prefix.
    expect((await keys.list()).some((key) => key.startsWith(`${keys.prefix}per-user:`))).toBe(true);
  });

  it('should let calls through while Redis cannot be reached, say so once, and count again once it is back', async () => {
    const proxy = await startRedisProxy();
    const { lines, logger } = logCollector();
    try {
      const app = await apiApp(redisEnv(proxy.url), logger);
      const token = await idp.tokenFor(`outage-${Date.now()}@example.test`);
      for (let i = 0; i < 6; i++) expect((await call(app, token)).statusCode).toBe(200);
      expect((await call(app, token)).statusCode).toBe(429);

      await proxy.cut();
      const other = await idp.tokenFor(`outage-other-${Date.now()}@example.test`);
      const started = Date.now();
      for (let i = 0; i < 10; i++) expect((await call(app, other)).statusCode).toBe(200);
      // Uncounted calls are answered at once, not after a timeout each.
      expect(Date.now() - started).toBeLessThan(5_000);
      const warnings = (start: string) =>
        lines.filter((line) => line.level === 40 && line.msg.startsWith(start)).length;
      expect(warnings('per-user rate limit not counted')).toBe(1);
      // The client says it once, at its first failed reconnection (a fraction of a second later).
      await expect.poll(() => warnings('Redis (REDIS_URL) cannot be reached'), { timeout: 5_000 }).toBe(1);

      for (let i = 0; i < 5; i++) expect((await call(app, other)).statusCode).toBe(200);
      expect(warnings('Redis (REDIS_URL) cannot be reached')).toBe(1);

      await proxy.restore();
      // The client reconnects by itself (within a few seconds): the budget of the first user, whose
      // counter survived in Redis, holds again.
      await expect
        .poll(async () => (await call(app, token)).statusCode, { timeout: 15_000, interval: 250 })
        .toBe(429);
      expect(lines.map((line) => line.msg)).toContain(
        'Redis (REDIS_URL) is reachable again: the shared rate limits count again',
      );
    } finally {
      await proxy.close();
    }
  });
});

describeWithRedis('the failed sign-in limits with REDIS_URL', () => {
  let ctx: IdpContext;
  let second: FastifyInstance;
  let address = 10;
  beforeAll(async () => {
    ctx = await createIdpContext(redisEnv());
    second = await ctx.restart();
  });
  afterAll(() => ctx?.close());

  async function attempt(browser: TestBrowser, email: string, password: string) {
    const { loginUrl, form } = await openSignIn(browser);
    return submitLogin(browser, loginUrl, { email, password, csrf: csrfTokenOf(form.body) });
  }

  it(
    `should count failures for one account across two processes: ${LOGIN_LIMITS.perAccount} in all, not in each`,
    { timeout: 120_000 },
    async () => {
      const account = await newAccount(ctx.db);
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
        const app = i % 2 ? second : ctx.app;
        const response = await attempt(ctx.browser(app, `192.0.2.${address++}`), account.email, `wrong ${i}`);
        expect(response.statusCode).toBe(422);
      }
      for (const app of [ctx.app, second]) {
        const refused = await attempt(
          ctx.browser(app, `192.0.2.${address++}`),
          account.email,
          account.password,
        );
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The counters hold a digest of the e-mail, not the address itself.
      const stored = await keys.list();
      expect(stored.some((key) => key.startsWith(`${keys.prefix}sign-in:account:`))).toBe(true);
      expect(stored.join(' ')).not.toContain(account.email);
    },
  );

  it('should answer 503 with Retry-After, on the page, while Redis cannot be reached, and sign in once it is back', async () => {
    const proxy = await startRedisProxy();
    const cut = await createIdpContext(redisEnv(proxy.url));
    try {
      const account = await newAccount(cut.db);
      await proxy.cut();
      const refused = await attempt(cut.browser(cut.app, '192.0.2.200'), account.email, account.password);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.body).toMatch(/role="alert">Sign-in is unavailable for a moment/);
      // A client that does not ask for HTML gets the error body.
      const browser = cut.browser(cut.app, '192.0.2.201');
      const { loginUrl, form } = await openSignIn(browser);
      const api = await browser.post(
        loginUrl,
        { email: account.email, password: account.password, csrf: csrfTokenOf(form.body) },
        { accept: 'application/json' },
      );
      expectErrorBody(api, 503);

      await proxy.restore();
      await expect
        .poll(
          async () =>
            (await attempt(cut.browser(cut.app, '192.0.2.202'), account.email, account.password)).statusCode,
          {
            timeout: 20_000,
            interval: 500,
          },
        )
        .toBe(303);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });
});

describe('without REDIS_URL', () => {
  it('should count in each process of its own (the limits are not shared)', async () => {
    const idp = await startTestIdentityProvider();
    const { db, drop } = await createTestDatabase();
    const build = async () => {
      const env = parseEnv({
        OIDC_AUTHORITY: idp.issuer,
        DATA_DIR: tempDataDir(),
        RATE_LIMIT_PER_MINUTE: '2',
      });
      const app = await buildApp({ env, db, logger: false });
      await app.ready();
      return app;
    };
    const [first, second] = [await build(), await build()];
    try {
      const token = await idp.tokenFor('alone@example.test');
      const call = (app: FastifyInstance) =>
        app.inject({ ...userInfo, headers: { authorization: `Bearer ${token}` } });
      const statuses = [];
      for (const app of [first, first, first, second, second]) statuses.push((await call(app)).statusCode);
      expect(statuses).toEqual([200, 200, 429, 200, 200]);
    } finally {
      await first.close();
      await second.close();
      await drop();
      await idp.close();
    }
  });
});
