import { randomBytes } from 'node:crypto';
import type { ActivityKind } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertMembership } from '../../src/db/repositories/domains.repository.js';
import { authenticate } from '../../src/idp/accounts.js';
import { hashToken } from '../../src/lib/one-time-tokens.js';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import {
  PUBLIC_URL,
  REDIRECT_URI,
  csrfTokenOf,
  followToCallback,
  location,
  openSignIn,
  signIn,
  tokenRequest,
  type TestBrowser,
} from './oidc-client.js';

/** Invitations with the built-in provider (issue 22, decision 046): the API, the page, the sign-in. */
let ctx: IdpContext;
let admin: { token: string; email: string; domain: string; domainId: string };

beforeAll(async () => {
  ctx = await createIdpContext({ RATE_LIMIT_PER_MINUTE: '0' });
  const account = await newAccount(ctx.db, 'Ada Admin');
  const domain = await ctx.db
    .selectFrom('domains')
    .selectAll()
    .where('domain', '=', account.domain)
    .executeTakeFirstOrThrow();
  await upsertMembership(ctx.db, domain.id, account.email, 'admin');
  const tokens = await signIn(ctx.browser(), account.email, account.password);
  admin = { token: tokens.access_token, email: account.email, domain: account.domain, domainId: domain.id };
});
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

interface NewInvitation {
  id: string;
  email: string;
  role: string;
  link: string;
  expiresDate: string;
  createdDate: string;
}

const newEmail = () => `invitee-${randomBytes(4).toString('hex')}@example.test`;

