import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECKS } from '../../src/plugins/app/idp/interaction-routes.js';
import { LOGIN_LIMITS } from '../../src/plugins/app/idp/login-limits.js';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { csrfTokenOf, followToCallback, openSignIn, submitLogin, type TestBrowser } from './oidc-client.js';

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

/** A browser at a new client address, so that one test's failures never count against another's. */
let address = 10;
const browserFrom = (ip = `203.0.113.${address++}`) => ctx.browser(ctx.app, ip);

async function attempt(browser: TestBrowser, email: string, password: string) {
  const { loginUrl, form } = await openSignIn(browser);
  return submitLogin(browser, loginUrl, { email, password, csrf: csrfTokenOf(form.body) });
}

/**
 * `count` failed attempts, as many at once as the password checks take (each costs about half a
 * second of scrypt), each from a browser of its own made by `browserFor`.
 */
async function failures(count: number, browserFor: () => TestBrowser, emailFor: (i: number) => string) {
  const batch = PASSWORD_CHECKS.running + PASSWORD_CHECKS.waiting;
  for (let start = 0; start < count; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - start) }, (_, k) => start + k);
    const responses = await Promise.all(indexes.map((i) => attempt(browserFor(), emailFor(i), `wrong ${i}`)));
    expect(responses.map((r) => r.statusCode)).toEqual(indexes.map(() => 422));
  }
}

