import { createHash } from 'node:crypto';
import type { PreviewShare } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { parseEnv } from '../../../src/config/env.js';
import { contentKey } from '../../delivery/delivery-fixtures.js';
import { previewApi, previewLink } from '../../delivery/preview-fixtures.js';
import { createTestContext, tempDataDir, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { entriesOf, revisionApi } from '../../revisions/revision-fixtures.js';
import { testClock } from '../../scheduling/schedule-fixtures.js';
import { blogApi, createPost, expectError, postBody, UUID } from './blog-fixtures.js';

// The back office's preview calls (issue 30, decision 061): any member makes a preview of any post
// of the domain (posts have no owner, decision 003); share links are listed and revoked by whoever
// made them and by the domain's admins; at most 20 live per post; a budget per user.
const clock = testClock();
const LINKS_PER_MINUTE = 40;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    clock: clock.now,
    env: { RATE_LIMIT_PER_MINUTE: '0', PREVIEW_LINKS_PER_MINUTE: String(LINKS_PER_MINUTE) },
  });
});
afterAll(async () => ctx?.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A domain, a member of each role, and a post made by the editor. */
async function world() {
  const domain = await ctx.domain();
  const author = await ctx.member('author', domain);
  const editor = await ctx.member('editor', domain);
  const admin = await ctx.member('admin', domain);
  const blogs = blogApi(ctx, editor.token, domain.domain);
  const post = await createPost(blogs, { title: 'A draft to show' });
  const as = (member: { token: string }) => previewApi(ctx, member.token, domain.domain);
  return { domain, author, editor, admin, blogs, post, as };
}

async function activityOf(domain: TestDomain) {
  return ctx.db
    .selectFrom('activity')
    .select(['kind', 'actor_email', 'object_id', 'object_label', 'before', 'after'])
    .where('domain_id', '=', domain.id)
    .where('kind', 'in', ['preview.shared', 'preview.revoked'])
    .orderBy('id')
    .execute();
}

async function setPreviewUrl(domain: TestDomain, admin: string, previewUrl: string | null) {
  const res = await ctx.request(admin, {
    method: 'PUT',
    url: `/cms/domain/settings?domain=${domain.domain}`,
    payload: { postUrl: null, publicFeeds: false, previewUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /cms/blogs/info/:id/preview', () => {
  it("should answer 201 with a token for an hour and Masthead's own page, and keep only the token's hash", async () => {
    const w = await world();
    const res = await w.as(w.author).create(w.post.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const link = res.json<{ id: string; token: string; url: string; expiresDate: string }>();
    expect(Object.keys(link).sort()).toEqual(['expiresDate', 'id', 'token', 'url']);
    expect(link.id).toMatch(UUID);
    expect(link.token).toMatch(/^mhp_[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`http://localhost:3000/preview/${link.token}`);
    expect(Date.parse(link.expiresDate)).toBe(clock.now().getTime() + HOUR);

    const row = await ctx.db
      .selectFrom('preview_tokens')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row).toMatchObject({ kind: 'editor', label: null, post_id: w.post.id, domain_id: w.domain.id });
    expect(row.created_by).toBe(w.author.email);
  });

  it("should fill the domain's previewUrl with the token, the id and the slug as last saved, encoded", async () => {
    const w = await world();
    await setPreviewUrl(
      w.domain,
      w.admin.token,
      'https://site.example.test/preview/{slug}?t={token}&id={id}&l={locale}',
    );
    const renamed = await w.blogs.update(w.post.id, postBody({ title: 'Ça va? Yes' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const slug = renamed.json<{ slug: string }>().slug;
    const link = await previewLink(w.as(w.editor), w.post.id);
    expect(link.url).toBe(
      `https://site.example.test/preview/${encodeURIComponent(slug)}?t=${link.token}&id=${w.post.id}&l=`,
    );
    const share = await previewLink(w.as(w.editor), w.post.id, { share: true });
    expect(share.url).toContain(`t=${share.token}`);
  });

  it('should make share links of 1 to 30 days, 7 by default, with a trimmed label', async () => {
    const w = await world();
    const api = w.as(w.author);
    const byDefault = await previewLink(api, w.post.id, { share: true });
    expect(Date.parse(byDefault.expiresDate)).toBe(clock.now().getTime() + 7 * DAY);
    const short = await previewLink(api, w.post.id, { share: true, days: 1, label: '  For Ana  ' });
    expect(Date.parse(short.expiresDate)).toBe(clock.now().getTime() + DAY);
    const long = await previewLink(api, w.post.id, { share: true, days: 30, label: '' });
    expect(Date.parse(long.expiresDate)).toBe(clock.now().getTime() + 30 * DAY);
    const labels = (await api.list(w.post.id)).json<PreviewShare[]>().map((share) => share.label);
    expect(labels.sort()).toEqual(['For Ana', null, null].sort());
  });

  it.each([
    [{ share: true, days: 0 }, 'days: '],
    [{ share: true, days: 31 }, 'days: '],
    [{ share: true, days: 1.5 }, 'days: '],
    [{ share: true, days: '7' }, 'days: '],
    [{ share: true, label: 'x'.repeat(101) }, 'label: '],
    [{ share: true, label: 'two\nlines' }, 'label: must not contain control characters'],
    [{ days: 3 }, 'days: is only for a share link (share: true)'],
    [{ label: 'Ana' }, 'label: is only for a share link (share: true)'],
    [{ revisionId: 'nope' }, 'revisionId: '],
    [{ share: 'yes' }, 'share: '],
  ])('should refuse the body %j with 400 naming the field', async (payload, line) => {
    const w = await world();
    const body = expectError(await w.as(w.editor).create(w.post.id, payload), 400);
    expect(
      body.errors.some((error) => error.startsWith(line)),
      body.errors.join('; '),
    ).toBe(true);
    expect(
      await ctx.db.selectFrom('preview_tokens').select('id').where('post_id', '=', w.post.id).execute(),
    ).toEqual([]);
  });

  it('should let every member preview and share any post of the domain, and no one else', async () => {
    const w = await world();
    for (const member of [w.author, w.editor, w.admin]) {
      await previewLink(w.as(member), w.post.id);
      await previewLink(w.as(member), w.post.id, { share: true });
    }
    const other = await ctx.domain();
    const outsider = await ctx.member('admin', other);
    expectError(await w.as(outsider).create(w.post.id), 403);
    expectError(await previewApi(ctx, w.editor.token, other.domain).create(w.post.id), 403);
    // A post of another domain, or none, is a 404 in the member's own domain.
    const foreign = await createPost(blogApi(ctx, outsider.token, other.domain));
    expectError(await w.as(w.editor).create(foreign.id), 404);
    expectError(await w.as(w.editor).create('00000000-0000-4000-8000-000000000000'), 404);
    expectError(
      await ctx.request(null, {
        method: 'POST',
        url: `/cms/blogs/info/${w.post.id}/preview?domain=${w.domain.domain}`,
        payload: {},
      }),
      401,
    );
  });

  it("should take a revision of the post only: another post's is a 404, a workflow event a 409", async () => {
    const w = await world();
    const history = revisionApi(ctx, w.editor.token, w.domain.domain);
    const [created] = await entriesOf(history, w.post.id);
    await previewLink(w.as(w.author), w.post.id, { revisionId: created!.id, share: true });

    const other = await createPost(w.blogs, { title: 'Another post' });
    const [otherCreated] = await entriesOf(history, other.id);
    expectError(await w.as(w.author).create(w.post.id, { revisionId: otherCreated!.id }), 404);
    expectError(
      await w.as(w.author).create(w.post.id, { revisionId: '00000000-0000-4000-8000-000000000000' }),
      404,
    );

    expect((await w.blogs.manage(w.post.id, 'APPROVAL', true)).statusCode).toBe(200);
    const [approved] = await entriesOf(history, w.post.id);
    expect(approved!.kind).toBe('approved');
    const body = expectError(await w.as(w.author).create(w.post.id, { revisionId: approved!.id }), 409);
    expect(body.errors[0]).toMatch(/workflow event/);
  });

  it('should allow 20 live share links a post, not counting expired or revoked ones', async () => {
    const w = await world();
    const api = w.as(w.admin);
    const links = [];
    for (let i = 0; i < 20; i++)
      links.push(await previewLink(api, w.post.id, { share: true, days: i < 5 ? 1 : 7 }));
    const refused = expectError(await api.create(w.post.id, { share: true }), 409);
    expect(refused.errors[0]).toMatch(/20 live share links/);
    // The editor's own previews are not share links: they are not counted.
    await previewLink(api, w.post.id);

    expect((await api.revoke(w.post.id, links[10]!.id)).statusCode).toBe(204);
    await previewLink(api, w.post.id, { share: true });
    expectError(await api.create(w.post.id, { share: true }), 409);
    clock.advance(DAY);
    await previewLink(api, w.post.id, { share: true });
  });

  it('should limit each user to PREVIEW_LINKS_PER_MINUTE links, with 429 and Retry-After', async () => {
    const w = await world();
    for (let i = 0; i < LINKS_PER_MINUTE; i++) await previewLink(w.as(w.author), w.post.id);
    const refused = await w.as(w.author).create(w.post.id);
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user's budget is their own.
    await previewLink(w.as(w.editor), w.post.id);
  });

  it('should add an activity row for a share link and its revocation, and none for the editor’s own', async () => {
    const w = await world();
    await previewLink(w.as(w.author), w.post.id);
    const share = await previewLink(w.as(w.author), w.post.id, { share: true, days: 3, label: 'Client' });
    expect((await w.as(w.admin).revoke(w.post.id, share.id)).statusCode).toBe(204);
    expect(await activityOf(w.domain)).toEqual([
      {
        kind: 'preview.shared',
        actor_email: w.author.email,
        object_id: share.id,
        object_label: 'A draft to show',
        before: null,
        after: { label: 'Client', days: 3 },
      },
      {
        kind: 'preview.revoked',
        actor_email: w.admin.email,
        object_id: share.id,
        object_label: 'A draft to show',
        before: { label: 'Client' },
        after: null,
      },
    ]);
  });
});

describe('GET /cms/blogs/info/:id/previews', () => {
  it("should list the post's live share links newest first, without tokens, editor previews, expired or revoked ones", async () => {
    const w = await world();
    const api = w.as(w.editor);
    await previewLink(api, w.post.id);
    const soon = await previewLink(api, w.post.id, { share: true, days: 1, label: 'Soon gone' });
    clock.advance(1000);
    const revoked = await previewLink(api, w.post.id, { share: true, label: 'Revoked' });
    clock.advance(1000);
    const kept = await previewLink(api, w.post.id, { share: true, days: 2, label: 'Kept' });
    expect((await api.revoke(w.post.id, revoked.id)).statusCode).toBe(204);

    const res = await api.list(w.post.id);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<PreviewShare[]>();
    expect(list.map((share) => share.id)).toEqual([kept.id, soon.id]);
    expect(list[0]).toEqual({
      id: kept.id,
      label: 'Kept',
      createdBy: w.editor.email,
      createdDate: new Date(Date.parse(kept.expiresDate) - 2 * DAY).toISOString(),
      expiresDate: kept.expiresDate,
      revisionId: null,
    });
    expect(res.body).not.toContain('mhp_');

    clock.advance(DAY);
    expect((await api.list(w.post.id)).json<PreviewShare[]>().map((share) => share.id)).toEqual([kept.id]);
  });

  it('should show an admin every link, and anyone else the links they made', async () => {
    const w = await world();
    const made = new Map<string, string>();
    for (const member of [w.author, w.editor, w.admin]) {
      made.set(member.email, (await previewLink(w.as(member), w.post.id, { share: true })).id);
    }
    const ids = async (member: { token: string }) =>
      (await w.as(member).list(w.post.id)).json<PreviewShare[]>().map((share) => share.id);
    expect(await ids(w.author)).toEqual([made.get(w.author.email)]);
    expect(await ids(w.editor)).toEqual([made.get(w.editor.email)]);
    expect((await ids(w.admin)).sort()).toEqual([...made.values()].sort());
  });

  it('should answer 404 for a post of another domain and 403 for a non-member', async () => {
    const w = await world();
    const other = await ctx.domain();
    const outsider = await ctx.member('admin', other);
    const foreign = await createPost(blogApi(ctx, outsider.token, other.domain));
    expectError(await w.as(w.editor).list(foreign.id), 404);
    expectError(await w.as(outsider).list(w.post.id), 403);
  });
});

describe('DELETE /cms/blogs/info/:id/previews/:tokenId', () => {
  it('should let the maker and the admins revoke a link, and answer 404 to anyone else', async () => {
    const w = await world();
    const byAuthor = await previewLink(w.as(w.author), w.post.id, { share: true });
    expectError(await w.as(w.editor).revoke(w.post.id, byAuthor.id), 404);
    expect((await w.as(w.author).revoke(w.post.id, byAuthor.id)).statusCode).toBe(204);
    expectError(await w.as(w.author).revoke(w.post.id, byAuthor.id), 404);

    const byEditor = await previewLink(w.as(w.editor), w.post.id, { share: true });
    expectError(await w.as(w.author).revoke(w.post.id, byEditor.id), 404);
    expect((await w.as(w.admin).revoke(w.post.id, byEditor.id)).statusCode).toBe(204);

    // Named under another post, or another domain, it is not there.
    const other = await createPost(w.blogs, { title: 'Other' });
    const link = await previewLink(w.as(w.editor), w.post.id, { share: true });
    expectError(await w.as(w.admin).revoke(other.id, link.id), 404);
    const elsewhere = await ctx.domain();
    const outsider = await ctx.member('admin', elsewhere);
    expectError(await previewApi(ctx, outsider.token, elsewhere.domain).revoke(w.post.id, link.id), 404);
    expectError(await w.as(w.admin).revoke(w.post.id, 'not-a-uuid'), 400);
  });

  it("should revoke an editor's own preview too, by its maker, with no activity row", async () => {
    const w = await world();
    const own = await previewLink(w.as(w.author), w.post.id);
    expectError(await w.as(w.editor).revoke(w.post.id, own.id), 404);
    expect((await w.as(w.author).revoke(w.post.id, own.id)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/preview/${own.token}` })).statusCode).toBe(410);
    expect(await activityOf(w.domain)).toEqual([]);
  });

  it('should refuse the link at once on every app on the database: no process keeps it (two apps)', async () => {
    const w = await world();
    const second = await buildApp({
      env: parseEnv({
        OIDC_AUTHORITY: ctx.idp.issuer,
        PUBLIC_URL: 'http://localhost:3000',
        DATA_DIR: tempDataDir(),
        MASTHEAD_DEMO: '0',
        LOG_LEVEL: 'silent',
      }),
      db: ctx.db,
      logger: false,
    });
    try {
      const { key } = await contentKey(ctx, w.domain);
      const link = await previewLink(w.as(w.author), w.post.id, { share: true });
      const read = (app: typeof second) =>
        app.inject({ method: 'GET', url: `/api/v1/preview?token=${link.token}&key=${key}` });
      const page = (app: typeof second) => app.inject({ method: 'GET', url: `/preview/${link.token}` });
      for (const app of [ctx.app, second]) {
        expect((await read(app)).statusCode).toBe(200);
        expect((await page(app)).statusCode).toBe(200);
      }
      // Revoked through the first app; the second, which has just read it, refuses it next.
      expect((await w.as(w.author).revoke(w.post.id, link.id)).statusCode).toBe(204);
      for (const app of [second, ctx.app]) {
        expectError(await read(app), 404);
        expect((await page(app)).statusCode).toBe(410);
      }
    } finally {
      await second.close();
    }
  });
});
