import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertImageAsset } from '../delivery/image-fixtures.js';
import { previewApi, previewLink } from '../delivery/preview-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { entriesOf, revisionApi } from '../revisions/revision-fixtures.js';
import { testClock } from '../scheduling/schedule-fixtures.js';
import { blogApi, createPost, postBody, type Reply } from './blogs/blog-fixtures.js';

// Masthead's own preview page (issue 30, decision 061): what a share link opens without a
// previewUrl, and what the editor's live pane frames. Public, so: no script, a strict CSP, no
// cache, no index, no Referer, a budget per address.
const clock = testClock();
const PAGES_PER_MINUTE = 60;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    clock: clock.now,
    env: { RATE_LIMIT_PER_MINUTE: '0', PREVIEW_PAGES_PER_ADDRESS_PER_MINUTE: String(PAGES_PER_MINUTE) },
  });
});
afterAll(async () => ctx?.close());

async function world() {
  const domain = await ctx.domain();
  const { token } = await ctx.member('editor', domain);
  return {
    domain,
    blogs: blogApi(ctx, token, domain.domain),
    previews: previewApi(ctx, token, domain.domain),
    history: revisionApi(ctx, token, domain.domain),
  };
}

/** Each test sends from an address of its own, so that the budget test alone reaches the limit. */
let addresses = 0;
const page = (path: string, remoteAddress = `198.51.100.${++addresses}`): Promise<Reply> =>
  ctx.app.inject({ method: 'GET', url: path, remoteAddress });

// jsdom ships no types and this package has no @types/jsdom; describe the little we use (an inert
// document: no scripts run, no resources load).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html?: string) => { window: Window & typeof globalThis };
};
const documentOf = (res: Reply) => new JSDOM(res.body).window.document;

