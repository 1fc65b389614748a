import { describe, expect, it } from 'vitest';
import {
  defaultSizes,
  formatsAt,
  isVariantOf,
  parseVariantName,
  srcsetOf,
  variantFormats,
  variantHeight,
  variantName,
  variantStorageKey,
  variantUrl,
  variantWidths,
  type VariantSource,
} from '../image-variants.js';

const WIDTHS = [320, 640, 960, 1280, 1920, 2560];
const HASH = 'ab'.repeat(32);
const jpeg: VariantSource = {
  id: '0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10',
  contentHash: HASH,
  width: 1000,
  height: 750,
  mimeType: 'image/jpeg',
};
const ORIGINAL = 'https://cms.example.com/storage/d/u/photo.jpg';
const NO_AVIF_LIMIT = 8192;

describe('variantWidths', () => {
  it('should keep only the configured widths not wider than the original, smallest first', () => {
    expect(variantWidths(1000, WIDTHS)).toEqual([320, 640, 960]);
    expect(variantWidths(1280, [1280, 320, 640])).toEqual([320, 640, 1280]);
    expect(variantWidths(200, WIDTHS)).toEqual([]);
  });
});

describe('variantFormats', () => {
  it("should be AVIF, WebP and the original's own format, and nothing for other types", () => {
    expect(variantFormats('image/jpeg')).toEqual(['avif', 'webp', 'jpeg']);
    expect(variantFormats('image/png')).toEqual(['avif', 'webp', 'png']);
    expect(variantFormats('image/svg+xml')).toEqual([]);
  });
});

describe('formatsAt', () => {
  it('should make AVIF only up to the AVIF limit, and none with a limit of 0', () => {
    expect(formatsAt(1280, 'image/jpeg', 1280)).toEqual(['avif', 'webp', 'jpeg']);
    expect(formatsAt(1920, 'image/jpeg', 1280)).toEqual(['webp', 'jpeg']);
    expect(formatsAt(320, 'image/png', 0)).toEqual(['webp', 'png']);
  });
});

describe('variantHeight', () => {
  it("should keep the original's aspect ratio, rounded, and never be below one pixel", () => {
    expect(variantHeight(320, jpeg)).toBe(240);
    expect(variantHeight(333, { width: 1000, height: 333 })).toBe(111);
    expect(variantHeight(320, { width: 10_000, height: 1 })).toBe(1);
  });
});

describe('variant names', () => {
  it('should parse back to the asset, hash prefix, width and format they were made from', () => {
    for (const format of variantFormats(jpeg.mimeType)) {
      const name = variantName(jpeg, 640, format);
      expect(parseVariantName(name)).toEqual({
        assetId: jpeg.id,
        hash: HASH.slice(0, 16),
        width: 640,
        format,
      });
    }
    expect(variantName(jpeg, 640, 'jpeg')).toBe(`${jpeg.id}-${HASH.slice(0, 16)}-640.jpg`);
  });

  it.each([
    ['no extension', `${jpeg.id}-${HASH.slice(0, 16)}-640`],
    ['an unknown format', `${jpeg.id}-${HASH.slice(0, 16)}-640.gif`],
    ['a short hash', `${jpeg.id}-${HASH.slice(0, 15)}-640.webp`],
    ['an upper-case hash', `${jpeg.id}-${HASH.slice(0, 16).toUpperCase()}-640.webp`],
    ['a leading zero', `${jpeg.id}-${HASH.slice(0, 16)}-0640.webp`],
    ['a path', `../${jpeg.id}-${HASH.slice(0, 16)}-640.webp`],
    ['a width of five digits', `${jpeg.id}-${HASH.slice(0, 16)}-10000.webp`],
  ])('should refuse a name with %s', (_, name) => {
    expect(parseVariantName(name)).toBeUndefined();
  });

  it("should be stored beside the original, in its folder's variants/", () => {
    const name = parseVariantName(variantName(jpeg, 320, 'avif'))!;
    expect(variantStorageKey('d/u/photo.jpg', name)).toBe(`d/u/variants/${HASH.slice(0, 16)}-320.avif`);
  });
});

