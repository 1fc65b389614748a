import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/plugins/app/idp/login-limits.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createIdpContext, newAccount, type IdpContext } from './idp-context.js';
import { csrfTokenOf, openSignIn, signIn, submitLogin, tokenRequest } from './oidc-client.js';

// Decision 045: the signed-in user's own account at the built-in provider.

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

let address = 10;
/** A browser at a new client address, so that only the account's own limit can stop it. */
const browser = () => ctx.browser(ctx.app, `198.18.1.${address++}`);

/** A new account, signed in: its tokens. */
async function signedIn(name?: string) {
  const account = await newAccount(ctx.db, name);
  const tokens = await signIn(browser(), account.email, account.password);
  return { account, tokens };
}

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  call(token, 'PUT', '/cms/account/password', { currentPassword, newPassword });

/** The sign-in form's answer to this e-mail and password: 303 on to the app, 422 refused, 429 limited. */
async function formAnswer(email: string, password: string) {
  const b = browser();
  const { loginUrl, form } = await openSignIn(b);
  return (await submitLogin(b, loginUrl, { email, password, csrf: csrfTokenOf(form.body) })).statusCode;
}

describe('GET /config/env_config.json', () => {
  it('should tell the web app that accounts are built in, so that it offers their settings', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/config/env_config.json' });
    expect(response.json()).toMatchObject({ accounts: 'built-in' });
  });
});

describe('PUT /cms/account', () => {
  it('should change the display name, shown by GET /cms/user/info at once and in new tokens', async () => {
    const { account, tokens } = await signedIn('Old Name');
    const response = await call(tokens.access_token, 'PUT', '/cms/account', { name: '  Nova Silva ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ name: 'Nova Silva', email: account.email });

    const info = await call(tokens.access_token, 'GET', '/cms/user/info');
    expect(info.json()).toMatchObject({ name: 'Nova Silva', email: account.email });
    const refreshed = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const [, claims] = refreshed.json<{ id_token: string }>().id_token.split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ name: 'Nova Silva' });
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['no name', {}],
    ['a name too long', { name: 'x'.repeat(201) }],
    ['a name of the wrong type', { name: 42 }],
  ])('should refuse %s with 400', async (_what, payload) => {
    const { tokens } = await signedIn('Kept Name');
    expectErrorBody(await call(tokens.access_token, 'PUT', '/cms/account', payload), 400);
    expect((await call(tokens.access_token, 'GET', '/cms/user/info')).json()).toMatchObject({
      name: 'Kept Name',
    });
  });

  it.each([
    ['a line break', 'Ann\nAdmin of everything'],
    ['NUL', 'Ann\u0000'],
    ['an escape sequence', 'Ann\u001b[31m'],
    ['a bell', 'Ann\u0007'],
  ])(
    'should refuse a name with %s with 400 and keep the old one (issue 29, finding 9)',
    async (_what, name) => {
      const { account, tokens } = await signedIn('Kept Name');
      const response = expectErrorBody(await call(tokens.access_token, 'PUT', '/cms/account', { name }), 400);
      expect(response.errors).toEqual(['name: the name must not contain control characters']);
      const row = await ctx.db
        .selectFrom('idp_accounts')
        .select('name')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Kept Name');
    },
  );

  it('should need a token', async () => {
    expectErrorBody(
      await ctx.app.inject({ method: 'PUT', url: '/cms/account', payload: { name: 'x' } }),
      401,
    );
  });
});

