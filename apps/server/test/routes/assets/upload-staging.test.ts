import { randomUUID } from 'node:crypto';
import type { AssetInfo } from '@masthead/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset, insertAssetUpload } from '../../../src/db/repositories/assets.repository.js';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { png } from '../../helpers/images.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import {
  getFile,
  objectExists,
  plantObject,
  prepareUpload,
  putFile,
  registerAsset,
  stagingKey,
} from './asset-fixtures.js';

/**
 * Issue 19, finding 7, on the local driver (the S3 side is in assets-s3.test.ts): the browser
 * uploads to a staging key, and registration copies the checked bytes to the asset's own key,
 * which no client ever had an upload URL for (decision 035). Only registered public assets are
 * served without a signature.
 */
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain();
  ({ token } = await ctx.member('author', domain));
});
afterAll(async () => ctx?.close());

/** Prepare and PUT, without registering. */
async function uploaded(bytes: Buffer, options: { public?: boolean } = {}) {
  const preparation = await prepareUpload(ctx, token, domain.domain, bytes, options);
  const put = await putFile(ctx, preparation, bytes);
  expect(put.statusCode, put.body).toBe(200);
  return preparation;
}

const register = async (fileKey: string) => {
  const response = await registerAsset(ctx, token, domain.domain, { fileKey, description: 'Staged' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AssetInfo>();
};

/** The same length as `bytes`, and still a PNG by its first bytes, but other pixels. */
const tampered = (bytes: Buffer) => Buffer.from(bytes.map((byte, i) => (i < 40 ? byte : byte ^ 0xff)));

describe('uploads staged until registration (local storage)', () => {
  it('should keep the registered bytes when the old upload URL is used again with other bytes of the same length', async () => {
    const bytes = png(12, 9);
    const preparation = await uploaded(bytes, { public: true });
    const asset = await register(preparation.fileKey);
    // The URL still verifies, but it writes only the staging key (swept later), never the asset's.
    const again = await putFile(ctx, preparation, tampered(bytes));
    expect(again.statusCode, again.body).toBe(200);
    for (const url of [asset.downloadUrl, asset.signedUrl]) {
      const served = await getFile(ctx, url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(bytes);
    }
  });

  it('should not serve a public upload at its stable URL before it is registered', async () => {
    const bytes = png(3, 4);
    const preparation = await uploaded(bytes, { public: true });
    expect(preparation.publicDownloadUrl).toBe(`http://localhost:3000/storage/${preparation.fileKey}`);
    expectErrorBody(await getFile(ctx, preparation.publicDownloadUrl), 404);
    // Nor at the address it was uploaded to: the upload is private.
    expectErrorBody(await getFile(ctx, preparation.signedUrl.split('?')[0]!), 403);
    await register(preparation.fileKey);
    const served = await getFile(ctx, preparation.publicDownloadUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
  });

  it.each([true, false])(
    "should take the specification's upload with public %s: a PUT with content-type (and x-amz-acl: public-read when public), then POST /cms/assets/list (issue 29, finding 2)",
    async (isPublic) => {
      const bytes = png(7, 5);
      const preparation = await prepareUpload(ctx, token, domain.domain, bytes, {
        fileName: 'From the spec.png',
        public: isPublic,
      });
      // What a client written to the specification sends; it does not read `headers`.
      const put = await putFile(ctx, preparation, bytes, {
        'content-type': 'image/png',
        ...(isPublic ? { 'x-amz-acl': 'public-read' } : {}),
      });
      expect(put.statusCode, put.body).toBe(200);
      // Nothing is served from the asset's address, nor from the upload's without a signature,
      // before registration has checked the bytes.
      expect(await objectExists(ctx, preparation.fileKey)).toBe(false);
      if (isPublic) expectErrorBody(await getFile(ctx, preparation.publicDownloadUrl), 404);
      expect((await getFile(ctx, preparation.signedUrl.split('?')[0]!)).statusCode).toBeGreaterThanOrEqual(
        403,
      );

      const response = await registerAsset(ctx, token, domain.domain, {
        fileName: 'From the spec.png',
        fileKey: preparation.fileKey,
        mimeType: 'image/png',
        public: isPublic,
        description: 'Uploaded as the specification says',
      });
      expect(response.statusCode, response.body).toBe(201);
      const asset = response.json<AssetInfo>();
      expect(asset).toMatchObject({ width: 7, height: 5, size: bytes.length, public: isPublic });
      const served = await getFile(ctx, isPublic ? asset.downloadUrl : asset.signedUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(bytes);
      expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(false);
    },
  );

  it('should refuse to serve a file marked public that no asset holds', async () => {
    // What an upload made before staging, or a registration that failed halfway, could leave.
    const key = `${domain.id}/${randomUUID()}/left-over.png`;
    plantObject(ctx, key, png(2, 2), 'image/png', { public: true });
    expectErrorBody(await getFile(ctx, `http://localhost:3000/storage/${key}`), 404);
  });

  it('should keep serving a public asset registered before uploads were staged', async () => {
    const key = `${domain.id}/${randomUUID()}/before.png`;
    const bytes = png(5, 5);
    plantObject(ctx, key, bytes, 'image/png', { public: true });
    await insertAsset(ctx.db, {
      domainId: domain.id,
      fileName: 'before.png',
      fileKey: key,
      mimeType: 'image/png',
      size: bytes.length,
      width: 5,
      height: 5,
      description: 'Registered in place',
      public: true,
    });
    const served = await getFile(ctx, `http://localhost:3000/storage/${key}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
  });

  it('should refuse to register an upload prepared before staging with 400, and leave its file', async () => {
    const key = `${domain.id}/${randomUUID()}/in-flight.png`;
    await insertAssetUpload(ctx.db, {
      file_key: key,
      domain_id: domain.id,
      file_name: 'in-flight.png',
      mime_type: 'image/png',
      size: 100,
      public: false,
      expires_at: new Date(Date.now() + 600_000),
    });
    plantObject(ctx, key, png(1, 1));
    const response = await registerAsset(ctx, token, domain.domain, { fileKey: key, description: 'Old' });
    expect(expectErrorBody(response, 400).errors).toEqual([
      'fileKey: was prepared before uploads were staged (an upgrade); upload the file again',
    ]);
    expect(await objectExists(ctx, key)).toBe(true);
  });

  it('should refuse a registration while another one holds the upload with 409, and take it once the hold runs out', async () => {
    const preparation = await uploaded(png(2, 3));
    const hold = (interval: string) =>
      sql`update asset_uploads set claimed_until = now() + ${interval}::interval where file_key = ${preparation.fileKey}`.execute(
        ctx.db,
      );
    await hold('1 minute');
    const held = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'x',
    });
    expect(expectErrorBody(held, 409).errors).toEqual([
      'This file is being registered; try again in a moment',
    ]);
    // A registration that crashed lets go when its hold runs out.
    await hold('-1 second');
    await register(preparation.fileKey);
  });

  it('should register an upload once when registrations race, and keep its file', async () => {
    const bytes = png(7, 7);
    const preparation = await uploaded(bytes);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        registerAsset(ctx, token, domain.domain, { fileKey: preparation.fileKey, description: 'Race' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expectErrorBody(response, 409);
    const asset = responses.find((r) => r.statusCode === 201)!.json<AssetInfo>();
    const served = await getFile(ctx, asset.signedUrl);
    expect(served.rawPayload).toEqual(bytes);
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(false);
  });
});