describe('isVariantOf', () => {
  const named = (width: number, format: 'avif' | 'webp' | 'jpeg' | 'png', source = jpeg) =>
    parseVariantName(variantName(source, width, format))!;

  it('should accept every width and format the asset has', () => {
    for (const width of [320, 640, 960])
      for (const format of ['avif', 'webp', 'jpeg'] as const)
        expect(isVariantOf(named(width, format), jpeg, WIDTHS, NO_AVIF_LIMIT)).toBe(true);
  });

  it('should refuse another hash, another asset, a width not in the set or wider than the original, and another format', () => {
    expect(
      isVariantOf(named(320, 'webp', { ...jpeg, contentHash: 'cd'.repeat(32) }), jpeg, WIDTHS, NO_AVIF_LIMIT),
    ).toBe(false);
    expect(
      isVariantOf(
        named(320, 'webp', { ...jpeg, id: '1b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10' }),
        jpeg,
        WIDTHS,
        NO_AVIF_LIMIT,
      ),
    ).toBe(false);
    expect(isVariantOf(named(500, 'webp'), jpeg, WIDTHS, NO_AVIF_LIMIT)).toBe(false);
    expect(isVariantOf(named(1280, 'webp'), jpeg, WIDTHS, NO_AVIF_LIMIT)).toBe(false);
    expect(isVariantOf(named(320, 'png'), jpeg, WIDTHS, NO_AVIF_LIMIT)).toBe(false);
    expect(isVariantOf(named(640, 'webp'), jpeg, [320], NO_AVIF_LIMIT)).toBe(false);
  });

  it('should refuse an AVIF wider than the AVIF limit, and keep its other formats', () => {
    expect(isVariantOf(named(960, 'avif'), jpeg, WIDTHS, 640)).toBe(false);
    expect(isVariantOf(named(960, 'webp'), jpeg, WIDTHS, 640)).toBe(true);
    expect(isVariantOf(named(640, 'avif'), jpeg, WIDTHS, 640)).toBe(true);
  });
});

describe('srcsetOf and defaultSizes', () => {
  it('should list each width once, then the original at its own width when it is wider', () => {
    const srcset = srcsetOf('https://cms.example.com', jpeg, WIDTHS, 'webp', ORIGINAL, NO_AVIF_LIMIT);
    expect(srcset).toBe(
      [320, 640, 960]
        .map((w) => `${variantUrl('https://cms.example.com', jpeg, w, 'webp')} ${w}w`)
        .join(', ') + `, ${ORIGINAL} 1000w`,
    );
    expect(srcset).toMatch(/^https:\/\/cms\.example\.com\/img\//);
  });

  it("should list WebP in AVIF's srcset above the AVIF limit, so that wide screens stay sharp", () => {
    const srcset = srcsetOf('https://x', jpeg, WIDTHS, 'avif', ORIGINAL, 640).split(', ');
    expect(srcset).toEqual([
      `${variantUrl('https://x', jpeg, 320, 'avif')} 320w`,
      `${variantUrl('https://x', jpeg, 640, 'avif')} 640w`,
      `${variantUrl('https://x', jpeg, 960, 'webp')} 960w`,
      `${ORIGINAL} 1000w`,
    ]);
  });

  it('should not list the original when a variant has its width', () => {
    const exact = { ...jpeg, width: 960, height: 720 };
    expect(srcsetOf('https://x', exact, WIDTHS, 'avif', ORIGINAL, NO_AVIF_LIMIT).split(', ').at(-1)).toMatch(
      /-960\.avif 960w$/,
    );
  });

  it('should give the whole viewport up to the image or reading width, then that width', () => {
    expect(defaultSizes(700)).toBe('(max-width: 700px) 100vw, 700px');
    expect(defaultSizes(4000)).toBe('(max-width: 1280px) 100vw, 1280px');
  });
});