describe('PUT /cms/account/password', () => {
  it('should change the password: the new one signs in, the old one no longer, and every sign-in ends', async () => {
    const { account, tokens } = await signedIn();
    const newPassword = 'a brand new passphrase';
    const response = await changePassword(tokens.access_token, account.password, newPassword);
    expect(response.statusCode, response.body).toBe(204);

    expect(await formAnswer(account.email, account.password)).toBe(422);
    expect(await formAnswer(account.email, newPassword)).toBe(303);
    const refused = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
  });

  // A dozen scrypt checks each: on a busy machine, longer than the default 30 s.
  it(
    'should refuse a wrong current password with 400, and count it toward the sign-in limits',
    { timeout: 120_000 },
    async () => {
      const { account, tokens } = await signedIn();
      const wrong = await changePassword(tokens.access_token, 'not the password', 'another good password');
      expect(expectErrorBody(wrong, 400).errors).toEqual([
        'currentPassword: the current password is not correct',
      ]);
      // The rest of the account's failures, on the sign-in page: the limit is reached one sooner.
      for (let i = 1; i < LOGIN_LIMITS.perAccount; i++) {
        expect(await formAnswer(account.email, `wrong ${i}`)).toBe(422);
      }
      expect(await formAnswer(account.email, account.password)).toBe(429);
      // And over the limit, the password change is refused before any check, the right password too.
      const limited = await changePassword(tokens.access_token, account.password, 'another good password');
      expectErrorBody(limited, 429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    },
  );

  it('should not count a right current password', { timeout: 120_000 }, async () => {
    const { account, tokens } = await signedIn();
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) {
      expect(await formAnswer(account.email, `wrong ${i}`)).toBe(422);
    }
    const changed = await changePassword(tokens.access_token, account.password, 'the next good password');
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await formAnswer(account.email, 'the next good password')).toBe(303);
  });

  it(
    'should wait for the same password hashing slots as the sign-in form, and answer 429 beyond them (issue 29, finding 9)',
    { timeout: 120_000 },
    async () => {
      // Four accounts, three changes each at once: 12 scrypt checks (and hashes) for 2 slots and 6
      // places in line. Before, a password change hashed outside the slots and never said 429.
      const accounts = await Promise.all([1, 2, 3, 4].map(() => signedIn()));
      const answers = await Promise.all(
        accounts.flatMap(({ account, tokens }) =>
          [1, 2, 3].map(() => changePassword(tokens.access_token, account.password, 'another long password')),
        ),
      );
      const busy = answers.filter((answer) => answer.statusCode === 429);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const answer of busy) {
        expect(answer.json().errors).toEqual([
          'Too many sign-ins at this moment. Please try again in a few seconds.',
        ]);
        expect(answer.headers['retry-after']).toBe('2');
      }
      expect(answers.filter((answer) => answer.statusCode === 204).length).toBeGreaterThanOrEqual(1);
    },
  );

  it('should refuse a new password with a control character at once, before any password check (issue 29)', async () => {
    const { account, tokens } = await signedIn();
    const started = Date.now();
    const response = expectErrorBody(
      await changePassword(tokens.access_token, account.password, 'long enough\u0000but NUL'),
      400,
    );
    expect(response.errors).toEqual(['newPassword: the password must not contain control characters']);
    // Refused before scrypt (about half a second), and the old password still signs in.
    expect(Date.now() - started).toBeLessThan(300);
    expect(await formAnswer(account.email, account.password)).toBe(303);
  });

  it('should refuse a new password shorter than 8 characters with 400 and keep the old one', async () => {
    const { account, tokens } = await signedIn();
    const weak = await changePassword(tokens.access_token, account.password, 'short');
    expect(expectErrorBody(weak, 400).errors).toEqual([
      'newPassword: the password must have at least 8 characters',
    ]);
    expect(await formAnswer(account.email, account.password)).toBe(303);
  });

  it('should refuse a body without the current password with 400', async () => {
    const { tokens } = await signedIn();
    const response = await call(tokens.access_token, 'PUT', '/cms/account/password', {
      newPassword: 'a good new password',
    });
    expectErrorBody(response, 400);
  });
});

describe('POST /cms/account/sign-out-everywhere', () => {
  it("should revoke every session and refresh token of the account, and no one else's", async () => {
    const { account, tokens } = await signedIn();
    const elsewhere = await signIn(browser(), account.email, account.password);
    const other = await signedIn();

    const response = await call(tokens.access_token, 'POST', '/cms/account/sign-out-everywhere');
    expect(response.statusCode, response.body).toBe(204);

    for (const refreshToken of [tokens.refresh_token!, elsewhere.refresh_token!]) {
      const refused = await tokenRequest(ctx.app, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('invalid_grant');
    }
    const stored = await ctx.db
      .selectFrom('idp_payloads')
      .select('model')
      .where(sql<string>`payload->>'accountId'`, '=', account.id)
      .execute();
    expect(stored).toEqual([]);

    const untouched = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: other.tokens.refresh_token!,
    });
    expect(untouched.statusCode, untouched.body).toBe(200);
  });
});

describe('the account calls with an external identity provider (OIDC_AUTHORITY)', () => {
  let external: TestContext;
  beforeAll(async () => {
    external = await createTestContext();
  });
  afterAll(() => external?.close());

  it.each([
    ['PUT', '/cms/account', { name: 'New Name' }],
    ['PUT', '/cms/account/password', { currentPassword: 'x', newPassword: 'a good new password' }],
    ['POST', '/cms/account/sign-out-everywhere', undefined],
  ] as const)('should answer %s %s with 409', async (method, url, payload) => {
    const { token } = await external.member('editor', await external.domain());
    const response = await external.request(token, { method, url, ...(payload ? { payload } : {}) });
    expect(expectErrorBody(response, 409).errors).toEqual([
      'Accounts are kept by the external identity provider; change them there, not in Masthead',
    ]);
  });
});
