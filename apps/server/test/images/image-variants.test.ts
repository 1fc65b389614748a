import { createHash } from 'node:crypto';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimImageJobs } from '../../src/db/repositories/image-jobs.repository.js';
import { variantFolder, variantStorageKey, type VariantFormat } from '../../src/lib/image-variants.js';
import { runDueImageJobs } from '../../src/services/image-jobs.js';
import { signedVariantUrl } from '../../src/services/image-urls.js';
import { variantSourceOf } from '../../src/services/image-variants.service.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { pngDeclaring } from '../helpers/images.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import {
  getFile,
  objectExists,
  prepareUpload,
  putFile,
  registerAsset,
} from '../routes/assets/asset-fixtures.js';
import { imgPath, photo, uploadImage } from './image-fixtures.js';

/** Issue 31 (decision 064): variants made in the background and on request, and what /img answers. */
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { IMAGE_WIDTHS: '320,640,960' } });
  domain = await ctx.domain();
  ({ token } = await ctx.member('editor', domain));
});
afterAll(async () => ctx?.close());

const runJobs = () =>
  runDueImageJobs(ctx.db, ctx.app.storage, ctx.app.images, { leaseSeconds: 60, log: ctx.app.log });
const jobOf = (assetId: string) =>
  ctx.db.selectFrom('image_jobs').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('image variants made in the background', () => {
  it.each([
    ['png', ['avif', 'webp', 'png']],
    ['jpeg', ['avif', 'webp', 'jpeg']],
  ] as const)(
    'should make the whole set of a %s, no wider than the original and without metadata',
    async (format, formats) => {
      const { row } = await uploadImage(ctx, token, domain, await photo(700, 350, format, { gps: true }), {
        format,
        public: false,
      });
      expect(row.content_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await jobOf(row.id)).toMatchObject({ attempt: 0, failed_at: null });
      expect(await runJobs()).toBe(1);
      expect(await jobOf(row.id)).toBeUndefined();

      const source = variantSourceOf(row)!;
      for (const width of [320, 640]) {
        for (const variant of formats) {
          const key = variantStorageKey(row.file_key, {
            assetId: row.id,
            hash: source.contentHash.slice(0, 16),
            width,
            format: variant,
          });
          const bytes = await ctx.app.storage.read(key, 10_000_000);
          expect(bytes, key).toBeDefined();
          const meta = await sharp(bytes!).metadata();
          expect(meta).toMatchObject({
            width,
            height: width / 2,
            format: variant === 'avif' ? 'heif' : variant,
          });
          expect(meta.exif).toBeUndefined();
          expect(meta.icc).toBeUndefined();
          expect(meta.xmp).toBeUndefined();
        }
      }
      // 960 is wider than the original: no such variant.
      const wide = variantStorageKey(row.file_key, {
        assetId: row.id,
        hash: source.contentHash.slice(0, 16),
        width: 960,
        format: 'webp',
      });
      expect(await objectExists(ctx, wide)).toBe(false);
      expect((await get(imgPath(row, 960, 'webp'))).statusCode).toBe(404);
    },
  );

  it('should take over a job whose renderer died (its lease ran out) and complete the set', async () => {
    const { row } = await uploadImage(ctx, token, domain, await photo(700, 350, 'png'), { format: 'png' });
    // A process claims the job, makes one variant and dies.
    const [claimed] = await claimImageJobs(ctx.db, { limit: 1, leaseSeconds: 600 });
    expect(claimed).toEqual({ asset_id: row.id, attempt: 1 });
    const source = variantSourceOf(row)!;
    await ctx.app.images.variant(row, {
      assetId: row.id,
      hash: source.contentHash.slice(0, 16),
      width: 320,
      format: 'png',
    });
    // While its lease runs, nobody else takes it.
    expect(await runJobs()).toBe(0);
    await ctx.db
      .updateTable('image_jobs')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('asset_id', '=', row.id)
      .execute();
    const before = ctx.app.images.renders;
    expect(await runJobs()).toBe(1);
    // Five made now: the one the dead process made stays.
    expect(ctx.app.images.renders - before).toBe(5);
    expect(await jobOf(row.id)).toBeUndefined();
    for (const format of ['avif', 'webp', 'png'] as VariantFormat[]) {
      expect((await get(imgPath(row, 640, format))).statusCode).toBe(200);
    }
  });

  it('should retry a failing job with back-off and set it aside after the last attempt', async () => {
    const { row } = await uploadImage(ctx, token, domain, await photo(400, 200, 'png'), { format: 'png' });
    await ctx.app.storage.delete(row.file_key);
    const options = { leaseSeconds: 60, log: ctx.app.log, retryDelaysMs: [0] };
    await runDueImageJobs(ctx.db, ctx.app.storage, ctx.app.images, options);
    const job = await jobOf(row.id);
    expect(job).toMatchObject({ attempt: 2, failed_at: expect.any(Date) });
    expect(job?.error).toContain('missing from storage');
  });
});

