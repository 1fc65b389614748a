import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';

let ctx: TestContext;
let domain: TestDomain;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  domain = await ctx.domain('Settings');
  admin = (await ctx.member('admin', domain)).token;
});
afterAll(async () => ctx?.close());

const get = (token: string | null = admin) =>
  ctx.request(token, { method: 'GET', url: `/cms/domain/settings?domain=${domain.domain}` });
const put = (payload: unknown, token = admin) =>
  ctx.request(token, {
    method: 'PUT',
    url: `/cms/domain/settings?domain=${domain.domain}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function listVersion() {
  const row = await ctx.db
    .selectFrom('list_versions')
    .select('version')
    .where('domain_id', '=', domain.id)
    .executeTakeFirstOrThrow();
  return String(row.version);
}

const PATTERN = 'https://blog.example.com/posts/{slug}';

describe('GET /cms/domain/settings', () => {
  it('should show a new domain without a post address and with private feeds', async () => {
    const fresh = await ctx.domain();
    const { token } = await ctx.member('admin', fresh);
    const response = await ctx.request(token, {
      method: 'GET',
      url: `/cms/domain/settings?domain=${fresh.domain}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ postUrl: null, publicFeeds: false });
  });

  it.each(['author', 'editor'] as const)('should answer a %s too', async (role) => {
    const { token } = await ctx.member(role, domain);
    const response = await get(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json() as object).sort()).toEqual(['postUrl', 'publicFeeds']);
  });

  it('should refuse a non-member with 403 and an anonymous call with 401', async () => {
    const elsewhere = await ctx.domain();
    expectErrorBody(await get((await ctx.member('admin', elsewhere)).token), 403);
    expectErrorBody(await get(null), 401);
  });
});

describe('PUT /cms/domain/settings', () => {
  it('should set both settings, show them to members, and clear the pattern with null', async () => {
    const set = await put({ postUrl: PATTERN, publicFeeds: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ postUrl: PATTERN, publicFeeds: true });
    const { token } = await ctx.member('author', domain);
    expect((await get(token)).json()).toEqual({ postUrl: PATTERN, publicFeeds: true });

    const cleared = await put({ postUrl: null, publicFeeds: false });
    expect(cleared.json()).toEqual({ postUrl: null, publicFeeds: false });
    const row = await ctx.db
      .selectFrom('domains')
      .select(['post_url', 'public_feeds'])
      .where('id', '=', domain.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ post_url: null, public_feeds: false });
  });

  it("should change the domain's list version when the settings change, and only then", async () => {
    await put({ postUrl: null, publicFeeds: false });
    const before = await listVersion();
    await put({ postUrl: 'https://www.example.com/{slug}', publicFeeds: false });
    const afterPattern = await listVersion();
    expect(afterPattern).not.toBe(before);

    await put({ postUrl: 'https://www.example.com/{slug}', publicFeeds: true });
    const afterFeeds = await listVersion();
    expect(afterFeeds).not.toBe(afterPattern);

    await put({ postUrl: 'https://www.example.com/{slug}', publicFeeds: true });
    expect(await listVersion()).toBe(afterFeeds);
  });

  it.each([
    ['https://blog.example.com/posts/', 'no {slug}'],
    ['ftp://blog.example.com/{slug}', 'not http(s)'],
    ['https://{slug}.example.com/', '{slug} in the host'],
    ['/posts/{slug}', 'not absolute'],
    ['javascript:alert(1)//{slug}', 'javascript'],
    ['https://ann:pw@blog.example.com/{slug}', 'credentials'],
    ['', 'empty'],
  ])('should refuse the pattern %j (%s) with 400 naming postUrl, and change nothing', async (postUrl) => {
    await put({ postUrl: PATTERN, publicFeeds: false });
    const version = await listVersion();
    const body = expectErrorBody(await put({ postUrl, publicFeeds: true }), 400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatch(/^postUrl: /);
    expect((await get()).json()).toEqual({ postUrl: PATTERN, publicFeeds: false });
    expect(await listVersion()).toBe(version);
  });

  it.each([
    [{ publicFeeds: true }, 'postUrl: This field is required'],
    [{ postUrl: PATTERN }, 'publicFeeds: This field is required'],
    [{ postUrl: PATTERN, publicFeeds: 'yes' }, 'publicFeeds: must be of type boolean'],
    [{ postUrl: `https://blog.example.com/${'x'.repeat(2000)}/{slug}`, publicFeeds: true }, 'postUrl: '],
    [{ postUrl: 42, publicFeeds: true }, 'postUrl: '],
  ])('should refuse the body %j with 400 naming the field', async (payload, line) => {
    const body = expectErrorBody(await put(payload), 400);
    expect(
      body.errors.some((error) => error.startsWith(line)),
      body.errors.join('; '),
    ).toBe(true);
  });

  it.each(['author', 'editor'] as const)('should refuse a %s with 403 and change nothing', async (role) => {
    await put({ postUrl: PATTERN, publicFeeds: false });
    const { token } = await ctx.member(role, domain);
    const body = expectErrorBody(await put({ postUrl: null, publicFeeds: true }, token), 403);
    expect(body.errors[0]).toContain('an admin or higher can');
    expect((await get()).json()).toEqual({ postUrl: PATTERN, publicFeeds: false });
  });
});
