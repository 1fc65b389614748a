import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDomain } from '../../src/db/repositories/domains.repository.js';
import { markEmailVerified } from '../../src/db/repositories/idp-accounts.repository.js';
import { setMemberRole } from '../../src/services/members.service.js';
import { CLI_ACTOR } from '../../src/cli/member.command.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import {
  adminOfNewDomain as newAdmin,
  api as callApi,
  createIdpContext,
  newAccount,
  type IdpContext,
} from './idp-context.js';
import { csrfTokenOf, location, signIn, signInWithTicket, type TestBrowser } from './oidc-client.js';

/**
 * Issue 29, finding 1 (decision 055): an admin of one domain invited an address that had rights in
 * another, accepted the link themselves, and held those rights. Rights in a domain come only from
 * that domain's admins or the operator: an invitation gives its acceptor the inviting domain's role
 * and nothing else.
 */
let ctx: IdpContext;

beforeAll(async () => {
  ctx = await createIdpContext({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => ctx?.close());

const newHost = () => `d${randomBytes(5).toString('hex')}.test`;
const newEmail = () => `owner-${randomBytes(4).toString('hex')}@corp.test`;

async function domain() {
  return insertDomain(ctx.db, { domain: newHost(), name: 'Domain' });
}

const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callApi(ctx.app, token, method, url, payload);
const adminOfNewDomain = () => newAdmin(ctx);

/** What the operator's `masthead member add` does. */
const operatorAdds = (domainId: string, email: string, role: 'author' | 'editor' | 'admin') =>
  ctx.db.transaction().execute((trx) => setMemberRole(trx, domainId, CLI_ACTOR, email, role));

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Opens the link in the browser, submits the form the page shows, and signs in with the ticket. */
async function acceptAndSignIn(browser: TestBrowser, link: string, fields: Record<string, string>) {
  const page = await browser.get(pathOf(link));
  expect(page.statusCode, page.body).toBe(200);
  const submitted = await browser.post('/oidc/invitation', {
    csrf: csrfTokenOf(page.body),
    token: new URL(link).searchParams.get('token')!,
    ...fields,
  });
  expect(submitted.statusCode, submitted.body).toBe(303);
  const tokens = await signInWithTicket(browser, location(submitted));
  return { page, token: tokens.access_token };
}

/** The takeover as the issue reproduced it: A's admin invites the address and accepts it themselves. */
async function takeOver(adminOfA: Awaited<ReturnType<typeof adminOfNewDomain>>, email: string) {
  const invited = await api(adminOfA.token, 'POST', `/cms/members?domain=${adminOfA.domain}`, {
    email,
    role: 'author',
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const { link } = invited.json().invitation as { link: string };
  const password = 'the attacker chose this';
  const { token } = await acceptAndSignIn(ctx.browser(), link, {
    name: 'Not the owner',
    password,
    passwordAgain: password,
  });
  return { token, password };
}

const userInfo = async (token: string) => {
  const response = await api(token, 'GET', '/cms/user/info');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { memberships: { domain: string; role: string }[]; email: string };
};

describe("an invitation from one domain and another domain's rights (issue 29, finding 1)", () => {
  it("should give the acceptor the inviting domain's role only, when the other domain's membership came first", async () => {
    const adminOfA = await adminOfNewDomain();
    const b = await domain();
    const email = newEmail();
    await operatorAdds(b.id, email, 'admin');

    const { token } = await takeOver(adminOfA, email);

    expect(await userInfo(token)).toEqual(
      expect.objectContaining({ email, memberships: [{ domain: adminOfA.domain, role: 'author' }] }),
    );
    for (const url of [
      `/cms/members?domain=${b.domain}`,
      `/cms/blogs/all?domain=${b.domain}`,
      `/cms/domain/info?domain=${b.domain}`,
    ]) {
      expect((await api(token, 'GET', url)).statusCode, url).toBe(403);
    }
    const domains = await api(token, 'POST', '/cms/domain/info/all', [adminOfA.domain, b.domain]);
    expect(domains.statusCode).toBe(403);
    expect(domains.json().errors).toEqual([`You are not a member of: ${b.domain}`]);
    // The membership of B is kept, waiting: its admins see it as not confirmed.
    const row = await ctx.db
      .selectFrom('memberships')
      .selectAll()
      .where('domain_id', '=', b.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', account_id: null });
  });

  it("should not give the account a membership that the other domain's operator adds after the takeover", async () => {
    const adminOfA = await adminOfNewDomain();
    const b = await domain();
    const email = newEmail();
    const { token } = await takeOver(adminOfA, email);

    await operatorAdds(b.id, email, 'admin');

    expect((await userInfo(token)).memberships).toEqual([{ domain: adminOfA.domain, role: 'author' }]);
    expect((await api(token, 'GET', `/cms/members?domain=${b.domain}`)).statusCode).toBe(403);
    // A token made after the change (a new sign-in) is no different.
    const again = await signIn(ctx.browser(), email, 'the attacker chose this');
    expect((await userInfo(again.access_token)).memberships).toEqual([
      { domain: adminOfA.domain, role: 'author' },
    ]);
  });

  it("should show B's admins the waiting membership as not confirmed, and invite the account rather than add it", async () => {
    const adminOfA = await adminOfNewDomain();
    const adminOfB = await adminOfNewDomain();
    const email = newEmail();
    const { token: squatter } = await takeOver(adminOfA, email);
    await operatorAdds(adminOfB.domainId, email, 'editor');

    const members = await api(adminOfB.token, 'GET', `/cms/members?domain=${adminOfB.domain}`);
    expect(members.json()).toContainEqual(
      expect.objectContaining({ email, role: 'editor', confirmed: false }),
    );
    expect(members.json()).toContainEqual(
      expect.objectContaining({ email: adminOfB.email, confirmed: true }),
    );

    // Adding the address invites it: only whoever B's admin hands the link to, and who knows the
    // account's password, gets B's role.
    const added = await api(adminOfB.token, 'POST', `/cms/members?domain=${adminOfB.domain}`, {
      email,
      role: 'author',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ added: 'invitation', invitation: { email, role: 'author' } });
    expect((await userInfo(squatter)).memberships).toEqual([{ domain: adminOfA.domain, role: 'author' }]);
  });

  it("should let an account accept another domain's invitation with its password, binding that role to it", async () => {
    const adminOfA = await adminOfNewDomain();
    const adminOfB = await adminOfNewDomain();
    const email = newEmail();
    const { password } = await takeOver(adminOfA, email);

    const invited = await api(adminOfB.token, 'POST', `/cms/members?domain=${adminOfB.domain}`, {
      email,
      role: 'editor',
    });
    const { link } = invited.json().invitation as { link: string };
    const browser = ctx.browser();
    const wrongPage = await browser.get(pathOf(link));
    expect(wrongPage.body).toContain('You already have a Masthead account');
    expect(wrongPage.body).toContain('autocomplete="current-password"');
    const wrong = await browser.post('/oidc/invitation', {
      csrf: csrfTokenOf(wrongPage.body),
      token: new URL(link).searchParams.get('token')!,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('The password is not right');

    const { token } = await acceptAndSignIn(ctx.browser(), link, { password });
    expect((await userInfo(token)).memberships).toEqual(
      [
        { domain: adminOfA.domain, role: 'author' },
        { domain: adminOfB.domain, role: 'editor' },
      ].sort((x, y) => x.domain.localeCompare(y.domain)),
    );
    const row = await ctx.db
      .selectFrom('memberships')
      .innerJoin('idp_accounts', 'idp_accounts.email', 'memberships.email')
      .select(['memberships.account_id', 'idp_accounts.id', 'idp_accounts.email_verified'])
      .where('memberships.domain_id', '=', adminOfB.domainId)
      .where('memberships.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(row.id);
    // Accepting a link someone saw proves no mailbox.
    expect(row.email_verified).toBe(false);
  });

  it('should let the memberships given to the address apply once the account is confirmed (the operator vouches)', async () => {
    const adminOfA = await adminOfNewDomain();
    const b = await domain();
    const email = newEmail();
    const { password } = await takeOver(adminOfA, email);
    await operatorAdds(b.id, email, 'editor');

    const account = await ctx.db
      .selectFrom('idp_accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await markEmailVerified(ctx.db, account.id);

    const tokens = await signIn(ctx.browser(), email, password);
    expect((await userInfo(tokens.access_token)).memberships).toEqual(
      [
        { domain: adminOfA.domain, role: 'author' },
        { domain: b.domain, role: 'editor' },
      ].sort((x, y) => x.domain.localeCompare(y.domain)),
    );
  });

  it('should keep giving an operator-made account every membership of its address', async () => {
    const account = await newAccount(ctx.db, 'Operator Made');
    const b = await domain();
    await operatorAdds(b.id, account.email, 'author');
    const tokens = await signIn(ctx.browser(), account.email, account.password);
    expect((await userInfo(tokens.access_token)).memberships).toContainEqual({
      domain: b.domain,
      role: 'author',
    });
  });
});

describe('invitations of an admin who is removed or demoted (issue 29, finding 1)', () => {
  it.each(['demoted', 'removed'] as const)(
    'should revoke the pending invitations of an admin who is %s',
    async (how) => {
      const owner = await adminOfNewDomain();
      const second = await newAccount(ctx.db, 'Second Admin');
      await operatorAdds(owner.domainId, second.email, 'admin');
      const secondToken = (await signIn(ctx.browser(), second.email, second.password)).access_token;
      const invited = await api(secondToken, 'POST', `/cms/members?domain=${owner.domain}`, {
        email: newEmail(),
        role: 'admin',
      });
      const { link, id } = invited.json().invitation as { link: string; id: string };
      const mine = await api(owner.token, 'POST', `/cms/members?domain=${owner.domain}`, {
        email: newEmail(),
        role: 'author',
      });
      const ownInvitation = mine.json().invitation as { id: string };

      const change =
        how === 'demoted'
          ? await api(owner.token, 'PUT', `/cms/members/${second.email}?domain=${owner.domain}`, {
              role: 'editor',
            })
          : await api(owner.token, 'DELETE', `/cms/members/${second.email}?domain=${owner.domain}`);
      expect(change.statusCode, change.body).toBeLessThan(300);

      const pending = (await api(owner.token, 'GET', `/cms/invitations?domain=${owner.domain}`)).json() as {
        id: string;
      }[];
      expect(pending.map((p) => p.id)).not.toContain(id);
      expect(pending.map((p) => p.id)).toContain(ownInvitation.id);
      const page = await ctx.browser().get(pathOf(link));
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('Invitation revoked');
      const trail = await ctx.db
        .selectFrom('activity')
        .select(['kind', 'actor_email'])
        .where('domain_id', '=', owner.domainId)
        .where('kind', '=', 'invitation.revoked')
        .execute();
      expect(trail).toContainEqual({ kind: 'invitation.revoked', actor_email: owner.email });
    },
  );
});

describe('the first sign-in cookie with an https address (issue 29, finding 9)', () => {
  let secure: IdpContext;
  beforeAll(async () => {
    secure = await createIdpContext({ PUBLIC_URL: 'https://cms.example.test', RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => secure?.close());

  it('should be a __Host- cookie: Secure, for the whole host, with no Domain', async () => {
    const owner = await newAccount(secure.db, 'Secure Admin');
    const own = await secure.db
      .selectFrom('domains')
      .select('id')
      .where('domain', '=', owner.domain)
      .executeTakeFirstOrThrow();
    const invitation = await secure.db.transaction().execute(async (trx) => {
      const { createInvitation } = await import('../../src/services/invitations.service.js');
      return createInvitation(
        trx,
        own.id,
        { email: owner.email },
        { email: newEmail(), role: 'author', now: new Date() },
        { publicUrl: 'https://cms.example.test', mailer: undefined, domainName: 'Secure' },
      );
    });
    const url = pathOf(invitation.link!);
    const headers = { host: 'cms.example.test', accept: 'text/html', 'x-forwarded-proto': 'https' };
    const page = await secure.app.inject({ method: 'GET', url, headers });
    expect(page.statusCode, page.body).toBe(200);
    const csrfCookie = page.headers['set-cookie'] as string | string[];
    const submitted = await secure.app.inject({
      method: 'POST',
      url: '/oidc/invitation',
      headers: {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [csrfCookie]
          .flat()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
      payload: new URLSearchParams({
        csrf: csrfTokenOf(page.body),
        token: new URL(invitation.link!).searchParams.get('token')!,
        name: 'Secure Invitee',
        password: 'a long enough password',
        passwordAgain: 'a long enough password',
      }).toString(),
    });
    expect(submitted.statusCode, submitted.body).toBe(303);
    const cookies = [submitted.headers['set-cookie']].flat() as string[];
    const ticket = cookies.find((c) => c.includes('masthead_first_sign_in='));
    expect(ticket).toMatch(/^__Host-masthead_first_sign_in=/);
    expect(ticket).toMatch(/; Path=\/(;|$)/);
    expect(ticket).toMatch(/; Secure/);
    expect(ticket).toMatch(/; HttpOnly/);
    expect(ticket).not.toMatch(/Domain=/i);
  });
});

describe('the same scenario with an external provider (OIDC_AUTHORITY)', () => {
  let external: TestContext;
  beforeAll(async () => {
    external = await createTestContext();
  });
  afterAll(() => external?.close());

  it("should give another domain's rights only to a token whose provider verified the address", async () => {
    const a = await external.domain('A');
    const b = await external.domain('B');
    const adminOfA = await external.member('admin', a);
    const email = newEmail();
    await external.app.db.transaction().execute((trx) => setMemberRole(trx, b.id, CLI_ACTOR, email, 'admin'));

    // A's admin adds the address directly (no invitation links with an external provider).
    const added = await external.request(adminOfA.token, {
      method: 'POST',
      url: `/cms/members?domain=${a.domain}`,
      payload: { email, role: 'author' },
    });
    expect(added.json()).toMatchObject({ added: 'member' });

    // Someone who set that address on their own account at the provider, unverified: nothing.
    const unverified = await external.idp.sign({ sub: 'attacker', email, email_verified: false });
    const refused = await external.request(unverified, { method: 'GET', url: '/cms/user/info' });
    expect(refused.statusCode).toBe(403);
    // The owner, whose address the provider verified, has both: each given by that domain.
    const owner = await external.idp.tokenFor(email);
    const info = await external.request(owner, { method: 'GET', url: '/cms/user/info' });
    expect((info.json() as { domains: string[] }).domains.sort()).toEqual([a.domain, b.domain].sort());
  });
});
