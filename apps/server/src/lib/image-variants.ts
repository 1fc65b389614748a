/**
 * Image variants (issue 31, decision 064): which variants an image asset has, what they are
 * called and where they are kept. Pure, so that the renderer, the /img route and the delivery API
 * all derive the same names from the asset alone: an address in a cached answer stays right for
 * as long as the asset's bytes do, whether or not its variant has been made yet.
 *
 * A variant's name is `<asset id>-<first 16 hex of the content hash>-<width>.<ext>`; nothing else
 * is a variant, so a request for any other size or format is a 404 without a render.
 */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const VARIANT_EXTENSION: Readonly<Record<VariantFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

export const VARIANT_MIME_TYPE: Readonly<Record<VariantFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const FORMAT_OF_EXTENSION: Readonly<Record<string, VariantFormat>> = {
  avif: 'avif',
  webp: 'webp',
  jpg: 'jpeg',
  png: 'png',
};

/** What naming an asset's variants needs: a registered PNG or JPEG with its content hash. */
export interface VariantSource {
  id: string;
  contentHash: string;
  width: number;
  height: number;
  mimeType: string;
}

export interface VariantName {
  assetId: string;
  /** The first 16 hex digits of the content hash. */
  hash: string;
  width: number;
  format: VariantFormat;
}

const HASH_DIGITS = 16;
const NAME_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([0-9a-f]{16})-([1-9][0-9]{1,3})\.(avif|webp|jpg|png)$/;

/** The original's own format, kept as the fallback for browsers without WebP or AVIF. */
export function originalFormat(mimeType: string): VariantFormat | undefined {
  if (mimeType === 'image/png') return 'png';
  if (mimeType === 'image/jpeg') return 'jpeg';
  return undefined;
}

/** Every format an asset's variants come in: AVIF, WebP and the original's own. */
export function variantFormats(mimeType: string): VariantFormat[] {
  const own = originalFormat(mimeType);
  return own ? ['avif', 'webp', own] : [];
}

/**
 * The formats a variant of this width is made in: AVIF only up to `avifMaxWidth`
 * (IMAGE_AVIF_MAX_WIDTH), since libaom holds many frames of the output at once (a 2560 px AVIF
 * needs about 130 MB) and takes more than half of a set's time; wider variants are WebP and the
 * original's format, as with Cloudflare Images' 1,200 px AVIF limit (decision 066).
 */
export function formatsAt(width: number, mimeType: string, avifMaxWidth: number): VariantFormat[] {
  return variantFormats(mimeType).filter((format) => format !== 'avif' || width <= avifMaxWidth);
}

/** The configured widths the image has (never wider than the original), smallest first. */
export function variantWidths(originalWidth: number, widths: readonly number[]): number[] {
  return widths.filter((width) => width <= originalWidth).sort((a, b) => a - b);
}

/** A variant's height: the original's aspect ratio, rounded, at least one pixel. */
export function variantHeight(width: number, original: { width: number; height: number }): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

export function variantName(source: VariantSource, width: number, format: VariantFormat): string {
  return `${source.id}-${source.contentHash.slice(0, HASH_DIGITS)}-${width}.${VARIANT_EXTENSION[format]}`;
}

/** The parts of a name, or undefined for anything that is not a well-formed variant name. */
export function parseVariantName(name: string): VariantName | undefined {
  const match = NAME_PATTERN.exec(name);
  if (!match) return undefined;
  const [, assetId, hash, width, extension] = match;
  return { assetId: assetId!, hash: hash!, width: Number(width), format: FORMAT_OF_EXTENSION[extension!]! };
}

/**
 * True when the name is one of this asset's variants at these widths: its hash is the asset's
 * current one, its width in the set and not wider than the original, its format one that width is
 * made in.
 */
export function isVariantOf(
  name: VariantName,
  source: VariantSource,
  widths: readonly number[],
  avifMaxWidth: number,
): boolean {
  return (
    name.assetId === source.id &&
    name.hash === source.contentHash.slice(0, HASH_DIGITS) &&
    variantWidths(source.width, widths).includes(name.width) &&
    formatsAt(name.width, source.mimeType, avifMaxWidth).includes(name.format)
  );
}

/**
 * Where a variant is stored: beside its original (`<domain>/<uuid>/<name>`), in a `variants`
 * folder, so that the bucket holds an asset's files under one prefix.
 */
export function variantStorageKey(originalKey: string, name: VariantName): string {
  const folder = originalKey.slice(0, originalKey.lastIndexOf('/'));
  return `${folder}/variants/${name.hash}-${name.width}.${VARIANT_EXTENSION[name.format]}`;
}

/** The folder every variant of the asset at this key is stored in. */
export function variantFolder(originalKey: string): string {
  return `${originalKey.slice(0, originalKey.lastIndexOf('/'))}/variants/`;
}

/** A variant's public address on the server: `<public URL>/img/<name>`. */
export function variantUrl(publicUrl: string, source: VariantSource, width: number, format: VariantFormat) {
  return `${publicUrl}/img/${variantName(source, width, format)}`;
}

/**
 * A `srcset` for one format: every variant width, and the original itself at its own width when
 * that is wider than the widest variant (so that the largest screens still get every pixel). AVIF's
 * widths above `avifMaxWidth` are WebP: every browser that decodes AVIF decodes WebP, and a large
 * screen then gets a sharp image rather than a small AVIF stretched.
 */
export function srcsetOf(
  publicUrl: string,
  source: VariantSource,
  widths: readonly number[],
  format: VariantFormat,
  originalUrl: string,
  avifMaxWidth: number,
): string {
  const own = variantWidths(source.width, widths);
  const formatAt = (width: number) => (format === 'avif' && width > avifMaxWidth ? 'webp' : format);
  const entries = own.map((width) => `${variantUrl(publicUrl, source, width, formatAt(width))} ${width}w`);
  if (own.at(-1) !== source.width) entries.push(`${originalUrl} ${source.width}w`);
  return entries.join(', ');
}

/** The widest an image is laid out by default: a reading column's width on a large screen. */
export const DEFAULT_LAYOUT_WIDTH = 1280;

/**
 * A default `sizes`: the whole viewport up to the image's own width (or the reading column's),
 * and that width above it, so that a phone picks a small variant and a desktop a large one.
 */
export function defaultSizes(originalWidth: number): string {
  const cap = Math.min(originalWidth, DEFAULT_LAYOUT_WIDTH);
  return `(max-width: ${cap}px) 100vw, ${cap}px`;
}
