import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBanner } from '../../src/demo/demo-banner.js';
import { DEMO_ACCOUNT_EMAIL, DEMO_ACCOUNT_NAME, DEMO_DOMAINS } from '../../src/demo/demo-content.js';
import { seedDemoIfEmpty } from '../../src/demo/seed-demo.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { createIdpContext, type IdpContext } from './idp-context.js';
import { signIn } from './oidc-client.js';

let ctx: IdpContext;
beforeAll(async () => {
  ctx = await createIdpContext();
});
afterAll(() => ctx?.close());

describe('the first-start demo with the built-in provider', () => {
  it('should create the demo account once, with a random password that signs in', async () => {
    const first = await seedDemoIfEmpty(ctx.db, new Date(), { account: true });
    const password = first?.account?.password ?? '';
    expect(first?.account?.email).toBe(DEMO_ACCOUNT_EMAIL);
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const stored = await ctx.db.selectFrom('idp_accounts').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: DEMO_ACCOUNT_EMAIL, name: DEMO_ACCOUNT_NAME });
    expect(stored[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(stored[0]?.password_hash).not.toContain(password);

    // The printed block names the address, the e-mail and the password, with a stable marker.
    const banner = demoBanner('http://localhost:3000', first!.account!);
    expect(banner).toContain(`sign in at http://localhost:3000 with ${DEMO_ACCOUNT_EMAIL} / ${password}`);
    expect(banner).toMatch(new RegExp(`^  Demo password: ${password}$`, 'm'));

    // The account signs in and is admin on both demo domains.
    const tokens = await signIn(ctx.browser(), DEMO_ACCOUNT_EMAIL, password);
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/cms/user/info',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.json()).toMatchObject({
      email: DEMO_ACCOUNT_EMAIL,
      name: DEMO_ACCOUNT_NAME,
      memberships: DEMO_DOMAINS.map((d) => ({ domain: d.domain, role: 'admin' })),
    });

    // Seeding again does nothing and shows no password.
    expect(await seedDemoIfEmpty(ctx.db, new Date(), { account: true })).toBeNull();
    expect(await ctx.db.selectFrom('idp_accounts').select('id').execute()).toHaveLength(1);
  });

  it('should create no account when the built-in provider is off', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      const demo = await seedDemoIfEmpty(db, new Date(), { account: false });
      expect(demo?.domains).toHaveLength(DEMO_DOMAINS.length);
      expect(demo?.account).toBeUndefined();
      expect(await db.selectFrom('idp_accounts').select('id').execute()).toEqual([]);
    } finally {
      await drop();
    }
  });
});
