import type { DeliveryAsset, DeliveryImage } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { uploadAsset } from '../routes/assets/asset-fixtures.js';
import { expectError } from '../routes/blogs/blog-fixtures.js';
import { deliveryWorld, publishedPost, reader } from './delivery-fixtures.js';
import { imgAttributes, insertImageAsset, srcsetWidths } from './image-fixtures.js';
import { previewApi, previewLink } from './preview-fixtures.js';

// Images in the delivery API (issue 31, decision 065): a post's images that are public assets of
// the key's domain come with their size, alt text and variants; nothing else is resolved.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const SERVER = 'http://localhost:3000';
const EXTERNAL = 'https://images.example.org/cat.png';

/** A world with a 1600×1000 JPEG, a 700×500 PNG, and a post that shows both and an external image. */
async function illustratedPost() {
  const w = await deliveryWorld(ctx);
  const wide = await insertImageAsset(ctx, w.domain, {
    width: 1600,
    height: 1000,
    description: 'The harbour',
  });
  const small = await insertImageAsset(ctx, w.domain, {
    width: 700,
    height: 500,
    description: 'A "quoted" <boat> & more',
    mimeType: 'image/png',
  });
  const html =
    `<p>Intro &amp; more</p><figure><img src="${wide.url}" alt="Own alt"><figcaption>Dawn</figcaption></figure>` +
    `<p><img src="${small.url}" alt=""></p><p><img src="${EXTERNAL}" alt="A cat"></p>`;
  const post = await publishedPost(w.api, { featureImageUrl: wide.url, editorHtmlContent: html });
  return { w, wide, small, post };
}

const webp = (asset: { id: string; hash: string | null }, width: number) =>
  `${SERVER}/img/${asset.id}-${asset.hash!.slice(0, 16)}-${width}.webp ${width}w`;