async function invite(email = newEmail(), role = 'author') {
  const response = await api('POST', `/cms/members?domain=${admin.domain}`, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { added: string; invitation: NewInvitation };
  expect(body.added).toBe('invitation');
  return body.invitation;
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const activity = (kind: ActivityKind) =>
  ctx.db
    .selectFrom('activity')
    .selectAll()
    .where('domain_id', '=', admin.domainId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

/** Opens the link and submits the form; returns the POST's answer. */
async function accept(browser: TestBrowser, link: string, fields: Partial<Record<string, string>> = {}) {
  const page = await browser.get(pathOf(link));
  expect(page.statusCode, page.body).toBe(200);
  const password = fields.password ?? 'a long enough password';
  return browser.post('/oidc/invitation', {
    csrf: csrfTokenOf(page.body),
    token: tokenOf(link),
    name: fields.name ?? 'Wren Writer',
    password,
    passwordAgain: fields.passwordAgain ?? password,
  });
}

describe('POST /cms/members with the built-in provider', () => {
  it('should make an invitation with a single-use link valid for 7 days, stored as its hash only', async () => {
    const email = newEmail();
    const invitation = await invite(email.toUpperCase(), 'editor');

    expect(invitation).toMatchObject({ email, role: 'editor' });
    expect(invitation.link).toMatch(
      /^http:\/\/localhost:3000\/oidc\/invitation\?token=mhi_[A-Za-z0-9_-]{43}$/,
    );
    const days = (Date.parse(invitation.expiresDate) - Date.parse(invitation.createdDate)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    const row = await ctx.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(tokenOf(invitation.link)));
    expect(JSON.stringify(row)).not.toContain(tokenOf(invitation.link));
    expect(await activity('invitation.created')).toContainEqual(
      expect.objectContaining({ object_id: email, actor_email: admin.email, after: { role: 'editor' } }),
    );
    // No membership until the invitation is accepted.
    const member = await ctx.db.selectFrom('memberships').selectAll().where('email', '=', email).execute();
    expect(member).toEqual([]);

    const listed = await api('GET', `/cms/invitations?domain=${admin.domain}`);
    expect(listed.statusCode).toBe(200);
    const pending = listed.json() as Record<string, unknown>[];
    const mine = pending.find((each) => each.id === invitation.id);
    expect(mine).toMatchObject({ email, role: 'editor', invitedBy: admin.email });
    expect(mine).not.toHaveProperty('link');
  });

  it('should refuse a second invitation for the same e-mail with 409', async () => {
    const email = newEmail();
    await invite(email);
    const again = await api('POST', `/cms/members?domain=${admin.domain}`, { email, role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toContain('pending invitation');
  });

  it('should add an e-mail that has an account directly, with its name', async () => {
    const existing = await newAccount(ctx.db, 'Kim Known');
    const response = await api('POST', `/cms/members?domain=${admin.domain}`, {
      email: existing.email,
      role: 'author',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      added: 'member',
      member: { email: existing.email, name: 'Kim Known', role: 'author' },
    });
  });
});

describe('the invitation page', () => {
  it('should be served like the sign-in page: the form, a strict CSP, no caching, a CSRF cookie', async () => {
    const invitation = await invite();
    const page = await ctx.browser().get(pathOf(invitation.link));

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain(invitation.email);
    expect(page.body).toContain('autocomplete="new-password"');
    expect(csrfTokenOf(page.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = (page.cookies as { name: string; path?: string; httpOnly?: boolean }[]).find(
      (c) => c.name === 'masthead_invitation_csrf',
    );
    expect(cookie).toMatchObject({ path: '/oidc/invitation', httpOnly: true });
  });

  it('should accept: account, membership, used invitation and activity row, then sign in without the password', async () => {
    const invitation = await invite(newEmail(), 'author');
    const browser = ctx.browser();
    const submitted = await accept(browser, invitation.link, { name: '  Wren Writer ' });

    expect(submitted.statusCode, submitted.body).toBe(303);
    const next = new URL(location(submitted));
    expect(`${next.origin}${next.pathname}`).toBe(`${PUBLIC_URL}/`);
    expect(next.searchParams.get('signin')).toBe('now');
    const binding = next.searchParams.get('signin_ticket')!;
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const account = await authenticate(ctx.db, invitation.email, 'a long enough password');
    expect(account?.name).toBe('Wren Writer');
    const membership = await ctx.db
      .selectFrom('memberships')
      .selectAll()
      .where('domain_id', '=', admin.domainId)
      .where('email', '=', invitation.email)
      .executeTakeFirst();
    expect(membership?.role).toBe('author');
    const row = await ctx.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.accepted_at).not.toBeNull();
    expect(await activity('invitation.accepted')).toContainEqual(
      expect.objectContaining({
        actor_email: invitation.email,
        actor_name: 'Wren Writer',
        object_id: invitation.email,
      }),
    );
    const pending = (await api('GET', `/cms/invitations?domain=${admin.domain}`)).json() as { id: string }[];
    expect(pending.map((each) => each.id)).not.toContain(invitation.id);

    const pass = browser.jar.get('masthead_first_sign_in');
    expect(pass?.path).toBe('/');

    // The web app starts its sign-in with the binding: this browser gets through without the form, once.
    const { pkce, form } = await openSignIn(browser, { signin_ticket: binding });
    expect(form.statusCode).toBe(303);
    const callback = await followToCallback(browser, form);
    const tokens = await tokenRequest(ctx.app, {
      grant_type: 'authorization_code',
      code: callback.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce.verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const info = await api('GET', '/cms/user/info', undefined, tokens.json().access_token);
    expect(info.json()).toMatchObject({
      email: invitation.email,
      name: 'Wren Writer',
      memberships: [{ domain: admin.domain, role: 'author' }],
    });
    // An author cannot manage members.
    const members = await api(
      'GET',
      `/cms/members?domain=${admin.domain}`,
      undefined,
      tokens.json().access_token,
    );
    expect(members.statusCode).toBe(403);

    // The link is single-use: it now says it was used.
    const again = await ctx.browser().get(pathOf(invitation.link));
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('Invitation already used');
    // And the first sign-in's pass is spent: replayed in another browser, it leads to the form.
    expect(browser.jar.has('masthead_first_sign_in')).toBe(false);
    const replay = ctx.browser();
    replay.jar.set('masthead_first_sign_in', pass!);
    const replayed = await openSignIn(replay, { signin_ticket: binding });
    expect(replayed.form.statusCode).toBe(200);
    expect(replayed.form.body).toContain('<h1 id="page-title">Sign in</h1>');
  });

  it('should let the first sign-in through only for the sign-in request that carries its binding (issue 29, finding 9)', async () => {
    const invitation = await invite();
    const browser = ctx.browser();
    const submitted = await accept(browser, invitation.link);
    const binding = new URL(location(submitted)).searchParams.get('signin_ticket')!;
    const pass = browser.jar.get('masthead_first_sign_in')!;

    // A sign-in started without the binding (someone else's, later, in this browser) gets the form,
    // and spends the ticket.
    const unbound = await openSignIn(browser);
    expect(unbound.form.statusCode).toBe(200);
    expect(unbound.form.body).toContain('<h1 id="page-title">Sign in</h1>');
    const again = ctx.browser();
    again.jar.set('masthead_first_sign_in', pass);
    expect((await openSignIn(again, { signin_ticket: binding })).form.statusCode).toBe(200);

    // A wrong binding spends it too.
    const other = await invite();
    const second = ctx.browser();
    const secondBinding = new URL(location(await accept(second, other.link))).searchParams.get(
      'signin_ticket',
    )!;
    const secondPass = second.jar.get('masthead_first_sign_in')!;
    expect((await openSignIn(second, { signin_ticket: `x${secondBinding.slice(1)}` })).form.statusCode).toBe(
      200,
    );
    const retried = ctx.browser();
    retried.jar.set('masthead_first_sign_in', secondPass);
    expect((await openSignIn(retried, { signin_ticket: secondBinding })).form.statusCode).toBe(200);
  });

  it('should refuse a form without its CSRF cookie with 403 and make nothing', async () => {
    const invitation = await invite();
    const page = await ctx.browser().get(pathOf(invitation.link));
    const response = await ctx.browser().post('/oidc/invitation', {
      csrf: csrfTokenOf(page.body),
      token: tokenOf(invitation.link),
      name: 'Mallory',
      password: 'a long enough password',
      passwordAgain: 'a long enough password',
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This form has expired');
    const accounts = await ctx.db
      .selectFrom('idp_accounts')
      .selectAll()
      .where('email', '=', invitation.email)
      .execute();
    expect(accounts).toEqual([]);
  });

  it.each([
    [{ password: 'short' }, 'at least 8 characters'],
    [{ passwordAgain: 'something else entirely' }, 'The two passwords are not the same'],
    [{ name: '   ' }, 'Please enter your name'],
  ])('should show the form again for %j with the problem, and make nothing', async (fields, message) => {
    const invitation = await invite();
    const response = await accept(ctx.browser(), invitation.link, fields);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain(message);
    expect(response.body).toContain('role="alert"');
    expect(
      await ctx.db.selectFrom('idp_accounts').selectAll().where('email', '=', invitation.email).execute(),
    ).toEqual([]);
    expect(await activity('invitation.accepted')).not.toContainEqual(
      expect.objectContaining({ object_id: invitation.email }),
    );
  });

  it('should say an expired link has expired, and accept nothing through it', async () => {
    const invitation = await invite();
    const browser = ctx.browser();
    const page = await browser.get(pathOf(invitation.link));
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();

    const shown = await ctx.browser().get(pathOf(invitation.link));
    expect(shown.statusCode).toBe(410);
    expect(shown.body).toContain('Invitation expired');
    const posted = await browser.post('/oidc/invitation', {
      csrf: csrfTokenOf(page.body),
      token: tokenOf(invitation.link),
      name: 'Late',
      password: 'a long enough password',
      passwordAgain: 'a long enough password',
    });
    expect(posted.statusCode).toBe(410);
    expect(
      await ctx.db.selectFrom('idp_accounts').selectAll().where('email', '=', invitation.email).execute(),
    ).toEqual([]);
  });

  it('should say a revoked link was revoked', async () => {
    const invitation = await invite();
    const revoked = await api('DELETE', `/cms/invitations/${invitation.id}?domain=${admin.domain}`);
    expect(revoked.statusCode).toBe(204);
    expect(await activity('invitation.revoked')).toContainEqual(
      expect.objectContaining({ object_id: invitation.email }),
    );

    const shown = await ctx.browser().get(pathOf(invitation.link));
    expect(shown.statusCode).toBe(410);
    expect(shown.body).toContain('Invitation revoked');
    // Revoking twice: it is no longer pending.
    expect((await api('DELETE', `/cms/invitations/${invitation.id}?domain=${admin.domain}`)).statusCode).toBe(
      404,
    );
  });

  it('should give a new link on renewal and kill the old one', async () => {
    const invitation = await invite();
    const renewed = await api('POST', `/cms/invitations/${invitation.id}/renew?domain=${admin.domain}`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json() as NewInvitation;
    expect(fresh.id).toBe(invitation.id);
    expect(fresh.link).not.toBe(invitation.link);
    expect(await activity('invitation.renewed')).toContainEqual(
      expect.objectContaining({ object_id: invitation.email }),
    );

    const old = await ctx.browser().get(pathOf(invitation.link));
    expect(old.statusCode).toBe(404);
    expect(old.body).toContain('Invitation not found');
    const response = await accept(ctx.browser(), fresh.link);
    expect(response.statusCode, response.body).toBe(303);
  });

  it('should answer a link that was never made, or is malformed, with the not-found page', async () => {
    for (const token of [`mhi_${randomBytes(32).toString('base64url')}`, 'nonsense', '']) {
      const response = await ctx.browser().get(`/oidc/invitation?token=${encodeURIComponent(token)}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This invitation link is not valid');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it("should not renew or revoke another domain's invitation (404) and refuse its admin (403)", async () => {
    const invitation = await invite();
    const stranger = await newAccount(ctx.db, 'Stranger');
    const domain = await ctx.db
      .selectFrom('domains')
      .selectAll()
      .where('domain', '=', stranger.domain)
      .executeTakeFirstOrThrow();
    await upsertMembership(ctx.db, domain.id, stranger.email, 'admin');
    const token = (await signIn(ctx.browser(), stranger.email, stranger.password)).access_token;

    expect(
      (
        await api(
          'POST',
          `/cms/invitations/${invitation.id}/renew?domain=${stranger.domain}`,
          undefined,
          token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await api('DELETE', `/cms/invitations/${invitation.id}?domain=${stranger.domain}`, undefined, token))
        .statusCode,
    ).toBe(404);
    expect((await api('GET', `/cms/invitations?domain=${admin.domain}`, undefined, token)).statusCode).toBe(
      403,
    );
    const row = await ctx.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });

  it('should slow down guessing: links that lead nowhere count against the address like failed sign-ins', async () => {
    const guesser = ctx.browser(ctx.app, '203.0.113.77');
    const guess = () => guesser.get(`/oidc/invitation?token=mhi_${randomBytes(32).toString('base64url')}`);
    for (let i = 0; i < 30; i++) expect((await guess()).statusCode).toBe(404);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A working link still counts as given back for another address.
    const invitation = await invite();
    expect((await ctx.browser(ctx.app, '203.0.113.78').get(pathOf(invitation.link))).statusCode).toBe(200);
  });
});
