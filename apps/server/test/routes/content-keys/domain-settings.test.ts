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
    expect(response.json()).toEqual({ postUrl: null, publicFeeds: false, previewUrl: null });
  });

  it.each(['author', 'editor'] as const)('should answer a %s too', async (role) => {
    const { token } = await ctx.member(role, domain);
    const response = await get(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json() as object).sort()).toEqual(['postUrl', 'previewUrl', 'publicFeeds']);
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
    expect(set.json()).toEqual({ postUrl: PATTERN, publicFeeds: true, previewUrl: null });
    const { token } = await ctx.member('author', domain);
    expect((await get(token)).json()).toEqual({ postUrl: PATTERN, publicFeeds: true, previewUrl: null });

    const cleared = await put({ postUrl: null, publicFeeds: false });
    expect(cleared.json()).toEqual({ postUrl: null, publicFeeds: false, previewUrl: null });
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
    expect((await get()).json()).toMatchObject({ postUrl: PATTERN, publicFeeds: false });
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
    expect((await get()).json()).toMatchObject({ postUrl: PATTERN, publicFeeds: false });
  });
});

describe('PUT /cms/domain/settings with previewUrl', () => {
  const PREVIEW = 'https://blog.example.com/preview?token={token}&slug={slug}';

  it('should set, keep when absent, and clear the preview address, without moving the list version', async () => {
    await put({ postUrl: PATTERN, publicFeeds: false, previewUrl: null });
    const version = await listVersion();
    const set = await put({ postUrl: PATTERN, publicFeeds: false, previewUrl: PREVIEW });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ postUrl: PATTERN, publicFeeds: false, previewUrl: PREVIEW });
    // No cached answer shows it: the delivery API's and the feeds' caches stay.
    expect(await listVersion()).toBe(version);

    const kept = await put({ postUrl: PATTERN, publicFeeds: true });
    expect(kept.json()).toEqual({ postUrl: PATTERN, publicFeeds: true, previewUrl: PREVIEW });
    const { token } = await ctx.member('author', domain);
    expect((await get(token)).json()).toEqual({ postUrl: PATTERN, publicFeeds: true, previewUrl: PREVIEW });

    const cleared = await put({ postUrl: PATTERN, publicFeeds: true, previewUrl: null });
    expect(cleared.json()).toEqual({ postUrl: PATTERN, publicFeeds: true, previewUrl: null });
  });

  it('should record the settings before and after in the activity row', async () => {
    await put({ postUrl: PATTERN, publicFeeds: false, previewUrl: null });
    await put({ postUrl: PATTERN, publicFeeds: false, previewUrl: PREVIEW });
    const row = await ctx.db
      .selectFrom('activity')
      .select(['kind', 'before', 'after'])
      .where('domain_id', '=', domain.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      kind: 'domain.settings_updated',
      before: { postUrl: PATTERN, publicFeeds: false, previewUrl: null },
      after: { postUrl: PATTERN, publicFeeds: false, previewUrl: PREVIEW },
    });
  });

  it.each([
    ['https://blog.example.com/preview', 'no {token}'],
    ['https://blog.example.com/preview/{token}/{title}', 'an unknown placeholder'],
    ['https://blog.example.com/p/{token}/{slug', 'an unclosed brace'],
    ['ftp://blog.example.com/{token}', 'not http(s)'],
    ['https://{token}.example.com/', '{token} in the host'],
    ['/preview/{token}', 'not absolute'],
    ['javascript:alert(1)//{token}', 'javascript'],
    ['https://ann:pw@blog.example.com/{token}', 'credentials'],
    ['https://a;b.example.com/{token}', 'a host a CSP cannot name'],
    ['', 'empty'],
  ])(
    'should refuse the preview address %j (%s) with 400 naming previewUrl, and change nothing',
    async (previewUrl) => {
      await put({ postUrl: PATTERN, publicFeeds: false, previewUrl: PREVIEW });
      const body = expectErrorBody(await put({ postUrl: null, publicFeeds: true, previewUrl }), 400);
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatch(/^previewUrl: must be an http\(s\) address with \{token\}/);
      expect((await get()).json()).toEqual({ postUrl: PATTERN, publicFeeds: false, previewUrl: PREVIEW });
    },
  );

  it('should name both fields when both patterns are wrong, and refuse a preview address over 2,000 characters', async () => {
    const both = expectErrorBody(await put({ postUrl: 'x', publicFeeds: true, previewUrl: 'y' }), 400);
    expect(both.errors.map((line) => line.split(':')[0])).toEqual(['postUrl', 'previewUrl']);
    const long = expectErrorBody(
      await put({
        postUrl: null,
        publicFeeds: true,
        previewUrl: `https://e.com/${'x'.repeat(2000)}/{token}`,
      }),
      400,
    );
    expect(long.errors[0]).toMatch(/^previewUrl: /);
  });

  it('should refuse the preview address from an editor with 403', async () => {
    const { token } = await ctx.member('editor', domain);
    expectErrorBody(await put({ postUrl: null, publicFeeds: false, previewUrl: PREVIEW }, token), 403);
  });
});
