import type { NewWebhook } from '@masthead/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '../../../../examples/site/src/site.js';
import { contentKey, publishedPost } from '../delivery/delivery-fixtures.js';
import { setFeedSettings } from '../delivery/feed-fixtures.js';
import { imgAttributes, insertImageAsset, srcsetWidths } from '../delivery/image-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost } from '../routes/blogs/blog-fixtures.js';
import { deliveriesOf, FAST_DELIVERY, webhookWorld } from '../webhooks/webhook-fixtures.js';
import { eventually } from '../webhooks/webhook-receiver.js';
import { listening } from './client-fixtures.js';

// examples/site (issue 30) against the real server: its pages show the real posts, and Masthead's
// own webhook deliveries reach it, are verified and drop its cache; a bad signature drops nothing.
let ctx: TestContext;
let baseUrl: string;
const sites: RunningSite[] = [];
beforeAll(async () => {
  ctx = await createTestContext({
    // The site listens on loopback over http, on a port of its own.
    env: { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_PORTS: 'any' },
    webhooks: { delivery: FAST_DELIVERY },
  });
  baseUrl = await listening(ctx);
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await ctx?.close();
});

/** The text a page shows, its tags stripped (entities left as they are). */
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/**
 * A domain (an admin's blog and webhook calls), its content key, and the site on it with a
 * webhook: the webhook is made first (Masthead gives the secret), then pointed at the site.
 */