describe('GET /img/<name>', () => {
  it('should render a public variant on the first request and serve it cached for ever', async () => {
    const { row } = await uploadImage(ctx, token, domain, await photo(700, 350, 'jpeg'), { format: 'jpeg' });
    const response = await get(imgPath(row, 320, 'webp'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    // The name (content hash, width, format) is the strong validator.
    expect(response.headers.etag).toBe(`"${imgPath(row, 320, 'webp').slice('/img/'.length)}"`);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(320);
    const again = await get(imgPath(row, 320, 'webp'), { 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(response.headers.etag);
  });

  it('should answer 404 for anything that is not one of the asset’s variants, rendering nothing', async () => {
    const { row } = await uploadImage(ctx, token, domain, await photo(700, 350, 'png'), { format: 'png' });
    const before = ctx.app.images.renders;
    const good = imgPath(row, 320, 'webp');
    for (const url of [
      imgPath(row, 960, 'webp'), // wider than the original
      good.replace('-320.', '-321.'), // not a configured width
      imgPath(row, 320, 'jpeg'), // not the original's format
      good.replace(row.content_hash!.slice(0, 16), '0'.repeat(16)), // not its current bytes
      good.replace(row.id, '00000000-0000-4000-8000-000000000000'), // no such asset
      '/img/anything.webp',
      `${good}.svg`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expectErrorBody(response, 404);
    }
    expect(ctx.app.images.renders).toBe(before);
  });

  it('should serve a private asset’s variant only at a signed address, cached privately', async () => {
    const { row } = await uploadImage(ctx, token, domain, await photo(700, 350, 'png'), {
      format: 'png',
      public: false,
    });
    expect((await get(imgPath(row, 320, 'avif'))).statusCode).toBe(404);
    const signed = await signedVariantUrl(ctx.db, 'http://localhost:3000', variantSourceOf(row)!, {
      width: 320,
      format: 'avif',
    });
    const url = new URL(signed);
    const response = await get(`${url.pathname}${url.search}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/avif');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=(89\d|900)$/);
    // The signature covers the name and the expiry.
    const other = new URL(signed.replace('-320.avif', '-320.webp'));
    expect((await get(`${other.pathname}${other.search}`)).statusCode).toBe(404);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 60));
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(404);
    const expired = new URL(
      await signedVariantUrl(
        ctx.db,
        'http://localhost:3000',
        variantSourceOf(row)!,
        { width: 320, format: 'avif' },
        { now: new Date(Date.now() - 3600_000) },
      ),
    );
    expect((await get(`${expired.pathname}${expired.search}`)).statusCode).toBe(404);
  });

  it('should render a variant once for 200 concurrent first requests (single-flight)', async () => {
    const { row } = await uploadImage(ctx, token, domain, await photo(1000, 500, 'jpeg'), { format: 'jpeg' });
    const before = ctx.app.images.renders;
    const responses = await Promise.all(Array.from({ length: 200 }, () => get(imgPath(row, 960, 'avif'))));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    expect(new Set(responses.map((r) => r.headers.etag)).size).toBe(1);
    expect(ctx.app.images.renders - before).toBe(1);
  });

  it('should delete the variants and the pending job with their asset', async () => {
    const { row, asset } = await uploadImage(ctx, token, domain, await photo(700, 350, 'png'), {
      format: 'png',
    });
    expect((await get(imgPath(row, 640, 'webp'))).statusCode).toBe(200);
    expect(await jobOf(row.id)).toBeDefined();
    const deleted = await ctx.request(token, { method: 'DELETE', url: `/cms/assets/list/${asset.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await jobOf(row.id)).toBeUndefined();
    expect(await ctx.app.storage.deletePrefix(variantFolder(row.file_key))).toBe(0);
    expect((await get(imgPath(row, 640, 'webp'))).statusCode).toBe(404);
  });
});

describe('registration of images', () => {
  it('should remove the GPS position from a public JPEG without re-encoding it, and hash what it serves', async () => {
    const bytes = await photo(300, 200, 'jpeg', { gps: true, orientation: 6 });
    const { asset, row } = await uploadImage(ctx, token, domain, bytes, { format: 'jpeg', public: true });
    const served = (await getFile(ctx, asset.downloadUrl)).rawPayload;
    const { exif, orientation } = await sharp(served).metadata();
    expect(exifReader(exif!).GPSInfo).toBeUndefined();
    expect(exifReader(exif!).Image?.Make).toBe('Phone');
    expect(orientation).toBe(6);
    const scan = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(served).equals(scan(bytes))).toBe(true);
    expect(row.content_hash).toBe(createHash('sha256').update(served).digest('hex'));
    expect(asset).toMatchObject({ size: served.length, width: 200, height: 300 });
  });

  it('should keep the GPS position of a private original', async () => {
    const bytes = await photo(300, 200, 'jpeg', { gps: true });
    const { asset } = await uploadImage(ctx, token, domain, bytes, { format: 'jpeg', public: false });
    const served = (await getFile(ctx, asset.signedUrl)).rawPayload;
    expect(served.equals(bytes)).toBe(true);
  });

  it('should refuse a decompression bomb with 413 before decoding it, and delete it', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    const rss = process.memoryUsage().rss;
    const preparation = await prepareUpload(ctx, token, domain.domain, bomb);
    expect((await putFile(ctx, preparation, bomb)).statusCode).toBe(200);
    const response = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Bomb',
    });
    expect(response.statusCode, response.body).toBe(413);
    expectErrorBody(response, 413);
    expect(response.json<{ errors: string[] }>().errors).toEqual([
      'The image has 30000 × 30000 pixels (900 megapixels); at most 40 megapixels are allowed',
    ]);
    // 900 megapixels would take 2.7 GB decoded.
    expect(process.memoryUsage().rss - rss).toBeLessThan(200_000_000);
    expect(await objectExists(ctx, preparation.fileKey)).toBe(false);
  });
});

describe('AVIF up to IMAGE_AVIF_MAX_WIDTH only (decision 066)', () => {
  it('should make no AVIF wider than the limit, in the background or on request', async () => {
    const limited = await createTestContext({
      env: { IMAGE_WIDTHS: '320,640,960', IMAGE_AVIF_MAX_WIDTH: '640' },
    });
    try {
      const d = await limited.domain();
      const { token: t } = await limited.member('editor', d);
      const { row } = await uploadImage(limited, t, d, await photo(1000, 500, 'png'), { format: 'png' });
      const before = limited.app.images.renders;
      const wideAvif = await limited.app.inject({ method: 'GET', url: imgPath(row, 960, 'avif') });
      expect(wideAvif.statusCode).toBe(404);
      expectErrorBody(wideAvif, 404);
      expect(limited.app.images.renders).toBe(before);
      expect((await limited.app.inject({ method: 'GET', url: imgPath(row, 640, 'avif') })).statusCode).toBe(
        200,
      );

      await runDueImageJobs(limited.db, limited.app.storage, limited.app.images, {
        leaseSeconds: 60,
        log: limited.app.log,
      });
      const stored: string[] = [];
      for (const width of [320, 640, 960]) {
        for (const format of ['avif', 'webp', 'png'] as const) {
          const key = variantStorageKey(row.file_key, {
            assetId: row.id,
            hash: row.content_hash!.slice(0, 16),
            width,
            format,
          });
          if (await limited.app.storage.head(key)) stored.push(`${width}.${format}`);
        }
      }
      expect(stored).toEqual([
        '320.avif',
        '320.webp',
        '320.png',
        '640.avif',
        '640.webp',
        '640.png',
        '960.webp',
        '960.png',
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /img/<name> under load and switched off', () => {
  it('should answer 503 with Retry-After when every render slot and queue place is taken', async () => {
    const busy = await createTestContext({
      env: { IMAGE_WIDTHS: '320,640,960,1280,1920', IMAGE_RENDER_CONCURRENCY: '1', IMAGE_RENDER_QUEUE: '0' },
    });
    try {
      const d = await busy.domain();
      const { token: t } = await busy.member('editor', d);
      const { row } = await uploadImage(busy, t, d, await photo(2000, 1000, 'png'), { format: 'png' });
      const urls = [1920, 1280, 960, 640].map((w) => imgPath(row, w, 'webp'));
      const responses = await Promise.all(urls.map((url) => busy.app.inject({ method: 'GET', url })));
      const codes = responses.map((r) => r.statusCode);
      expect(codes).toContain(200);
      expect(codes).toContain(503);
      const refused = responses.find((r) => r.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('2');
      expectErrorBody(refused, 503);
    } finally {
      await busy.close();
    }
  });

  it('should serve no variant and queue no job with IMAGES=off', async () => {
    const off = await createTestContext({ env: { IMAGES: 'off' } });
    try {
      const d = await off.domain();
      const { token: t } = await off.member('editor', d);
      const { row } = await uploadImage(off, t, d, await photo(700, 350, 'png'), { format: 'png' });
      expect(
        await off.db.selectFrom('image_jobs').selectAll().where('asset_id', '=', row.id).execute(),
      ).toEqual([]);
      expect((await off.app.inject({ method: 'GET', url: imgPath(row, 320, 'webp') })).statusCode).toBe(404);
      expect(off.app.images.renders).toBe(0);
    } finally {
      await off.close();
    }
  });
});
