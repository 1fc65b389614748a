import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { PUBLIC_URL, authorizeUrl, location, signIn, tokenRequest, type TestBrowser } from './oidc-client.js';

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

const CONFIRMATION = 'Sign out of Masthead?';

/** The web app's signoutRedirect(): GET the end-session endpoint, with or without its id token. */
function endSession(browser: TestBrowser, params: Record<string, string>) {
  return browser.get(`/oidc/session/end?${new URLSearchParams(params)}`);
}

const xsrfOf = (page: LightMyRequestResponse) => {
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!xsrf) throw new Error(`no xsrf in the page:\n${page.body}`);
  return xsrf;
};

/** Whether the browser's provider session still signs in without the form. */
async function stillSignedIn(browser: TestBrowser) {
  const again = await browser.get(
    authorizeUrl({ code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }),
  );
  return !/\/oidc\/interaction\//.test(location(again));
}

async function signedInBrowser() {
  const account = await newAccount(ctx.db);
  const browser = ctx.browser();
  const tokens = await signIn(browser, account.email, account.password);
  return { account, browser, tokens };
}

describe('RP-initiated logout (GET /oidc/session/end)', () => {
  it('should sign out without asking when the web app sends its id token of this session', async () => {
    const { browser, tokens } = await signedInBrowser();

    const page = await endSession(browser, {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: PUBLIC_URL,
      state: 'bye',
    });

    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(CONFIRMATION);
    expect(page.body).toContain('Signing out…');
    // The page submits the provider's own form (with its xsrf) through its one script, which the
    // CSP allows by its hash; no other script could run.
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp.split('; ').filter((directive) => directive.startsWith('script-src'))).toEqual([
      `script-src 'sha256-${hash}'`,
    ]);
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).toMatch(
      /<button type="submit" form="op.logoutForm" name="logout" value="yes" id="sign-out">/,
    );

    // What the script does: press "Sign out", which posts xsrf and logout=yes.
    const done = await browser.post('/oidc/session/end/confirm', { xsrf: xsrfOf(page), logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(location(done)).toBe(`${PUBLIC_URL}/?state=bye`);

    expect(await stillSignedIn(browser)).toBe(false);
    const refresh = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('should ask before signing out when the request has no id token (any site can send it)', async () => {
    const { browser } = await signedInBrowser();

    const page = await endSession(browser, {
      client_id: 'masthead-web',
      post_logout_redirect_uri: PUBLIC_URL,
    });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CONFIRMATION);
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(await stillSignedIn(browser)).toBe(true);

    // "Stay signed in" keeps the session; "Sign out" ends it.
    const stay = await browser.post('/oidc/session/end/confirm', { xsrf: xsrfOf(page) });
    expect(stay.statusCode).toBe(303);
    expect(await stillSignedIn(browser)).toBe(true);

    const again = await endSession(browser, {
      client_id: 'masthead-web',
      post_logout_redirect_uri: PUBLIC_URL,
    });
    const done = await browser.post('/oidc/session/end/confirm', { xsrf: xsrfOf(again), logout: 'yes' });
    expect(location(done)).toBe(`${PUBLIC_URL}/`);
    expect(await stillSignedIn(browser)).toBe(false);
  });

  it("should ask before signing out with another account's id token", async () => {
    const other = await signedInBrowser();
    const { browser } = await signedInBrowser();

    const page = await endSession(browser, {
      id_token_hint: other.tokens.id_token,
      post_logout_redirect_uri: PUBLIC_URL,
    });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CONFIRMATION);
    expect(page.body).not.toContain('<script');
    expect(await stillSignedIn(browser)).toBe(true);
  });

  it('should ask before signing out with an id token of an earlier sign-in of the same account', async () => {
    const { account, browser, tokens: earlier } = await signedInBrowser();
    const first = await endSession(browser, { id_token_hint: earlier.id_token });
    await browser.post('/oidc/session/end/confirm', { xsrf: xsrfOf(first), logout: 'yes' });
    // Times are in seconds: the new sign-in must start after the earlier token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await signIn(browser, account.email, account.password);

    const page = await endSession(browser, { id_token_hint: earlier.id_token });

    expect(page.body).toContain(CONFIRMATION);
    expect(await stillSignedIn(browser)).toBe(true);
  });

  it('should refuse an id token that we did not sign, and keep the session', async () => {
    const { browser, tokens } = await signedInBrowser();
    const [header, payload, signature = ''] = tokens.id_token.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    const page = await endSession(browser, { id_token_hint: forged, post_logout_redirect_uri: PUBLIC_URL });

    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('Signing out');
    expect(page.body).not.toContain('<script');
    expect(await stillSignedIn(browser)).toBe(true);
  });

  it('should accept PUBLIC_URL with a trailing slash as the post-logout address', async () => {
    const { browser, tokens } = await signedInBrowser();
    const page = await endSession(browser, {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${PUBLIC_URL}/`,
    });
    const done = await browser.post('/oidc/session/end/confirm', { xsrf: xsrfOf(page), logout: 'yes' });
    expect(location(done)).toBe(`${PUBLIC_URL}/`);
  });
});
