import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertMembership } from '../../src/db/repositories/domains.repository.js';
import { MARKS_MAX_AGE_MS } from '../../src/idp/sign-out-marks.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { signIn } from './oidc-client.js';

// Decision 054: access tokens already issued end with "sign out everywhere" and a password change.

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 10;
const browser = (on: FastifyInstance = ctx.app) => ctx.browser(on, `198.18.2.${address++}`);

async function signedIn(on: FastifyInstance = ctx.app) {
  const account = await newAccount(ctx.db);
  const tokens = await signIn(browser(on), account.email, account.password);
  return { account, token: tokens.access_token };
}

const call = (
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  on = ctx.app,
) =>
  on.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** A list call of the account's own domain: one that the benchmark's scenarios make. */
const listPosts = (token: string, host: string, on = ctx.app) =>
  call(token, 'GET', `/cms/blogs/all?domain=${host}`, undefined, on);

const signOutEverywhere = (token: string, on = ctx.app) =>
  call(token, 'POST', '/cms/account/sign-out-everywhere', undefined, on);

function expectRevoked(response: Awaited<ReturnType<typeof call>>) {
  expect(expectErrorBody(response, 401).errors).toEqual([
    'The access token was revoked: its account signed out everywhere or changed its password',
  ]);
  expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    iat: number;
    sign_out_mark: number;
  };

describe('POST /cms/account/sign-out-everywhere', () => {
  it('should refuse the access tokens issued before it with 401 from the next call on, on every device', async () => {
    const { account, token } = await signedIn();
    const phone = (await signIn(browser(), account.email, account.password)).access_token;
    // Both are known good (and remembered by the token check) before.
    expect((await listPosts(token, account.domain)).statusCode).toBe(200);
    expect((await listPosts(phone, account.domain)).statusCode).toBe(200);

    expect((await signOutEverywhere(token)).statusCode).toBe(204);

    expectRevoked(await listPosts(phone, account.domain));
    expectRevoked(await listPosts(token, account.domain));
    expectRevoked(await call(phone, 'GET', '/cms/user/info'));
  });

  it('should accept a token of the next sign-in, issued in the very same second as the voided one', async () => {
    // Date frozen (timers left alone): both tokens carry the same `iat`, so only the mark tells them apart.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { account, token: before } = await signedIn();
    expect((await signOutEverywhere(before)).statusCode).toBe(204);
    const after = (await signIn(browser(), account.email, account.password)).access_token;

    expect(claimsOf(after).iat).toBe(claimsOf(before).iat);
    expect(claimsOf(after).sign_out_mark).toBeGreaterThan(claimsOf(before).sign_out_mark);
    expectRevoked(await listPosts(before, account.domain));
    expect((await listPosts(after, account.domain)).statusCode).toBe(200);
  });

  it('should end the tokens of the next sign-in with the next sign-out everywhere', async () => {
    const { account, token: first } = await signedIn();
    expect((await signOutEverywhere(first)).statusCode).toBe(204);
    const second = (await signIn(browser(), account.email, account.password)).access_token;
    expect((await signOutEverywhere(second)).statusCode).toBe(204);
    const third = (await signIn(browser(), account.email, account.password)).access_token;

    expectRevoked(await listPosts(second, account.domain));
    expect((await listPosts(third, account.domain)).statusCode).toBe(200);
  });

  it("should leave another account's tokens working", async () => {
    const { token } = await signedIn();
    const other = await signedIn();
    expect((await listPosts(other.token, other.account.domain)).statusCode).toBe(200);
    expect((await signOutEverywhere(token)).statusCode).toBe(204);
    expect((await listPosts(other.token, other.account.domain)).statusCode).toBe(200);
    expect((await call(other.token, 'GET', '/cms/user/info')).statusCode).toBe(200);
  });

  it(`should be honoured by a second instance on the same database within ${MARKS_MAX_AGE_MS} ms`, async () => {
    const second = await ctx.restart();
    const { account, token } = await signedIn();
    // The second instance has read the marks, and remembers this token as valid.
    expect((await listPosts(token, account.domain, second)).statusCode).toBe(200);

    expect((await signOutEverywhere(token)).statusCode).toBe(204);
    const signedOutAt = Date.now();
    let refusedAfter: number | undefined;
    while (Date.now() - signedOutAt < MARKS_MAX_AGE_MS + 2_000) {
      const response = await listPosts(token, account.domain, second);
      if (response.statusCode === 401) {
        refusedAfter = Date.now() - signedOutAt;
        expectRevoked(response);
        break;
      }
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refusedAfter).toBeDefined();
    // Its own reading of the marks is at most MARKS_MAX_AGE_MS old; the rest is one query's time.
    expect(refusedAfter).toBeLessThanOrEqual(MARKS_MAX_AGE_MS + 500);

    // A new sign-in's token works on both.
    const again = (await signIn(browser(second), account.email, account.password)).access_token;
    expect((await listPosts(again, account.domain, second)).statusCode).toBe(200);
    expect((await listPosts(again, account.domain)).statusCode).toBe(200);
  });
});

describe('PUT /cms/account/password', () => {
  it('should refuse the access tokens issued before the change, and accept those of the new password', async () => {
    const { account, token } = await signedIn();
    const phone = (await signIn(browser(), account.email, account.password)).access_token;
    const newPassword = 'a brand new passphrase';
    const changed = await call(token, 'PUT', '/cms/account/password', {
      currentPassword: account.password,
      newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(204);

    expectRevoked(await listPosts(phone, account.domain));
    expectRevoked(await listPosts(token, account.domain));
    const again = (await signIn(browser(), account.email, newPassword)).access_token;
    expect((await listPosts(again, account.domain)).statusCode).toBe(200);
  });

  it('should leave the tokens alone when the change is refused', async () => {
    const { account, token } = await signedIn();
    const refused = await call(token, 'PUT', '/cms/account/password', {
      currentPassword: 'not the password',
      newPassword: 'another good password',
    });
    expect(refused.statusCode).toBe(400);
    expect((await listPosts(token, account.domain)).statusCode).toBe(200);
  });
});

describe('DELETE /cms/members/{email}', () => {
  it("should end the removed member's access to the domain at the next call, while the token stays valid", async () => {
    const { account, token } = await signedIn();
    const admin = await signedIn();
    await upsertMembership(
      ctx.db,
      (
        await ctx.db
          .selectFrom('domains')
          .select('id')
          .where('domain', '=', account.domain)
          .executeTakeFirstOrThrow()
      ).id,
      admin.account.email,
      'admin',
    );
    // Made and cached (decision 030) before the removal.
    expect((await listPosts(token, account.domain)).statusCode).toBe(200);

    const removed = await call(
      admin.token,
      'DELETE',
      `/cms/members/${encodeURIComponent(account.email)}?domain=${account.domain}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);

    expectErrorBody(await listPosts(token, account.domain), 403);
    // Membership is per domain: the token itself still works elsewhere.
    expect((await call(token, 'GET', '/cms/user/info')).statusCode).toBe(200);
  });
});