describe('GET /api/v1/posts/{id} with images', () => {
  it('should describe a feature image that is a public asset of the domain', async () => {
    const { w, wide, post } = await illustratedPost();
    const res = await w.read(`/posts/${post.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json<{ featureImage: DeliveryImage; featureImageUrl: string }>();
    expect(image.featureImageUrl).toBe(wide.url);
    const expectedSrcset = [320, 640, 960, 1280].map((width) => webp(wide, width)).join(', ');
    expect(image.featureImage).toEqual({
      url: wide.url,
      assetId: wide.id,
      width: 1600,
      height: 1000,
      alt: 'The harbour',
      srcset: `${expectedSrcset}, ${wide.url} 1600w`,
      sizes: '(max-width: 1280px) 100vw, 1280px',
      sources: [
        { type: 'image/avif', srcset: `${expectedSrcset.replaceAll('.webp', '.avif')}, ${wide.url} 1600w` },
        { type: 'image/webp', srcset: `${expectedSrcset}, ${wide.url} 1600w` },
      ],
    });
  });

  it("should give an asset's <img> its size, srcset and sizes, and every <img> lazy loading", async () => {
    const { w, wide, small, post } = await illustratedPost();
    const { html } = (await w.read(`/posts/${post.id}`)).json<{ html: string }>();
    const [first, second, external] = imgAttributes(html);
    expect(first).toMatchObject({ src: wide.url, alt: 'Own alt', width: '1600', height: '1000' });
    expect(srcsetWidths(first!.srcset!)).toEqual([320, 640, 960, 1280, 1600]);
    expect(first!.sizes).toBe('(max-width: 1280px) 100vw, 1280px');
    // Only the widths the original has: 700 px wide makes 320 and 640, then the original itself.
    expect(second).toMatchObject({
      src: small.url,
      alt: 'A "quoted" <boat> & more',
      width: '700',
      height: '500',
    });
    expect(second!.srcset).toBe(`${webp(small, 320)}, ${webp(small, 640)}, ${small.url} 700w`);
    expect(second!.sizes).toBe('(max-width: 700px) 100vw, 700px');
    expect(external).toEqual({ src: EXTERNAL, alt: 'A cat', loading: 'lazy', decoding: 'async' });
    for (const img of [first, second]) expect(img).toMatchObject({ loading: 'lazy', decoding: 'async' });
    // The description is escaped in the attribute, and the HTML around the images is kept as stored.
    expect(html).toContain('alt="A &quot;quoted&quot; &lt;boat&gt; &amp; more"');
    expect(html).toMatch(/^<p>Intro &amp; more<\/p><figure><img /);
    expect(html).toContain('<figcaption>Dawn</figcaption></figure><p><img ');
  });

  it("should keep the editor's own width and height, with sizes for that width", async () => {
    const w = await deliveryWorld(ctx);
    const wide = await insertImageAsset(ctx, w.domain, { width: 2000, height: 1000 });
    const post = await publishedPost(w.api, {
      editorHtmlContent: `<p><img src="${wide.url}" alt="x" width="500" height="250"></p><p><img src="${wide.url}" alt="y" width="400"></p>`,
    });
    const [own, widthOnly] = imgAttributes((await w.read(`/posts/${post.id}`)).json<{ html: string }>().html);
    expect(own).toMatchObject({ width: '500', height: '250', sizes: '(max-width: 500px) 100vw, 500px' });
    expect(widthOnly).toMatchObject({ width: '400', height: '200' });
  });

  it("should resolve neither another domain's asset nor a private one, and leak nothing of either", async () => {
    const w = await deliveryWorld(ctx);
    const other = await deliveryWorld(ctx);
    const foreign = await insertImageAsset(ctx, other.domain, {
      width: 900,
      height: 600,
      description: 'Foreign secret',
    });
    const hidden = await insertImageAsset(ctx, w.domain, {
      width: 900,
      height: 600,
      description: 'Private secret',
      public: false,
    });
    const post = await publishedPost(w.api, {
      featureImageUrl: hidden.url,
      editorHtmlContent: `<p><img src="${foreign.url}" alt=""><img src="${hidden.url}" alt=""></p>`,
    });
    const res = await w.read(`/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ featureImage: DeliveryImage; html: string }>();
    expect(body.featureImage).toEqual({
      url: hidden.url,
      assetId: null,
      width: null,
      height: null,
      alt: '',
      srcset: '',
      sizes: '',
      sources: [],
    });
    for (const img of imgAttributes(body.html))
      expect(Object.keys(img).sort()).toEqual(['alt', 'decoding', 'loading', 'src']);
    expect(res.body).not.toMatch(/secret|\/img\//i);
  });

  it('should describe an asset without a content hash by its size and alt only', async () => {
    const w = await deliveryWorld(ctx);
    const old = await insertImageAsset(ctx, w.domain, {
      width: 800,
      height: 600,
      description: 'Old',
      hash: null,
    });
    const post = await publishedPost(w.api, {
      featureImageUrl: old.url,
      editorHtmlContent: `<p><img src="${old.url}" alt=""></p>`,
    });
    const body = (await w.read(`/posts/${post.id}`)).json<{ featureImage: DeliveryImage; html: string }>();
    expect(body.featureImage).toEqual({
      url: old.url,
      assetId: old.id,
      width: 800,
      height: 600,
      alt: 'Old',
      srcset: '',
      sizes: '',
      sources: [],
    });
    expect(imgAttributes(body.html)).toEqual([
      { src: old.url, alt: 'Old', width: '800', height: '600', loading: 'lazy', decoding: 'async' },
    ]);
  });

  it('should give an external feature image its address only, and none for no feature image', async () => {
    const w = await deliveryWorld(ctx);
    await publishedPost(w.api, { title: 'External', featureImageUrl: EXTERNAL });
    await publishedPost(w.api, { title: 'None', featureImageUrl: '' });
    const { posts } = (await w.read('/posts')).json<{ posts: { title: string; featureImage: unknown }[] }>();
    expect(Object.fromEntries(posts.map((p) => [p.title, p.featureImage]))).toEqual({
      None: null,
      External: {
        url: EXTERNAL,
        assetId: null,
        width: null,
        height: null,
        alt: '',
        srcset: '',
        sizes: '',
        sources: [],
      },
    });
  });
});

describe('GET /api/v1/posts with images', () => {
  it('should describe every post of a page, and rewrite the HTML only with include=html', async () => {
    const { w, wide } = await illustratedPost();
    const plain = (await w.read('/posts')).json<{
      posts: { featureImage: DeliveryImage; html?: string }[];
    }>();
    expect(plain.posts[0]!.featureImage.assetId).toBe(wide.id);
    expect(plain.posts[0]!.html).toBeUndefined();
    const withHtml = (await w.read('/posts?include=html')).json<{ posts: { html: string }[] }>();
    expect(srcsetWidths(imgAttributes(withHtml.posts[0]!.html)[0]!.srcset!)).toEqual([
      320, 640, 960, 1280, 1600,
    ]);
  });

  it("should show an asset's new description, and its deletion, at once, through the cache", async () => {
    const w = await deliveryWorld(ctx);
    const { asset } = await uploadAsset(ctx, w.token, w.domain, { public: true, description: 'First words' });
    const post = await publishedPost(w.api, {
      featureImageUrl: asset.downloadUrl,
      editorHtmlContent: `<p><img src="${asset.downloadUrl}" alt=""></p>`,
    });
    const feature = async () =>
      (await w.read(`/posts/${post.id}`)).json<{ featureImage: DeliveryImage }>().featureImage;
    const before = await w.read(`/posts/${post.id}`);
    expect(before.json<{ featureImage: DeliveryImage }>().featureImage).toMatchObject({
      assetId: asset.id,
      alt: 'First words',
    });
    const edit = await ctx.request(w.token, {
      method: 'PUT',
      url: `/cms/assets/list/${asset.id}?domain=${w.domain.domain}`,
      payload: { description: 'Second words' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await feature()).alt).toBe('Second words');
    expect(
      (await w.read(`/posts/${post.id}`, { headers: { 'if-none-match': before.headers.etag as string } }))
        .statusCode,
    ).toBe(200);
    const removed = await ctx.request(w.token, {
      method: 'DELETE',
      url: `/cms/assets/list/${asset.id}?domain=${w.domain.domain}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await feature()).toMatchObject({ assetId: null, width: null, alt: '' });
  });
});

describe('GET /api/v1/preview with images', () => {
  it('should describe the feature image and the HTML of a draft', async () => {
    const w = await deliveryWorld(ctx);
    const wide = await insertImageAsset(ctx, w.domain, { width: 1000, height: 500, description: 'Wide' });
    const created = await ctx.request(w.token, {
      method: 'POST',
      url: `/cms/blogs/info?domain=${w.domain.domain}`,
      payload: {
        title: 'Draft',
        writtenBy: 'Ada',
        featureImageUrl: wide.url,
        editorHtmlContent: `<p><img src="${wide.url}" alt=""></p>`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = await previewLink(
      previewApi(ctx, w.token, w.domain.domain),
      created.json<{ id: string }>().id,
    );
    const res = await w.read(`/preview?token=${link.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ featureImage: DeliveryImage; html: string }>();
    expect(body.featureImage).toMatchObject({ assetId: wide.id, width: 1000, height: 500, alt: 'Wide' });
    expect(imgAttributes(body.html)[0]).toMatchObject({
      width: '1000',
      height: '500',
      alt: 'Wide',
      loading: 'lazy',
    });
  });
});

describe('GET /api/v1/assets/{id}', () => {
  it('should answer a public asset of the domain with every variant, by width then format', async () => {
    const w = await deliveryWorld(ctx);
    const asset = await insertImageAsset(ctx, w.domain, { width: 1000, height: 750, description: 'Fields' });
    const res = await w.read(`/assets/${asset.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBeDefined();
    const body = res.json<DeliveryAsset>();
    expect(body).toMatchObject({
      id: asset.id,
      url: asset.url,
      width: 1000,
      height: 750,
      alt: 'Fields',
      mimeType: 'image/jpeg',
    });
    expect(srcsetWidths(body.srcset)).toEqual([320, 640, 960, 1000]);
    expect(body.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    const name = (width: number, ext: string) =>
      `${SERVER}/img/${asset.id}-${asset.hash!.slice(0, 16)}-${width}.${ext}`;
    expect(body.variants).toEqual(
      [320, 640, 960].flatMap((width) =>
        [
          ['avif', 'image/avif'],
          ['webp', 'image/webp'],
          ['jpg', 'image/jpeg'],
        ].map(([ext, type]) => ({
          url: name(width, ext!),
          width,
          height: Math.round((750 * width) / 1000),
          type,
        })),
      ),
    );
    expect(
      (await w.read(`/assets/${asset.id}`, { headers: { 'if-none-match': res.headers.etag as string } }))
        .statusCode,
    ).toBe(304);
  });

  it('should list no AVIF wider than IMAGE_AVIF_MAX_WIDTH, and WebP in its place in the AVIF srcset', async () => {
    for (const [limit, avif] of [
      ['640', [320, 640]],
      ['0', []],
    ] as const) {
      const limited = await createTestContext({ env: { IMAGE_AVIF_MAX_WIDTH: limit } });
      try {
        const w = await deliveryWorld(limited);
        const asset = await insertImageAsset(limited, w.domain, { width: 1000, height: 750 });
        const body = (await w.read(`/assets/${asset.id}`)).json<DeliveryAsset>();
        const avifWidths = body.variants.filter((v) => v.type === 'image/avif').map((v) => v.width);
        expect(avifWidths).toEqual(avif);
        expect(body.variants.filter((v) => v.type === 'image/webp').map((v) => v.width)).toEqual([
          320, 640, 960,
        ]);
        if (avif.length === 0) {
          expect(body.sources.map((source) => source.type)).toEqual(['image/webp']);
        } else {
          const entries = body.sources[0]!.srcset.split(', ');
          expect(entries.map((entry) => /\.(\w+) \d+w$/.exec(entry)?.[1])).toEqual([
            'avif',
            'avif',
            'webp',
            'jpg',
          ]);
          expect(entries.at(-1)).toBe(`${asset.url} 1000w`);
        }
      } finally {
        await limited.close();
      }
    }
  });

  it('should answer an asset without a content hash with no variants', async () => {
    const w = await deliveryWorld(ctx);
    const asset = await insertImageAsset(ctx, w.domain, { width: 500, height: 500, hash: null });
    const body = (await w.read(`/assets/${asset.id}`)).json<DeliveryAsset>();
    expect(body).toMatchObject({ width: 500, srcset: '', sizes: '', sources: [], variants: [] });
  });

  it("should not find a private asset, another domain's, or none, and refuse a malformed id", async () => {
    const w = await deliveryWorld(ctx);
    const other = await deliveryWorld(ctx);
    const hidden = await insertImageAsset(ctx, w.domain, {
      width: 10,
      height: 10,
      public: false,
      description: 'Hidden',
    });
    const foreign = await insertImageAsset(ctx, other.domain, {
      width: 10,
      height: 10,
      description: 'Foreign',
    });
    for (const id of [hidden.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await w.read(`/assets/${id}`);
      expect(expectError(res, 404).errors).toEqual(['Asset was not found']);
      expect(res.body).not.toMatch(/Hidden|Foreign/);
    }
    expectError(await w.read('/assets/not-a-uuid'), 400);
    expectError(await reader(ctx, null)(`/assets/${foreign.id}`), 401);
  });
});
