import type { AssetInfo, UploadPreparation } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { jpeg } from '../../helpers/images.js';
import { startS3Server } from '../../helpers/storage-servers.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { registerAsset, requestUploadUrl, stagingKey } from './asset-fixtures.js';

/** The whole upload flow with STORAGE_DRIVER=s3, against s3rver on loopback: the browser's PUT is a real fetch. */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext({ storage: s3.storage });
  domain = await ctx.domain();
  ({ token } = await ctx.member('editor', domain));
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

async function upload(bytes: Buffer<ArrayBuffer>, options: { public?: boolean; mimeType?: string } = {}) {
  const response = await requestUploadUrl(ctx, token, domain.domain, {
    fileName: 'Harbour at dawn.jpg',
    mimeType: 'image/jpeg',
    size: bytes.length,
    ...options,
  });
  expect(response.statusCode, response.body).toBe(200);
  const preparation = response.json<UploadPreparation>();
  const put = await fetch(preparation.signedUrl, {
    method: 'PUT',
    headers: preparation.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  return preparation;
}

describe('the asset calls on S3 storage', () => {
  it('should upload, register, serve and delete a public JPEG', async () => {
    const bytes = jpeg(64, 48);
    const preparation = await upload(bytes, { public: true });
    // The specification's public-read header is signed, so a client that sends it is not refused
    // (issue 29, finding 2, decision 059).
    expect(preparation.headers).toEqual({ 'content-type': 'image/jpeg', 'x-amz-acl': 'public-read' });
    expect(preparation.publicDownloadUrl).toBe(`${s3.endpoint}/masthead-test/${preparation.fileKey}`);
    // Issue 19, finding 7: uploaded to a staging key, so nothing is at the stable URL before the
    // bytes are checked (s3rver ignores ACLs, so what the URL signs is checked instead).
    expect(new URL(preparation.signedUrl).pathname).toBe(`/masthead-test/${stagingKey(preparation.fileKey)}`);
    expect(new URL(preparation.signedUrl).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host;x-amz-acl',
    );
    expect((await fetch(preparation.publicDownloadUrl)).status).toBe(404);

    const registered = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Harbour',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const asset = registered.json<AssetInfo>();
    expect(asset).toMatchObject({ width: 64, height: 48, size: bytes.length, public: true });

    const stable = await fetch(asset.downloadUrl);
    expect(stable.status).toBe(200);
    expect(stable.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await stable.arrayBuffer())).toEqual(bytes);
    const signed = await fetch(asset.signedUrl);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-disposition')).toContain(`filename*=UTF-8''Harbour%20at%20dawn.jpg`);

    const deleted = await ctx.request(token, { method: 'DELETE', url: `/cms/assets/list/${asset.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await s3.storage.head(asset.fileKey)).toBeUndefined();
    expect(await s3.storage.head(stagingKey(asset.fileKey))).toBeUndefined();
  });

  it.each([true, false])(
    "should take the specification's upload with public %s: a PUT with content-type (and x-amz-acl: public-read when public), then POST /cms/assets/list (issue 29, finding 2)",
    async (isPublic) => {
      const bytes = jpeg(30, 20);
      const response = await requestUploadUrl(ctx, token, domain.domain, {
        fileName: 'From the spec.jpg',
        mimeType: 'image/jpeg',
        size: bytes.length,
        public: isPublic,
      });
      expect(response.statusCode, response.body).toBe(200);
      const preparation = response.json<UploadPreparation>();
      // What a client written to the specification sends; it does not read `headers`.
      const put = await fetch(preparation.signedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg', ...(isPublic ? { 'x-amz-acl': 'public-read' } : {}) },
        body: bytes,
      });
      expect(put.status, await put.text()).toBe(200);
      // Nothing is at the asset's own key before registration has checked the bytes.
      expect(await s3.storage.head(preparation.fileKey)).toBeUndefined();
      if (isPublic) expect((await fetch(preparation.publicDownloadUrl)).status).toBe(404);

      const registered = await registerAsset(ctx, token, domain.domain, {
        fileName: 'From the spec.jpg',
        fileKey: preparation.fileKey,
        mimeType: 'image/jpeg',
        public: isPublic,
        description: 'Uploaded as the specification says',
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const asset = registered.json<AssetInfo>();
      expect(asset).toMatchObject({ width: 30, height: 20, size: bytes.length, public: isPublic });
      const served = await fetch(isPublic ? asset.downloadUrl : asset.signedUrl);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
      expect(await s3.storage.head(stagingKey(asset.fileKey))).toBeUndefined();
    },
  );

  it('should keep the checked bytes when the old upload URL is used again after registration', async () => {
    // Issue 19, finding 7: a presigned PUT stays valid for its 15 minutes, and S3 lets it overwrite.
    const bytes = jpeg(20, 20);
    const preparation = await upload(bytes, { public: true });
    const registered = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Checked',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const asset = registered.json<AssetInfo>();
    const other = Buffer.from(bytes.map((byte, i) => (i < 100 ? byte : 255 - byte)));
    const again = await fetch(preparation.signedUrl, {
      method: 'PUT',
      headers: preparation.headers,
      body: other,
    });
    expect(again.status).toBe(200); // s3rver takes it, into the staging key
    for (const url of [asset.downloadUrl, asset.signedUrl]) {
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    }
    expect(Buffer.from((await s3.storage.readStart(asset.fileKey, 1_000_000))!)).toEqual(bytes);
  });

  it('should refuse a text file uploaded as a JPEG with 415 and delete it from the bucket', async () => {
    const preparation = await upload(Buffer.from('<html>not a picture</html>'));
    expect(await s3.storage.head(stagingKey(preparation.fileKey))).toBeDefined();
    const response = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Fake',
    });
    expectErrorBody(response, 415);
    expect(await s3.storage.head(stagingKey(preparation.fileKey))).toBeUndefined();
    expect(await s3.storage.head(preparation.fileKey)).toBeUndefined();
  });
});

describe('the asset calls on S3 storage without object ACLs (R2, MinIO)', () => {
  let bare: Awaited<ReturnType<typeof startS3Server>>;
  let app: TestContext;
  let editor: string;
  let site: TestDomain;
  beforeAll(async () => {
    // ACLs disabled, as AWS makes new buckets (and as R2 is): an ACL header is refused.
    bare = await startS3Server(
      { publicAcl: false, serverUrl: 'http://localhost:3000' },
      { objectAcls: false },
    );
    app = await createTestContext({ storage: bare.storage });
    site = await app.domain();
    ({ token: editor } = await app.member('editor', site));
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
  });

  it('should send no ACL header, and serve public assets through a redirect from the server', async () => {
    const bytes = jpeg(10, 10);
    const prepared = await requestUploadUrl(app, editor, site.domain, {
      mimeType: 'image/jpeg',
      fileName: 'x.jpg',
      size: bytes.length,
      public: true,
    });
    const preparation = prepared.json<UploadPreparation>();
    expect(preparation.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(preparation.publicDownloadUrl).toBe(`http://localhost:3000/storage/${preparation.fileKey}`);
    // Until it is registered, the stable URL answers nothing.
    const early = await app.app.inject({ method: 'GET', url: `/storage/${preparation.fileKey}` });
    expectErrorBody(early, 404);

    expect(
      (await fetch(preparation.signedUrl, { method: 'PUT', headers: preparation.headers, body: bytes }))
        .status,
    ).toBe(200);
    const registered = await registerAsset(app, editor, site.domain, {
      fileKey: preparation.fileKey,
      description: 'x',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const asset = registered.json<AssetInfo>();
    const redirect = await app.app.inject({ method: 'GET', url: new URL(asset.downloadUrl).pathname });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('public, max-age=600');
    const file = await fetch(redirect.headers.location as string);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('should not redirect to a private asset', async () => {
    const bytes = jpeg(4, 4);
    const prepared = (
      await requestUploadUrl(app, editor, site.domain, {
        mimeType: 'image/jpeg',
        fileName: 'p.jpg',
        size: bytes.length,
      })
    ).json<UploadPreparation>();
    await fetch(prepared.signedUrl, { method: 'PUT', headers: prepared.headers, body: bytes });
    const registered = await registerAsset(app, editor, site.domain, {
      fileKey: prepared.fileKey,
      description: 'p',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expectErrorBody(await app.app.inject({ method: 'GET', url: `/storage/${prepared.fileKey}` }), 404);
  });
});