/** The CSP's directives by name. */
function directives(header: unknown) {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectPageHeaders(res: Reply) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.has('script-src')).toBe(false);
  expect(csp.get('style-src')).toHaveLength(1);
  expect(csp.get('style-src')![0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  expect(csp.get('img-src')).toEqual(["'self'", 'https:']);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(res.body).not.toMatch(/<script/i);
}

const bannerOf = (res: Reply) => documentOf(res).querySelector('.banner strong')?.textContent;

describe('GET /preview/:token', () => {
  it('should show a draft as a reader would, under the banner, with the expiry, and the strict headers', async () => {
    const w = await world();
    const post = await createPost(w.blogs, {
      title: 'A <b>bold</b> plan',
      shortDescription: 'What "we" will do & when',
      featureImageUrl: 'https://images.example.net/cover.jpg',
      writtenBy: 'Ada Lovelace',
      editorHtmlContent: '<h2>First</h2><p>Words <strong>here</strong>.</p>',
    });
    const link = await previewLink(w.previews, post.id, { share: true, days: 2 });
    expect(link.url).toBe(`http://localhost:3000/preview/${link.token}`);

    const res = await page(new URL(link.url).pathname);
    expect(res.statusCode).toBe(200);
    expectPageHeaders(res);
    const doc = documentOf(res);
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toContain('noindex');
    expect(doc.querySelector('h1')?.textContent).toBe('A <b>bold</b> plan');
    expect(doc.querySelector('.lede')?.textContent).toBe('What "we" will do & when');
    expect(doc.querySelector('.byline')?.textContent).toBe('By Ada Lovelace');
    expect(doc.querySelector('.feature img')?.getAttribute('src')).toBe(
      'https://images.example.net/cover.jpg',
    );
    expect(doc.querySelector('.content h2')?.textContent).toBe('First');
    expect(doc.querySelector('.content strong')?.textContent).toBe('here');
    expect(bannerOf(res)).toBe('Preview — not published');
    expect(doc.querySelector('.banner time')?.getAttribute('datetime')).toBe(link.expiresDate);
    expect(doc.querySelector('.banner time')?.textContent).toMatch(/UTC$/);
  });

  it('should say whether a published post shows its live version, for the post and for each revision', async () => {
    const w = await world();
    const post = await createPost(w.blogs, { title: 'Version one' });
    expect((await w.blogs.update(post.id, postBody({ title: 'Version two' }))).statusCode).toBe(200);
    const [two, one] = (await entriesOf(w.history, post.id)).filter((entry) => entry.hasContent);
    const show = async (payload: object) =>
      page(new URL((await previewLink(w.previews, post.id, payload)).url).pathname);

    expect(bannerOf(await show({ revisionId: one!.id }))).toBe('Preview — not published');
    for (const type of ['APPROVAL', 'PUBLISH'])
      expect((await w.blogs.manage(post.id, type, true)).statusCode).toBe(200);

    expect(bannerOf(await show({}))).toBe('Published — this is the live version');
    expect(bannerOf(await show({ revisionId: two!.id }))).toBe('Published — this is the live version');
    const older = await show({ revisionId: one!.id });
    expect(bannerOf(older)).toBe('Published — this version is not live yet');
    expect(documentOf(older).querySelector('h1')?.textContent).toBe('Version one');
  });

  it('should sanitise HTML it did not save itself, and leave out a feature image that is not https', async () => {
    const w = await world();
    const post = await createPost(w.blogs, { title: 'Hostile' });
    // Written behind the API's back, as an old row or a hand-made one could be.
    await ctx.db
      .updateTable('posts')
      .set({
        feature_image_url: 'javascript:alert(1)',
        editor_html_content:
          '<p>ok</p><script>alert(1)</script><img src="https://x.example/a.png" onerror="alert(1)">' +
          '<meta http-equiv="refresh" content="0;url=https://evil.example"><a href="javascript:alert(1)">x</a>' +
          '<form action="https://evil.example"><input name="p"></form><base href="https://evil.example/">' +
          '<iframe src="https://evil.example"></iframe><p style="background:url(https://evil.example/t)">y</p>',
      })
      .where('id', '=', post.id)
      .execute();
    const res = await page(new URL((await previewLink(w.previews, post.id)).url).pathname);
    expect(res.statusCode).toBe(200);
    const content = documentOf(res).querySelector('.content')!.innerHTML;
    expect(content).toContain('<p>ok</p>');
    expect(res.body).not.toMatch(/<script|onerror|http-equiv|javascript:|<form|<base|<iframe|url\(/i);
    expect(documentOf(res).querySelector('.feature')).toBeNull();
  });

  it("should give the post's images of the domain their size and srcset, as the delivery API does", async () => {
    const w = await world();
    const photo = await insertImageAsset(ctx, w.domain, { width: 800, height: 400, description: 'Pier' });
    const post = await createPost(w.blogs, { editorHtmlContent: `<p><img src="${photo.url}" alt=""></p>` });
    const link = await previewLink(w.previews, post.id);
    const img = documentOf(await page(new URL(link.url).pathname)).querySelector('.content img');
    expect(img?.getAttribute('width')).toBe('800');
    expect(img?.getAttribute('alt')).toBe('Pier');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('srcset')).toMatch(/-320\.webp 320w, .+-640\.webp 640w, .+ 800w$/);
  });

  it('should answer a 404 page for an unknown token and any other path under /preview', async () => {
    for (const path of [
      `/preview/mhp_${'A'.repeat(43)}`,
      '/preview/nonsense',
      '/preview/',
      '/preview',
      `/preview/mhp_${'A'.repeat(43)}/more`,
      `/preview/${'x'.repeat(3000)}`,
    ]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expectPageHeaders(res);
      expect(documentOf(res).querySelector('h1')?.textContent).toBe('This preview link does not exist');
    }
  });

  it('should answer a 410 page once the link has expired, or was revoked', async () => {
    const w = await world();
    const post = await createPost(w.blogs);
    const editor = await previewLink(w.previews, post.id);
    const share = await previewLink(w.previews, post.id, { share: true });
    expect((await w.previews.revoke(post.id, share.id)).statusCode).toBe(204);
    const revoked = await page(new URL(share.url).pathname);
    expect(revoked.statusCode).toBe(410);
    expectPageHeaders(revoked);
    expect(documentOf(revoked).querySelector('h1')?.textContent).toBe('This preview link was revoked');

    clock.advance(3600_000);
    const expired = await page(new URL(editor.url).pathname);
    expect(expired.statusCode).toBe(410);
    expect(documentOf(expired).querySelector('h1')?.textContent).toBe('This preview link has expired');
  });

  it('should limit each address to PREVIEW_PAGES_PER_ADDRESS_PER_MINUTE pages, with a 429 page', async () => {
    const w = await world();
    const post = await createPost(w.blogs);
    const path = new URL((await previewLink(w.previews, post.id)).url).pathname;
    for (let i = 0; i < PAGES_PER_MINUTE; i++) expect((await page(path, '192.0.2.50')).statusCode).toBe(200);
    const refused = await page(path, '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expectPageHeaders(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(documentOf(refused).body.textContent).toMatch(/at most 60 a minute/);
    expect((await page(path, '192.0.2.51')).statusCode).toBe(200);
  });
});
