import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { authorizeUrl, location, pkcePair, signIn, tokenRequest, type TestBrowser } from './oidc-client.js';

// Issue 19, finding 9: a sign-in of the built-in provider lasted 14 days whether it was used or not.
// Now a session unused for SESSION_IDLE_HOURS (12 by default) needs a new sign-in; the 14 days stay
// the longest a sign-in lasts. Time passes through a fake clock (Date only: the database's own
// clock does not move, and the provider checks each record's expiry by ours).
const HOUR = 60 * 60_000;

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());
afterEach(() => vi.useRealTimers());

function startClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
}
const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** An authorization request with the browser's session cookie: back to the app, or to the form. */
async function authorize(browser: TestBrowser) {
  const pkce = pkcePair();
  const response = await browser.get(
    authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
  );
  const target = location(response);
  if (target.startsWith('http://localhost:3000/authentication/callback?code=')) return 'signed in';
  if (target.startsWith('/oidc/interaction/')) return 'sign-in form';
  throw new Error(`unexpected redirect to ${target}`);
}

async function refresh(refreshToken: string) {
  const response = await tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return { status: response.statusCode, body: response.json<{ refresh_token?: string; error?: string }>() };
}

describe('SESSION_IDLE_HOURS (12 by default)', () => {
  it('should ask for a new sign-in once a session has been unused for longer than 12 hours', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    startClock();
    const tokens = await signIn(browser, account.email, account.password);

    wait(12 * HOUR + 60_000);
    expect(await authorize(browser)).toBe('sign-in form');
    const refused = await refresh(tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('should keep a session that is used: each authorization request or refresh starts the 12 hours again', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    startClock();
    let refreshToken = (await signIn(browser, account.email, account.password)).refresh_token!;

    // 11 hours, then a refresh (as the web app does while it is open): the session is used.
    wait(11 * HOUR);
    const refreshed = await refresh(refreshToken);
    expect(refreshed.status).toBe(200);
    refreshToken = refreshed.body.refresh_token!;

    // 22 hours after the sign-in, 11 after the refresh: still signed in, without the form; and the
    // refresh token, 11 hours old, still works.
    wait(11 * HOUR);
    expect(await authorize(browser)).toBe('signed in');
    const again = await refresh(refreshToken);
    expect(again.status).toBe(200);
    refreshToken = again.body.refresh_token!;
    // 11 hours later, both still work.
    wait(11 * HOUR);
    expect(await authorize(browser)).toBe('signed in');
    expect((await refresh(refreshToken)).status).toBe(200);
  });

  it('should still end a sign-in 14 days after it began, however much it is used', async () => {
    const account = await newAccount(ctx.db);
    const browser = ctx.browser();
    startClock();
    let refreshToken = (await signIn(browser, account.email, account.password)).refresh_token!;
    // Used every 10 hours for 13 days and 20 hours.
    for (let hours = 10; hours < 14 * 24; hours += 10) {
      wait(10 * HOUR);
      const refreshed = await refresh(refreshToken);
      expect(refreshed.status, `refresh after ${hours} hours`).toBe(200);
      refreshToken = refreshed.body.refresh_token!;
    }
    wait(10 * HOUR); // 14 days and 6 hours
    expect((await refresh(refreshToken)).status).toBe(400);
    expect(await authorize(browser)).toBe('sign-in form');
  });
});

describe('SESSION_IDLE_HOURS=2', () => {
  let short: IdpContext;
  beforeAll(async () => {
    short = await createIdpContext({ SESSION_IDLE_HOURS: '2' });
  });
  afterAll(() => short?.close());

  it('should ask for a new sign-in after 2 unused hours', async () => {
    const account = await newAccount(short.db);
    const browser = short.browser();
    startClock();
    await signIn(browser, account.email, account.password);
    wait(HOUR + 50 * 60_000);
    expect(await authorize(browser)).toBe('signed in');
    wait(2 * HOUR + 60_000);
    expect(await authorize(browser)).toBe('sign-in form');
  });
});