async function siteWorld(options: { pageSize?: number; webhookEvents?: string[] } = {}) {
  const w = await webhookWorld(ctx);
  const { key } = await contentKey(ctx, w.domain);
  const made = await w.hooks.create({
    url: 'http://127.0.0.1:9/not-yet',
    events: options.webhookEvents ?? ['post.published', 'post.unpublished', 'post.deleted', 'tag.updated'],
    active: false,
  });
  expect(made.statusCode, made.body).toBe(201);
  const hook = made.json<NewWebhook>();
  const errors: string[] = [];
  const site = await startSite({
    mastheadUrl: baseUrl,
    key,
    domain: w.domain.domain,
    webhookSecret: hook.secret,
    pageSize: options.pageSize ?? 10,
    // Long enough that only a webhook can make a page show a change within a test.
    cacheMaxAgeMs: 10 * 60_000,
    log: (message) => errors.push(message),
  });
  sites.push(site);
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${site.url}${path}`, init);
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  const connectWebhook = async () => {
    const res = await w.hooks.update(hook.id, {
      url: `${site.url}/webhooks/masthead`,
      events: options.webhookEvents ?? ['post.published', 'post.unpublished', 'post.deleted', 'tag.updated'],
      active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { ...w, key, hook, site, get, errors, connectWebhook };
}

describe('the example site’s pages', () => {
  it('should list the real posts, newest first, page by page, escaped, with the feeds in <head>', async () => {
    const s = await siteWorld({ pageSize: 2 });
    await publishedPost(s.blogs, { title: 'Oldest', shortDescription: 'The first one' });
    await publishedPost(s.blogs, { title: 'Middle & <b>bold</b>' });
    await publishedPost(s.blogs, { title: 'Newest' });
    await createPost(s.blogs, { title: 'Unpublished draft' });

    const home = await s.get('/');
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(text(home.body)).toMatch(/Latest posts Newest .* Middle &amp; &lt;b&gt;bold&lt;\/b&gt;/);
    expect(home.body).not.toContain('<b>bold</b>');
    expect(home.body).not.toContain('Oldest');
    expect(home.body).not.toContain('Unpublished draft');
    expect(home.body).toContain('<a href="/?page=2" rel="next">Older posts</a>');
    expect(home.body).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Masthead example blog (RSS)" href="${baseUrl}/feeds/${s.domain.domain}/rss.xml" />`,
    );
    expect(home.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);

    const second = await s.get('/?page=2');
    expect(text(second.body)).toContain('Oldest');
    expect(text(second.body)).toContain('The first one');
    expect(second.body).toContain('<a href="/" rel="prev">Newer posts</a>');
    for (const path of ['/?page=3', '/?page=0', '/?page=x', '/?page=99999']) {
      expect((await s.get(path)).status, path).toBe(404);
    }
    expect(s.errors).toEqual([]);
  });

  it('should show a post by slug with its HTML, category and tags; a draft or unknown slug is a 404', async () => {
    const s = await siteWorld();
    const news = await s.blogs.createTag('News');
    const sport = await s.blogs.createCategory('Sport');
    await publishedPost(s.blogs, {
      title: 'Match report',
      editorHtmlContent: '<p>A <strong>great</strong> game</p>',
      tags: [news.id],
      category: sport.id,
    });
    const draft = await createPost(s.blogs, { title: 'Secret draft' });

    const post = await s.get('/posts/match-report');
    expect(post.status).toBe(200);
    expect(post.body).toContain('<h1>Match report</h1>');
    expect(post.body).toContain('<div class="content"><p>A <strong>great</strong> game</p></div>');
    expect(post.body).toContain(`<a href="/tags/${news.tag}">News</a>`);
    expect(post.body).toContain(`<a href="/categories/${sport.category}">Sport</a>`);
    for (const path of [`/posts/${draft.slug}`, '/posts/no-such-post', '/posts/%E0%A4%A', '/nowhere']) {
      const missing = await s.get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body).toContain('<h1>Not found</h1>');
    }
  });

  it("should show the feature image as a <picture> and the article's images with Masthead's srcset", async () => {
    const s = await siteWorld();
    const photo = await insertImageAsset(ctx, s.domain, { width: 1000, height: 600, description: 'Pier' });
    await publishedPost(s.blogs, {
      title: 'Pictures',
      featureImageUrl: photo.url,
      editorHtmlContent: `<p><img src="${photo.url}" alt="Own"></p>`,
    });
    const page = await s.get('/posts/pictures');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<picture><source type="image\/avif" srcset="[^"]+-320\.avif 320w/);
    const [feature, inArticle] = imgAttributes(page.body);
    expect(feature).toMatchObject({ class: 'feature', alt: 'Pier', width: '1000', height: '600' });
    expect(srcsetWidths(feature!.srcset!)).toEqual([320, 640, 960, 1000]);
    expect(inArticle).toMatchObject({ alt: 'Own', width: '1000', height: '600', loading: 'lazy' });
    expect(srcsetWidths(inArticle!.srcset!)).toEqual([320, 640, 960, 1000]);
  });

  it('should have a page per tag and per category, and link them from the home page', async () => {
    const s = await siteWorld();
    const news = await s.blogs.createTag('News');
    const sport = await s.blogs.createCategory('Sport');
    await publishedPost(s.blogs, { title: 'Tagged', tags: [news.id] });
    await publishedPost(s.blogs, { title: 'Sporty', category: sport.id });
    await publishedPost(s.blogs, { title: 'Plain' });

    const home = await s.get('/');
    expect(home.body).toContain(`<a href="/tags/${news.tag}">News</a> (1)`);
    expect(home.body).toContain(`<a href="/categories/${sport.category}">Sport</a> (1)`);
    const tag = await s.get(`/tags/${news.tag}`);
    expect(tag.status).toBe(200);
    expect(text(tag.body)).toMatch(/Posts tagged “News” Tagged/);
    expect(tag.body).not.toContain('Plain');
    const category = await s.get(`/categories/${sport.category}`);
    expect(text(category.body)).toMatch(/Posts in Sport Sporty/);
    expect((await s.get('/tags/no-such-tag')).status).toBe(404);
  });

  it('should serve its own stylesheet, answer HEAD, and refuse other methods', async () => {
    const s = await siteWorld();
    const style = await s.get('/style.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await s.get('/', { method: 'HEAD' })).status).toBe(200);
    expect((await s.get('/', { method: 'POST' })).status).toBe(405);
    expect((await s.get('/webhooks/masthead')).status).toBe(405);
  });

  it('should link feeds that Masthead serves once the domain’s feeds are public', async () => {
    const s = await siteWorld();
    await setFeedSettings(ctx.db, s.domain.id, {
      postUrl: 'https://site.example/posts/{slug}',
      publicFeeds: true,
    });
    await publishedPost(s.blogs, { title: 'In the feed' });
    const home = await s.get('/');
    const feeds = [...home.body.matchAll(/<link rel="alternate" type="([^"]+)" [^>]*href="([^"]+)"/g)];
    expect(feeds.map(([, type]) => type)).toEqual(['application/rss+xml', 'application/atom+xml']);
    for (const [, type, href] of feeds) {
      const res = await fetch(href!.replaceAll('&amp;', '&'));
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type')).toContain(type!);
    }
  });

  it('should show a page that says a preview link is not valid, never cached nor indexed', async () => {
    const s = await siteWorld();
    for (const path of ['/preview', '/preview?token=', `/preview?token=mhp_${'A'.repeat(43)}`]) {
      const page = await s.get(path);
      expect(page.status, path).toBe(404);
      expect(page.body).toContain('<h1>This preview is not available</h1>');
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${baseUrl}`);
    }
  });

  it('should say it is unavailable, without details, when Masthead refuses its key', async () => {
    const s = await siteWorld();
    await ctx.db.deleteFrom('content_keys').where('domain_id', '=', s.domain.id).execute();
    const page = await s.get('/');
    expect(page.status).toBe(502);
    expect(page.body).toContain('<h1>The blog is unavailable</h1>');
    expect(page.body).not.toContain('Unauthorized');
    expect(s.errors.join('\n')).toMatch(/Masthead: \/api\/v1\/.*: /);
    expect(s.errors.join('\n')).not.toContain(s.key);
  });
});

describe('the example site’s webhook receiver', () => {
  it('should drop its cache when Masthead delivers post.published: the next request shows the post', async () => {
    const s = await siteWorld();
    await publishedPost(s.blogs, { title: 'Before' });
    expect(text((await s.get('/')).body)).toContain('Before');
    // Without a delivery the site keeps its answers: a post published now is not shown yet.
    await publishedPost(s.blogs, { title: 'Unannounced' });
    expect(text((await s.get('/')).body)).not.toContain('Unannounced');

    await s.connectWebhook();
    await publishedPost(s.blogs, { title: 'Announced' });
    await eventually(async () => text((await s.get('/')).body).includes('Announced'), 10_000, 'the new post');
    expect(text((await s.get('/')).body)).toMatch(/Announced .*Unannounced .*Before/);
    const [delivery] = await deliveriesOf(s.hooks, s.hook.id);
    expect(delivery).toMatchObject({ event: 'post.published', status: 'succeeded', responseCode: 204 });
  });

  it('should refuse a bad signature, an old timestamp and a missing header with 400, and drop nothing', async () => {
    const s = await siteWorld();
    await publishedPost(s.blogs, { title: 'Cached' });
    await s.get('/');
    await publishedPost(s.blogs, { title: 'Hidden' });

    const body = JSON.stringify({ type: 'post.published', timestamp: new Date().toISOString(), data: {} });
    const signed = (secret: string, at = new Date(), id = 'msg_1') => ({
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    });
    const otherSecret = `whsec_${Buffer.from('another secret of 32 bytes long!').toString('base64')}`;
    const post = (headers: Record<string, string>, payload = body) =>
      s.get('/webhooks/masthead', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });
    const { 'webhook-signature': _, ...unsigned } = signed(s.hook.secret);
    for (const [what, headers, payload] of [
      ['another secret', signed(otherSecret), body],
      ['an altered body', signed(s.hook.secret), body.replace('post.published', 'post.deleted')],
      ['a timestamp 10 minutes old', signed(s.hook.secret, new Date(Date.now() - 600_000)), body],
      ['no signature', unsigned, body],
    ] as const) {
      expect((await post(headers, payload)).status, what).toBe(400);
    }
    expect(text((await s.get('/')).body)).not.toContain('Hidden');

    expect((await post(signed(s.hook.secret))).status).toBe(204);
    expect(text((await s.get('/')).body)).toContain('Hidden');
  });

  it('should refuse a body larger than a delivery with 413', async () => {
    const s = await siteWorld();
    const res = await s.get('/webhooks/masthead', { method: 'POST', body: 'x'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
  });
});
