import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantFolder } from '../../src/lib/image-variants.js';
import { runDueImageJobs } from '../../src/services/image-jobs.js';
import { signedVariantUrl } from '../../src/services/image-urls.js';
import { variantSourceOf } from '../../src/services/image-variants.service.js';
import { startS3Server } from '../helpers/storage-servers.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { imgPath, photo } from './image-fixtures.js';
import { registerAsset, requestUploadUrl } from '../routes/assets/asset-fixtures.js';
import type { UploadPreparation } from '@masthead/contract';

/** Image variants with STORAGE_DRIVER=s3 (s3rver on loopback): beside the original in the bucket. */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext({ storage: s3.storage, env: { IMAGE_WIDTHS: '320,640' } });
  domain = await ctx.domain();
  ({ token } = await ctx.member('editor', domain));
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

async function upload(bytes: Buffer<ArrayBuffer>, isPublic: boolean) {
  const prepared = await requestUploadUrl(ctx, token, domain.domain, {
    fileName: 'photo.jpg',
    mimeType: 'image/jpeg',
    size: bytes.length,
    public: isPublic,
  });
  const preparation = prepared.json<UploadPreparation>();
  expect(
    (await fetch(preparation.signedUrl, { method: 'PUT', headers: preparation.headers, body: bytes })).status,
  ).toBe(200);
  const registered = await registerAsset(ctx, token, domain.domain, {
    fileKey: preparation.fileKey,
    description: 'A photo',
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const id = registered.json<{ id: string }>().id;
  return ctx.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('image variants on S3', () => {
  it('should write the set to the bucket, redirect to a public variant there and delete them with the asset', async () => {
    const row = await upload(await photo(700, 350, 'jpeg'), true);
    expect(
      await runDueImageJobs(ctx.db, ctx.app.storage, ctx.app.images, { leaseSeconds: 60, log: ctx.app.log }),
    ).toBe(1);
    const response = await ctx.app.inject({ method: 'GET', url: imgPath(row, 640, 'webp') });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const location = response.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/masthead-test/${variantFolder(row.file_key)}`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/webp');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).width).toBe(640);

    const deleted = await ctx.request(token, { method: 'DELETE', url: `/cms/assets/list/${row.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await fetch(location)).status).toBe(404);
    expect(await s3.storage.deletePrefix(variantFolder(row.file_key))).toBe(0);
  });

  it('should answer a private variant through the server, rendered on request', async () => {
    const row = await upload(await photo(700, 350, 'jpeg'), false);
    const url = new URL(
      await signedVariantUrl(ctx.db, 'http://localhost:3000', variantSourceOf(row)!, {
        width: 320,
        format: 'jpeg',
      }),
    );
    const response = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(response.rawPayload).metadata()).exif).toBeUndefined();
  });
});
