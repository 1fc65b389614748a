import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, type AssetInfo } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { jpeg, png, pngOfSize } from '../../helpers/images.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import {
  getFile,
  objectExists,
  plantObject,
  prepareUpload,
  putFile,
  registerAsset,
  stagingKey,
  uploadAsset,
} from './asset-fixtures.js';

/**
 * DESIGN §3 Assets: registration checks that the file is there, that its bytes are the declared
 * PNG or JPEG and that it has 10 MiB or less, and deletes it when a check fails; only a key handed
 * out for the domain can be registered, and only once.
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

const assetRows = () => ctx.db.selectFrom('assets').selectAll().where('domain_id', '=', domain.id).execute();
const uploadRecord = (key: string) =>
  ctx.db.selectFrom('asset_uploads').selectAll().where('file_key', '=', key).executeTakeFirst();

/** Prepare and PUT, without registering. */
async function uploaded(
  bytes: Buffer,
  options: { mimeType?: string; fileName?: string; public?: boolean } = {},
) {
  const preparation = await prepareUpload(ctx, token, domain.domain, bytes, options);
  const put = await putFile(ctx, preparation, bytes);
  expect(put.statusCode, put.body).toBe(200);
  return preparation;
}

describe('POST /cms/assets/list', () => {
  it('should register an uploaded PNG with its width, height and size read from the bytes', async () => {
    const bytes = png(31, 17);
    const preparation = await uploaded(bytes, { fileName: 'Team photo.png' });
    const response = await registerAsset(ctx, token, domain.domain, {
      fileName: preparation.fileName,
      fileKey: preparation.fileKey,
      mimeType: 'image/png',
      public: false,
      description: '  The whole team  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const asset = response.json<AssetInfo>();
    expect(asset).toMatchObject({
      fileName: 'Team photo.png',
      fileKey: preparation.fileKey,
      mimeType: 'image/png',
      description: 'The whole team',
      public: false,
      width: 31,
      height: 17,
      size: bytes.length,
    });
    expect(asset.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(asset.createdDate).toBe(asset.lastModifiedDate);
    // Registered: the file was copied to its own key and the upload removed; the record stays,
    // marked, until the sweep removes whatever a PUT to the old URL puts back.
    expect(await objectExists(ctx, preparation.fileKey)).toBe(true);
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(false);
    expect(await uploadRecord(preparation.fileKey)).toMatchObject({
      registered_at: expect.any(Date),
      claimed_until: null,
    });
    const download = await getFile(ctx, asset.signedUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(bytes);
  });

  it.each([
    ['a JPEG', jpeg(40, 24), { width: 40, height: 24 }],
    [
      'a JPEG turned a quarter by its EXIF orientation',
      jpeg(40, 24, { orientation: 6 }),
      { width: 24, height: 40 },
    ],
  ])('should read the width and height of %s', async (_label, bytes, size) => {
    const { asset } = await uploadAsset(ctx, token, domain, {
      bytes,
      mimeType: 'image/jpeg',
      fileName: 'x.jpg',
    });
    expect(asset).toMatchObject({ mimeType: 'image/jpeg', ...size });
  });

  it('should refuse a text file renamed to .png with 415 and delete it', async () => {
    const preparation = await uploaded(Buffer.from('just some text, not an image\n'), {
      fileName: 'notes.png',
    });
    const response = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Sneaky',
    });
    expect(expectErrorBody(response, 415).errors).toEqual([
      'The file is not an image; only PNG and JPEG are accepted',
    ]);
    expect(await objectExists(ctx, preparation.fileKey)).toBe(false);
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(false);
    expect(await assetRows()).not.toContainEqual(expect.objectContaining({ file_key: preparation.fileKey }));
  });

  it('should refuse JPEG bytes declared as a PNG with 415 and delete them', async () => {
    const preparation = await uploaded(jpeg(8, 8), { mimeType: 'image/png', fileName: 'fake.png' });
    const response = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Mislabelled',
    });
    expect(expectErrorBody(response, 415).errors).toEqual([
      'The file is a JPEG image, but was declared as image/png',
    ]);
    expect(await objectExists(ctx, preparation.fileKey)).toBe(false);
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(false);
  });

  it('should refuse a PNG of exactly 10 MiB + 1 byte with 413 and delete it', async () => {
    // The local PUT cannot store it (see test/storage); a store that does not check the signed
    // size could, so registration checks again.
    const preparation = await prepareUpload(ctx, token, domain.domain, png(1, 1));
    plantObject(ctx, stagingKey(preparation.fileKey), pngOfSize(MAX_UPLOAD_BYTES + 1));
    const response = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Too big',
    });
    expect(expectErrorBody(response, 413).errors).toEqual([
      'The file has 10485761 bytes; at most 10485760 (10 MiB) are allowed',
    ]);
    expect(await objectExists(ctx, preparation.fileKey)).toBe(false);
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(false);
  });

  it('should refuse a registration before the upload with 400, and take it once the file is there', async () => {
    const bytes = png(3, 3);
    const preparation = await prepareUpload(ctx, token, domain.domain, bytes);
    const payload = { fileKey: preparation.fileKey, description: 'Early' };
    const early = await registerAsset(ctx, token, domain.domain, payload);
    expect(expectErrorBody(early, 400).errors).toEqual([
      'fileKey: no file has been uploaded to this key; PUT it to the signed URL first',
    ]);
    expect((await putFile(ctx, preparation, bytes)).statusCode).toBe(200);
    const late = await registerAsset(ctx, token, domain.domain, payload);
    expect(late.statusCode, late.body).toBe(201);
  });

  it('should refuse a key that was never handed out with 400, and leave its file alone', async () => {
    const key = `${domain.id}/${randomUUID()}/made-up.png`;
    plantObject(ctx, key, png(1, 1));
    for (const fileKey of [key, `${domain.id}/../x.png`, 'not-a-key']) {
      const response = await registerAsset(ctx, token, domain.domain, { fileKey, description: 'Guess' });
      expect(expectErrorBody(response, 400).errors).toEqual([
        'fileKey: is not a key handed out for this domain by /cms/assets/signed/upload-url',
      ]);
    }
    expect(await objectExists(ctx, key)).toBe(true);
  });

  it("should refuse another domain's key with 400, as a key never handed out, and leave it to that domain", async () => {
    const other = await ctx.domain('Other');
    const { token: both } = await ctx.member('editor', domain, other);
    const bytes = png(2, 2);
    const preparation = await prepareUpload(ctx, both, other.domain, bytes);
    expect((await putFile(ctx, preparation, bytes)).statusCode).toBe(200);
    const payload = { fileKey: preparation.fileKey, description: 'Borrowed' };
    const response = await registerAsset(ctx, both, domain.domain, payload);
    expect(expectErrorBody(response, 400).errors[0]).toContain('is not a key handed out for this domain');
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(true);
    expect(await uploadRecord(preparation.fileKey)).toBeDefined();
    const own = await registerAsset(ctx, both, other.domain, payload);
    expect(own.statusCode, own.body).toBe(201);
  });

  it('should refuse a key registered twice with 409, keeping the first asset and its file', async () => {
    const { asset, preparation } = await uploadAsset(ctx, token, domain);
    const again = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      description: 'Twice',
    });
    expect(expectErrorBody(again, 409).errors).toEqual(['This file is already registered as an asset']);
    expect((await assetRows()).filter((row) => row.file_key === preparation.fileKey)).toHaveLength(1);
    expect(await objectExists(ctx, asset.fileKey)).toBe(true);
  });

  it('should name every missing field with 400', async () => {
    const response = await registerAsset(ctx, token, domain.domain, { description: '   ' });
    expect(expectErrorBody(response, 400).errors).toEqual([
      'fileKey: This field is required',
      'description: This field is required',
    ]);
  });

  it('should refuse a name, type or visibility other than the upload URL was made for with 400', async () => {
    const preparation = await uploaded(png(1, 1), { fileName: 'a.png' });
    const response = await registerAsset(ctx, token, domain.domain, {
      fileKey: preparation.fileKey,
      fileName: 'b.png',
      mimeType: 'image/jpeg',
      public: true,
      description: 'Changed my mind',
    });
    expect(expectErrorBody(response, 400).errors).toEqual([
      'fileName: must be a.png, as given by the upload URL',
      'mimeType: must be image/png, as given by the upload URL',
      'public: must be false, as given by the upload URL',
    ]);
    expect(await objectExists(ctx, stagingKey(preparation.fileKey))).toBe(true);
  });

  it('should refuse a body that is not JSON with 415', async () => {
    const response = await ctx.request(token, {
      method: 'POST',
      url: `/cms/assets/list?domain=${domain.domain}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectErrorBody(response, 415);
  });
});