describe('GET /oidc/interaction/:uid', () => {
  it('should show an accessible sign-in form with a strict CSP and no caching', async () => {
    const { form } = await openSignIn(ctx.browser());
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
    expect(form.headers['cache-control']).toBe('no-store');
    const csp = String(form.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    // helmet's other headers are still there.
    expect(form.headers['x-content-type-options']).toBe('nosniff');

    const html = form.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(
      /<label for="email">E-mail<\/label>\s*<input id="email" name="email" type="email"[^>]*autocomplete="username"/,
    );
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"[^>]*autocomplete="current-password"/,
    );
    expect(html).toContain(':focus-visible');
    expect(html).not.toContain('role="alert"'); // no error yet
    expect(html).not.toMatch(/<(script|link|img)\b/); // nothing from elsewhere
    expect(csrfTokenOf(html)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('should say the page expired when the interaction cookie is missing', async () => {
    const { formUrl } = await openSignIn(ctx.browser());
    const stranger = ctx.browser(); // another browser: no interaction cookie
    const response = await stranger.get(formUrl);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in expired');
    expect(response.body).not.toContain('name="password"');
  });
});

describe('POST /oidc/interaction/:uid/login', () => {
  it('should answer a wrong password and an unknown e-mail alike: "Invalid e-mail or password"', async () => {
    const account = await newAccount(ctx.db);
    const wrongPassword = await attempt(browserFrom(), account.email, 'not the password');
    const unknownEmail = await attempt(browserFrom(), 'nobody@example.test', account.password);

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(422);
      expect(response.body).toMatch(
        /<p id="form-error" class="alert" role="alert">Invalid e-mail or password<\/p>/,
      );
      expect(response.body).toContain('aria-invalid="true"');
      // The form comes back, ready for another try.
      expect(csrfTokenOf(response.body)).toEqual(expect.any(String));
    }
    // The e-mail typed is kept; the password never is.
    expect(wrongPassword.body).toContain(`value="${account.email}"`);
    expect(wrongPassword.body).not.toContain('not the password');
  });

  it('should sign in whatever the case of the e-mail', async () => {
    const account = await newAccount(ctx.db);
    const browser = browserFrom();
    const response = await attempt(browser, account.email.toUpperCase(), account.password);
    expect(response.statusCode).toBe(303);
    expect((await followToCallback(browser, response)).get('code')).toEqual(expect.any(String));
  });

  it('should refuse a missing or forged CSRF token, even with the right password', async () => {
    const account = await newAccount(ctx.db);
    const browser = browserFrom();
    const { loginUrl, form } = await openSignIn(browser);
    const token = csrfTokenOf(form.body);
    const credentials = { email: account.email, password: account.password };

    const missing = await browser.post(loginUrl, credentials);
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('This form has expired');

    const forged = await submitLogin(browser, loginUrl, { ...credentials, csrf: `${token.slice(0, -2)}AA` });
    expect(forged.statusCode).toBe(403);

    // The right token without its cookie (as a page on another site would post it) is refused too.
    const cookieless = browserFrom();
    const other = await openSignIn(cookieless);
    cookieless.jar.delete('masthead_csrf');
    const noCookie = await submitLogin(cookieless, other.loginUrl, {
      ...credentials,
      csrf: csrfTokenOf(other.form.body),
    });
    expect(noCookie.statusCode).toBe(403);

    // The form as served still works: the refusals did not spend the interaction.
    const fresh = csrfTokenOf(forged.body);
    const ok = await submitLogin(browser, loginUrl, { ...credentials, csrf: fresh });
    expect(ok.statusCode).toBe(303);
  });

  it(
    `should refuse with 429 after ${LOGIN_LIMITS.perAccount} failures for one account, even with the right password`,
    { timeout: 120_000 },
    async () => {
      const account = await newAccount(ctx.db);
      // From changing addresses: the account's own limit is what stops this.
      await failures(
        LOGIN_LIMITS.perAccount,
        () => browserFrom(),
        () => account.email,
      );
      const page = await attempt(browserFrom(), account.email, account.password);
      expect(page.statusCode).toBe(429);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(page.body).toMatch(
        /role="alert">Too many failed sign-in attempts\. Try again in \d+ minutes?\./,
      );

      // A client that does not ask for HTML gets the API's error body.
      const browser = browserFrom();
      const { loginUrl, form } = await openSignIn(browser);
      const api = await browser.post(
        loginUrl,
        { email: account.email, password: account.password, csrf: csrfTokenOf(form.body) },
        { accept: 'application/json' },
      );
      expect(api.statusCode).toBe(429);
      expect(api.json()).toEqual({
        error: 'Too Many Requests',
        errors: [expect.stringMatching(/^Too many failed sign-in attempts/)],
        detailedMessage: expect.any(String),
      });

      // Other accounts are not affected.
      const other = await newAccount(ctx.db);
      expect((await attempt(browserFrom(), other.email, other.password)).statusCode).toBe(303);
    },
  );

  it(
    `should refuse with 429 after ${LOGIN_LIMITS.perAddress} failures from one address`,
    { timeout: 120_000 },
    async () => {
      const address = '198.51.100.7';
      await failures(
        LOGIN_LIMITS.perAddress,
        () => browserFrom(address),
        (i) => `nobody-${i}@example.test`,
      );
      const account = await newAccount(ctx.db);
      expect((await attempt(browserFrom(address), account.email, account.password)).statusCode).toBe(429);
      // The same account from another address is fine.
      expect((await attempt(browserFrom(), account.email, account.password)).statusCode).toBe(303);
    },
  );
});

describe('POST /oidc/interaction/:uid/login with a hash of older parameters', () => {
  /** The hash `user add` stored before issue 19 (finding 9): scrypt with N=2^15. */
  function oldHash(password: string) {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }
  const storedHash = async (id: string) =>
    (
      await ctx.db
        .selectFrom('idp_accounts')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it("should sign in, and store the password again with today's parameters (N=2^17)", async () => {
    const account = await newAccount(ctx.db);
    const legacy = oldHash(account.password);
    await ctx.db
      .updateTable('idp_accounts')
      .set({ password_hash: legacy })
      .where('id', '=', account.id)
      .execute();

    // A wrong password changes nothing.
    expect((await attempt(browserFrom(), account.email, 'not the password')).statusCode).toBe(422);
    expect(await storedHash(account.id)).toBe(legacy);

    expect((await attempt(browserFrom(), account.email, account.password)).statusCode).toBe(303);
    const rehashed = await storedHash(account.id);
    expect(rehashed).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    // The new hash signs in too, and stays as it is.
    expect((await attempt(browserFrom(), account.email, account.password)).statusCode).toBe(303);
    expect(await storedHash(account.id)).toBe(rehashed);
  });
});

describe('GET /oidc/auth', () => {
  it('should send the browser to our form, and devInteractions is not mounted', async () => {
    const browser = ctx.browser();
    const { formUrl } = await openSignIn(browser);
    expect(formUrl).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
    // devInteractions would answer these; the provider has no such routes here.
    expect((await browser.get(`${formUrl}/abort`)).statusCode).toBe(404);
    expect((await browser.post(formUrl, { prompt: 'login', login: 'x' })).statusCode).toBe(404);
  });
});
