import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, tempDataDir, type TestContext, type TestDomain } from '../helpers/test-app.js';

// Issue 19, finding 6: with OIDC_AUTHORITY, memberships are matched on the token's e-mail. On a
// provider where people set their own e-mail, anyone could take an admin's address and their rights,
// unless the provider has verified it (email_verified).
let ctx: TestContext;
let domain: TestDomain;
beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain('Verified e-mails');
});
afterAll(async () => ctx?.close());

const newEmail = () => `user-${randomBytes(4).toString('hex')}@example.test`;
const userInfo = (app: TestContext['app'], token: string) =>
  app.inject({ method: 'GET', url: '/cms/user/info', headers: { authorization: `Bearer ${token}` } });

describe('OIDC_REQUIRE_VERIFIED_EMAIL (on by default)', () => {
  it("should not give an admin's rights to someone whose token carries the admin's e-mail unverified", async () => {
    const admin = await ctx.member('admin', domain);
    const token = await ctx.idp.sign({ sub: 'someone-else', email: admin.email, email_verified: false });

    const info = expectErrorBody(await userInfo(ctx.app, token), 403);
    expect(info.errors[0]).toBe(`The identity provider has not verified the e-mail address ${admin.email}`);
    expect(info.detailedMessage).toMatch(/verify it there, then sign in again/);
    // A write only a member may make (an editor or higher) is refused as well.
    const tag = await ctx.request(token, {
      method: 'POST',
      url: `/cms/tags/info?domain=${domain.domain}`,
      payload: { tagDisplayName: 'Taken over' },
    });
    expectErrorBody(tag, 403);

    // The admin's own token, whose e-mail the provider has verified, works.
    expect((await userInfo(ctx.app, admin.token)).statusCode).toBe(200);
  });

  it('should ask userinfo when the token has an e-mail but does not say whether it is verified', async () => {
    const email = newEmail();
    const unverified = await ctx.idp.sign({ sub: `sub-a-${email}`, email });
    ctx.idp.setUserinfo(unverified, { sub: `sub-a-${email}`, email, email_verified: false });
    expectErrorBody(await userInfo(ctx.app, unverified), 403);

    const verified = await ctx.idp.sign({ sub: `sub-b-${email}`, email });
    ctx.idp.setUserinfo(verified, { sub: `sub-b-${email}`, email, email_verified: true });
    expect((await userInfo(ctx.app, verified)).json()).toMatchObject({ email });
  });

  it("should take userinfo's email_verified for a token without an e-mail, and refuse it when absent", async () => {
    const email = newEmail();
    const token = await ctx.idp.sign({ sub: `sub-c-${email}` });
    ctx.idp.setUserinfo(token, { sub: `sub-c-${email}`, email, email_verified: true });
    expect((await userInfo(ctx.app, token)).json()).toMatchObject({ email });

    const silent = await ctx.idp.sign({ sub: `sub-d-${email}` });
    ctx.idp.setUserinfo(silent, { sub: `sub-d-${email}`, email });
    expectErrorBody(await userInfo(ctx.app, silent), 403);
  });

  it('should count only email_verified: true, not a string or a number', async () => {
    for (const value of ['true', 1, 'yes']) {
      const email = newEmail();
      const token = await ctx.idp.sign({ sub: `sub-${value}-${email}`, email, email_verified: value });
      ctx.idp.setUserinfo(token, { sub: `sub-${value}-${email}`, email, email_verified: value });
      expectErrorBody(await userInfo(ctx.app, token), 403);
    }
  });
});

describe('OIDC_REQUIRE_VERIFIED_EMAIL=false', () => {
  it('should match memberships on the e-mail alone, and say so in the log at start', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const env = parseEnv({
      OIDC_AUTHORITY: ctx.idp.issuer,
      OIDC_REQUIRE_VERIFIED_EMAIL: 'false',
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: 'info',
    });
    const app = await buildApp({ env, db: ctx.db, logger: { level: 'info', stream } });
    try {
      await app.ready();
      const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
      expect(warnings).toContainEqual(expect.stringMatching(/^OIDC_REQUIRE_VERIFIED_EMAIL=false: /));

      const email = newEmail();
      const token = await ctx.idp.sign({ sub: `sub-${email}`, email, email_verified: false });
      expect((await userInfo(app, token)).json()).toMatchObject({ email });
    } finally {
      await app.close();
    }
  });
});
