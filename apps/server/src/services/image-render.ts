import sharp, { type Sharp } from 'sharp';
import { variantHeight, type VariantFormat } from '../lib/image-variants.js';

/**
 * Turning an original into one variant with sharp (issue 31, decision 064): rotated by its EXIF
 * orientation, resized to the width, and encoded without any metadata (sharp writes none unless
 * asked: no EXIF, no GPS, no XMP, and the colours converted to sRGB rather than a profile kept).
 */

/** Qualities chosen by eye and size on photos; AVIF's effort keeps a 2560 px render near a second on one core. */
export const ENCODINGS: Readonly<Record<VariantFormat, (image: Sharp) => Sharp>> = {
  // 4:2:0 as photos are usually encoded: smaller files, and half the encoder's memory of 4:4:4.
  avif: (image) => image.avif({ quality: 50, effort: 2, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
};

export interface RenderLimits {
  /** Sources with more pixels than this are refused before decoding (IMAGE_MAX_MEGAPIXELS). */
  maxPixels: number;
  /** A render stops after this long (IMAGE_RENDER_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
}

/**
 * Once per process: libvips keeps no cache of decoded images (each original is rendered once into
 * its set, so a cache would hold memory for nothing) and runs one thread per render, so that the
 * renders at once (IMAGE_RENDER_CONCURRENCY) bound both the threads and the memory.
 */
export function configureSharp() {
  sharp.cache(false);
  sharp.concurrency(1);
}

/** One variant of the original's bytes. Throws on a damaged source, too many pixels or the timeout. */
export function renderVariant(
  source: Uint8Array,
  variant: { width: number; format: VariantFormat },
  limits: RenderLimits,
): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: limits.maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: variant.width, withoutEnlargement: true })
    .timeout({ seconds: limits.timeoutSeconds });
  return ENCODINGS[variant.format](image).toBuffer();
}

/**
 * Bytes per output pixel an encode holds at its peak, measured on a 12-megapixel photo with one
 * thread and `npm start`'s allocator settings (docs/performance.md "Image variants"): AVIF 29 MB
 * at 1280 px (libaom keeps several frames of the output), WebP 47 MB and JPEG 44 MB at 2560 px.
 */
const PEAK_BYTES_PER_PIXEL: Readonly<Record<VariantFormat, number>> = { avif: 20, webp: 8, jpeg: 8, png: 8 };
/** The decoder's and the pipeline's share, whatever the output. */
const BASE_MB = 8;

/** The memory one render is estimated to need at its peak, in MB, for the render gate's budget. */
export function renderMemoryMb(
  variant: { width: number; format: VariantFormat },
  original: { width: number; height: number },
): number {
  const pixels = variant.width * variantHeight(variant.width, original);
  return BASE_MB + (pixels * PEAK_BYTES_PER_PIXEL[variant.format]) / 1e6;
}
