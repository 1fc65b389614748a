import { describe, expect, it } from 'vitest';
import type { ImageAssetRow } from '../../db/repositories/delivery.repository.js';
import { S3Storage } from '../../storage/s3-storage.js';
import {
  candidateKey,
  externalImage,
  imageOfAsset,
  toDeliveryAsset,
  type ImageSettings,
} from '../delivery-images.js';

const DOMAIN = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const KEY = `${DOMAIN}/3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/harbour-at-dawn.jpg`;
const local = { publicUrl: (key: string) => `https://cms.example.com/storage/${key}` };
const row: ImageAssetRow = {
  id: '0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10',
  file_key: KEY,
  mime_type: 'image/jpeg',
  width: 1000,
  height: 500,
  description: 'The harbour',
  content_hash: 'ab'.repeat(32),
};
const settings = (enabled: boolean): ImageSettings => ({
  enabled,
  widths: [320, 640, 960, 1280],
  avifMaxWidth: 8192,
  publicUrl: 'https://cms.example.com',
  storage: local,
});

describe('candidateKey', () => {
  it.each([
    ['the local driver', local],
    [
      'S3 with virtual hosts',
      new S3Storage({ bucket: 'media', region: 'eu-west-1', forcePathStyle: false, publicAcl: true }),
    ],
    [
      'S3 behind a CDN',
      new S3Storage({
        bucket: 'media',
        region: 'eu-west-1',
        forcePathStyle: false,
        publicAcl: true,
        publicUrl: 'https://cdn.example.com/a b/',
      }),
    ],
  ])('should find the key in the public URL of %s', (_, storage) => {
    expect(candidateKey(storage.publicUrl(KEY), DOMAIN)).toBe(KEY);
  });

  it("should find nothing in another domain's URL, a non-URL or a broken escape", () => {
    expect(
      candidateKey(local.publicUrl(KEY.replace(DOMAIN, '00000000-0000-4000-8000-000000000000')), DOMAIN),
    ).toBeUndefined();
    expect(candidateKey('not a url', DOMAIN)).toBeUndefined();
    expect(candidateKey(`https://x/${DOMAIN}/%E0%A4%A/x.png`, DOMAIN)).toBeUndefined();
  });
});

describe('imageOfAsset and toDeliveryAsset', () => {
  it("should use the <img>'s own alt text unless it is blank", () => {
    expect(imageOfAsset(row, settings(true), 'Own').alt).toBe('Own');
    expect(imageOfAsset(row, settings(true), '  ').alt).toBe('The harbour');
  });

  it('should describe the asset by its size and alt only with IMAGES=off', () => {
    expect(imageOfAsset(row, settings(false))).toEqual({
      url: local.publicUrl(KEY),
      assetId: row.id,
      width: 1000,
      height: 500,
      alt: 'The harbour',
      srcset: '',
      sizes: '',
      sources: [],
    });
    expect(toDeliveryAsset(row, settings(false))).toMatchObject({ srcset: '', sources: [], variants: [] });
  });

  it('should list the variants of every width up to the original, each in three formats', () => {
    const { variants } = toDeliveryAsset(row, settings(true));
    expect(variants.map((v) => `${v.width}x${v.height} ${v.type}`)).toEqual(
      [320, 640, 960].flatMap((w) =>
        ['image/avif', 'image/webp', 'image/jpeg'].map((t) => `${w}x${w / 2} ${t}`),
      ),
    );
  });

  it('should give an external image its address only', () => {
    expect(externalImage('https://x/y.png')).toMatchObject({ assetId: null, width: null, srcset: '' });
  });
});
