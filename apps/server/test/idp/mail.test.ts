import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDomain } from '../../src/db/repositories/domains.repository.js';
import { CLI_ACTOR } from '../../src/cli/member.command.js';
import { insertAccount } from '../../src/db/repositories/idp-accounts.repository.js';
import { authenticate } from '../../src/idp/accounts.js';
import { hashPassword } from '../../src/lib/password-hash.js';
import { setMemberRole } from '../../src/services/members.service.js';
import { linkIn, startTestMailServer, type TestMailServer } from '../helpers/test-mail-server.js';
import {
  adminOfNewDomain,
  api as callApi,
  createIdpContext,
  newAccount,
  type IdpContext,
} from './idp-context.js';
import {
  PUBLIC_URL,
  csrfTokenOf,
  location,
  openSignIn,
  signIn,
  signInWithTicket,
  tokenRequest,
  type TestBrowser,
} from './oidc-client.js';

/**
 * E-mail with SMTP_URL (issue 29, decision 056): invitations go to the invitee's mailbox, and the
 * sign-in page offers "Forgot password?". Against a real SMTP server the test starts.
 */
let mail: TestMailServer;
let ctx: IdpContext;
let admin: { token: string; email: string; domain: string; domainId: string };

beforeAll(async () => {
  mail = await startTestMailServer();
  ctx = await createIdpContext({
    RATE_LIMIT_PER_MINUTE: '0',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Masthead Test <cms@example.test>',
  });
  const own = await adminOfNewDomain(ctx);
  admin = { token: own.token, email: own.email, domain: own.domain, domainId: own.domainId };
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

const newEmail = () => `mailbox-${randomBytes(4).toString('hex')}@corp.test`;

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  callApi(ctx.app, token, method, url, payload);

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const userInfo = async (token: string) =>
  (await api('GET', '/cms/user/info', undefined, token)).json() as {
    memberships: { domain: string; role: string }[];
  };

describe('POST /cms/members with a mail server', () => {
  it('should e-mail the invitation to the invitee and never show its link', async () => {
    const email = newEmail();
    const response = await api('POST', `/cms/members?domain=${admin.domain}`, { email, role: 'editor' });

    expect(response.statusCode, response.body).toBe(201);
    const { invitation } = response.json() as { invitation: Record<string, unknown> };
    expect(invitation).toMatchObject({ email, role: 'editor', emailed: true });
    expect(invitation).not.toHaveProperty('link');
    const received = await mail.nextMailTo(email);
    expect(received.from?.value).toEqual([{ name: 'Masthead Test', address: 'cms@example.test' }]);
    expect(received.subject).toBe('You are invited to Test on Masthead');
    expect(received.text).toContain('Ada Admin invited you to work on Test as editor.');
    const link = linkIn(received, `${PUBLIC_URL}/oidc/invitation?token=mhi_`);
    expect(received.html).toContain(`href="${link}"`);
    const listed = (await api('GET', `/cms/invitations?domain=${admin.domain}`)).json() as {
      email: string;
      emailed: boolean;
    }[];
    expect(listed).toContainEqual(expect.objectContaining({ email, emailed: true }));
  });

  it('should make nothing and answer 503 with the error body when the mail cannot be sent', async () => {
    const email = newEmail();
    mail.refuseNext();
    const response = await api('POST', `/cms/members?domain=${admin.domain}`, { email, role: 'author' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: 'Service Unavailable',
      errors: ['The mail server could not send the e-mail; nothing was changed'],
    });
    expect(response.headers['retry-after']).toBeDefined();
    const rows = await ctx.db.selectFrom('invitations').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
    const trail = await ctx.db.selectFrom('activity').select('id').where('object_id', '=', email).execute();
    expect(trail).toEqual([]);
    // The next try goes through.
    expect(
      (await api('POST', `/cms/members?domain=${admin.domain}`, { email, role: 'author' })).statusCode,
    ).toBe(201);
  });

  it('should e-mail a new link on renewal; the old one stops working', async () => {
    const email = newEmail();
    const made = await api('POST', `/cms/members?domain=${admin.domain}`, { email, role: 'author' });
    const first = linkIn(await mail.nextMailTo(email), `${PUBLIC_URL}/oidc/invitation?token=`);
    const renewed = await api(
      'POST',
      `/cms/invitations/${made.json().invitation.id}/renew?domain=${admin.domain}`,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).not.toHaveProperty('link');
    const second = linkIn(await mail.nextMailTo(email), `${PUBLIC_URL}/oidc/invitation?token=`);
    expect(second).not.toBe(first);
    expect((await ctx.browser().get(pathOf(first))).statusCode).toBe(404);
    expect((await ctx.browser().get(pathOf(second))).statusCode).toBe(200);
  });

  it("should prove the mailbox when an e-mailed invitation is accepted, so the address's other memberships apply", async () => {
    const email = newEmail();
    const other = await insertDomain(ctx.db, {
      domain: `d${randomBytes(5).toString('hex')}.test`,
      name: 'B',
    });
    await ctx.db.transaction().execute((trx) => setMemberRole(trx, other.id, CLI_ACTOR, email, 'editor'));
    await api('POST', `/cms/members?domain=${admin.domain}`, { email, role: 'author' });
    const link = linkIn(await mail.nextMailTo(email), `${PUBLIC_URL}/oidc/invitation?token=`);

    const browser = ctx.browser();
    const page = await browser.get(pathOf(link));
    const submitted = await browser.post('/oidc/invitation', {
      csrf: csrfTokenOf(page.body),
      token: new URL(link).searchParams.get('token')!,
      name: 'Mailbox Owner',
      password: 'a long enough password',
      passwordAgain: 'a long enough password',
    });
    expect(submitted.statusCode, submitted.body).toBe(303);
    const tokens = await signInWithTicket(browser, location(submitted));
    expect((await userInfo(tokens.access_token)).memberships).toEqual(
      [
        { domain: admin.domain, role: 'author' },
        { domain: other.domain, role: 'editor' },
      ].sort((x, y) => x.domain.localeCompare(y.domain)),
    );
  });
});

describe('Forgot password?', () => {
  async function askForLink(browser: TestBrowser, email: string) {
    const page = await browser.get('/oidc/forgot');
    expect(page.statusCode).toBe(200);
    return browser.post('/oidc/forgot', { csrf: csrfTokenOf(page.body), email });
  }

  it('should be offered on the sign-in page', async () => {
    const { form } = await openSignIn(ctx.browser());
    expect(form.body).toContain(`href="${PUBLIC_URL}/oidc/forgot"`);
    expect(form.body).toContain('Forgot password?');
  });

  it('should answer the same whether or not the address has an account, and mail only an account', async () => {
    const account = await newAccount(ctx.db, 'Has Account');
    const nobody = newEmail();
    const known = await askForLink(ctx.browser(), account.email);
    const unknown = await askForLink(ctx.browser(), nobody);

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const normalise = (body: string) => body.replaceAll(account.email, 'X').replaceAll(nobody, 'X');
    expect(normalise(known.body)).toBe(normalise(unknown.body));
    const received = await mail.nextMailTo(account.email);
    expect(received.subject).toBe('Reset your Masthead password');
    expect(received.text).toContain('for 30 minutes');
    // The unknown address's answer came before the known one's mail was sent; by now any mail for it would be here.
    expect(mail.mailsTo(nobody)).toEqual([]);
  });

  it('should set the new password, end every other sign-in, and sign this browser in, once', async () => {
    const account = await newAccount(ctx.db, 'Forgetful');
    const elsewhere = await signIn(ctx.browser(), account.email, account.password);
    await askForLink(ctx.browser(), account.email);
    const link = linkIn(await mail.nextMailTo(account.email), `${PUBLIC_URL}/oidc/reset?token=mhr_`);

    const browser = ctx.browser();
    const page = await browser.get(pathOf(link));
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain(account.email);
    const token = new URL(link).searchParams.get('token')!;
    const mismatch = await browser.post('/oidc/reset', {
      csrf: csrfTokenOf(page.body),
      token,
      password: 'the new password',
      passwordAgain: 'not the same',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.body).toContain('The two passwords are not the same');
    const submitted = await browser.post('/oidc/reset', {
      csrf: csrfTokenOf(mismatch.body),
      token,
      password: 'the new password',
      passwordAgain: 'the new password',
    });
    expect(submitted.statusCode, submitted.body).toBe(303);
    expect(new URL(location(submitted)).searchParams.get('signin')).toBe('now');

    expect(await authenticate(ctx.db, account.email, 'the new password')).toBeDefined();
    expect(await authenticate(ctx.db, account.email, account.password)).toBeUndefined();
    // The other browser's access and refresh tokens are refused.
    expect((await api('GET', '/cms/user/info', undefined, elsewhere.access_token)).statusCode).toBe(401);
    const refresh = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: elsewhere.refresh_token!,
    });
    expect(refresh.statusCode).toBe(400);
    // This browser is signed in without typing the password again.
    const tokens = await signInWithTicket(browser, location(submitted));
    expect((await api('GET', '/cms/user/info', undefined, tokens.access_token)).statusCode).toBe(200);
    // The link worked once.
    const again = await ctx.browser().get(pathOf(link));
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('Link already used');
  });

  it('should give the address owner back an account someone made from an invitation link (issue 29, finding 1)', async () => {
    // The squatter: an account made from an invitation link an admin saw (no mail then).
    const email = newEmail();
    const b = await insertDomain(ctx.db, { domain: `d${randomBytes(5).toString('hex')}.test`, name: 'B' });
    await ctx.db.transaction().execute((trx) => setMemberRole(trx, b.id, CLI_ACTOR, email, 'admin'));
    const squatted = (await insertAccount(ctx.db, {
      email,
      name: 'Squatter',
      passwordHash: await hashPassword('the squatter chose this'),
      emailVerified: false,
    }))!;
    await ctx.db
      .insertInto('memberships')
      .values({ domain_id: admin.domainId, email, role: 'author', account_id: squatted.id })
      .execute();

    // The owner of the mailbox resets the password: the mail reaches them, not the squatter.
    await askForLink(ctx.browser(), email);
    const link = linkIn(await mail.nextMailTo(email), `${PUBLIC_URL}/oidc/reset?token=`);
    const browser = ctx.browser();
    const page = await browser.get(pathOf(link));
    const submitted = await browser.post('/oidc/reset', {
      csrf: csrfTokenOf(page.body),
      token: new URL(link).searchParams.get('token')!,
      password: 'the owner chose this',
      passwordAgain: 'the owner chose this',
    });
    const tokens = await signInWithTicket(browser, location(submitted));
    expect((await userInfo(tokens.access_token)).memberships).toContainEqual({
      domain: b.domain,
      role: 'admin',
    });
  });

  it('should limit the links asked for one address, whether or not it has an account', async () => {
    const email = newEmail();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await askForLink(ctx.browser(), email)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('should say an unknown link is not found and a malformed one the same, without a 500', async () => {
    for (const token of ['mhr_nothing', '', 'x'.repeat(150), 'mhr_' + 'A'.repeat(43)]) {
      const response = await ctx.browser().get(`/oidc/reset?token=${encodeURIComponent(token)}`);
      expect(response.statusCode, token).toBe(404);
      expect(response.body).toContain('Link not found');
    }
  });
});

describe('without a mail server', () => {
  it('should offer no "Forgot password?" and have no such page', async () => {
    const plain = await createIdpContext();
    try {
      const { form } = await openSignIn(plain.browser());
      expect(form.body).not.toContain('Forgot password?');
      expect((await plain.browser().get('/oidc/forgot')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
