import sharp from 'sharp';
import type { AssetInfo } from '@masthead/contract';
import type { AssetRow } from '../../src/db/tables/database.table.js';
import { variantName, type VariantFormat } from '../../src/lib/image-variants.js';
import { variantSourceOf } from '../../src/services/image-variants.service.js';
import type { TestContext, TestDomain } from '../helpers/test-app.js';
import { uploadAsset } from '../routes/assets/asset-fixtures.js';

/** A photo-like picture (a gradient with noise, so that it compresses as photos do). */
export async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png',
  options: { gps?: boolean; orientation?: number } = {},
) {
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#4a8',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'Phone', Model: 'One' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4008/100',
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return (format === 'jpeg' ? image.jpeg({ quality: 85 }) : image.png()).toBuffer() as Promise<
    Buffer<ArrayBuffer>
  >;
}

/** Uploads and registers the image through the back office's calls; its row as stored. */
export async function uploadImage(
  ctx: TestContext,
  token: string,
  domain: TestDomain,
  bytes: Buffer,
  options: { format: 'jpeg' | 'png'; public?: boolean },
): Promise<{ asset: AssetInfo; row: AssetRow }> {
  const ext = options.format === 'jpeg' ? 'jpg' : 'png';
  const { asset } = await uploadAsset(ctx, token, domain, {
    bytes,
    fileName: `photo.${ext}`,
    mimeType: `image/${options.format}`,
    public: options.public ?? true,
  });
  const row = await ctx.db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', asset.id)
    .executeTakeFirstOrThrow();
  return { asset, row };
}

/** The variant's /img path. */
export function imgPath(row: AssetRow, width: number, format: VariantFormat) {
  return `/img/${variantName(variantSourceOf(row)!, width, format)}`;
}
