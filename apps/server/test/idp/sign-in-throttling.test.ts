import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_CHECKS } from '../../src/plugins/app/idp/interaction-routes.js';
import { LOGIN_LIMITS } from '../../src/plugins/app/idp/login-limits.js';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { csrfTokenOf, openSignIn, submitLogin, type TestBrowser } from './oidc-client.js';

// Issue 19, finding 4: concurrent sign-ins for one account all read the failure counter before any
// failure was recorded, so each reached scrypt. The password checks are counted here, as they run.
const checks = vi.hoisted(() => ({ started: 0, running: 0, peak: 0 }));
vi.mock('../../src/lib/password-hash.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/password-hash.js')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      checks.started++;
      checks.running++;
      checks.peak = Math.max(checks.peak, checks.running);
      try {
        return await real.verifyPassword(password, stored);
      } finally {
        checks.running--;
      }
    },
  };
});

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());
beforeEach(() => {
  checks.started = 0;
  checks.peak = 0;
});

let address = 10;
/** A browser at a new client address, so that only the limit under test can stop it. */
const browserFrom = () => ctx.browser(ctx.app, `198.18.0.${address++}`);

/** Opens one sign-in form per attempt (one after another), ready to be posted all at once. */
async function openForms(count: number) {
  const forms: { browser: TestBrowser; loginUrl: string; csrf: string }[] = [];
  for (let i = 0; i < count; i++) {
    const browser = browserFrom();
    const { loginUrl, form } = await openSignIn(browser);
    forms.push({ browser, loginUrl, csrf: csrfTokenOf(form.body) });
  }
  return forms;
}

describe('POST /oidc/interaction/:uid/login, concurrently', () => {
  it(
    `should check at most ${LOGIN_LIMITS.perAccount} of 50 concurrent wrong passwords for one account`,
    { timeout: 180_000 },
    async () => {
      const account = await newAccount(ctx.db);
      const forms = await openForms(50);

      const responses = await Promise.all(
        forms.map(({ browser, loginUrl, csrf }, i) =>
          submitLogin(browser, loginUrl, { email: account.email, password: `wrong ${i}`, csrf }),
        ),
      );

      expect(checks.started).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 422)).toHaveLength(checks.started);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50 - checks.started);
      // Over the account's limit, or beyond the password checks that may run and wait at once.
      for (const refused of responses.filter((r) => r.statusCode === 429)) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.body).toMatch(
          /role="alert">Too many (failed sign-in attempts|sign-ins at this moment)/,
        );
      }
    },
  );

  it(
    `should run at most ${PASSWORD_CHECKS.running} password checks at once, and answer 429 with Retry-After beyond those waiting`,
    { timeout: 180_000 },
    async () => {
      const forms = await openForms(30);
      // Thirty different (unknown) accounts from thirty addresses: no failure limit is reached.
      const responses = await Promise.all(
        forms.map(({ browser, loginUrl, csrf }, i) =>
          submitLogin(browser, loginUrl, { email: `nobody-${i}@example.test`, password: 'wrong', csrf }),
        ),
      );

      expect(checks.peak).toBeLessThanOrEqual(PASSWORD_CHECKS.running);
      const busy = responses.filter((r) => r.statusCode === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(checks.started);
      expect(busy.length + checks.started).toBe(30);
      for (const refused of busy) {
        expect(refused.headers['retry-after']).toBe('2');
        expect(refused.body).toMatch(/role="alert">Too many sign-ins at this moment/);
      }

      // The queue drains: the next sign-in is checked as usual.
      const account = await newAccount(ctx.db);
      const [next] = await openForms(1);
      const signedIn = await submitLogin(next!.browser, next!.loginUrl, {
        email: account.email,
        password: account.password,
        csrf: next!.csrf,
      });
      expect(signedIn.statusCode).toBe(303);
    },
  );

  it(
    `should count only failures: ${LOGIN_LIMITS.perAccount + 2} sign-ins in a row from one address all succeed`,
    { timeout: 180_000 },
    async () => {
      const account = await newAccount(ctx.db);
      const browser = browserFrom();
      for (let i = 0; i < LOGIN_LIMITS.perAccount + 2; i++) {
        const { loginUrl, form } = await openSignIn(browser);
        const response = await submitLogin(browser, loginUrl, {
          email: account.email,
          password: account.password,
          csrf: csrfTokenOf(form.body),
        });
        expect(response.statusCode).toBe(303);
      }
    },
  );
});
