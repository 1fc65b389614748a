import type { DeliveryAsset, DeliveryImage } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { findPublicAssetsByKeys, type ImageAssetRow } from '../db/repositories/delivery.repository.js';
import { findImgTags, replaceImgTags, type ImgTag } from '../lib/html-images.js';
import {
  defaultSizes,
  formatsAt,
  originalFormat,
  srcsetOf,
  VARIANT_MIME_TYPE,
  variantHeight,
  variantUrl,
  variantWidths,
  type VariantSource,
} from '../lib/image-variants.js';
import type { Storage } from '../storage/storage.js';

/** What describing images needs: the server's settings and the storage's public addresses. */
export interface ImageSettings {
  /** IMAGES=on: variants exist (the /img route renders or serves them). */
  enabled: boolean;
  /** IMAGE_WIDTHS. */
  widths: readonly number[];
  /** IMAGE_AVIF_MAX_WIDTH: the widest variant made in AVIF. */
  avifMaxWidth: number;
  /** PUBLIC_URL: variants are served at <PUBLIC_URL>/img/<name>. */
  publicUrl: string;
  storage: Pick<Storage, 'publicUrl'>;
}

/** The asset's variants are named from it alone; none without a content hash or with IMAGES=off. */
function variantSourceOf(row: ImageAssetRow, settings: ImageSettings): VariantSource | undefined {
  if (!settings.enabled || row.content_hash === null || !originalFormat(row.mime_type)) return undefined;
  return {
    id: row.id,
    contentHash: row.content_hash,
    width: row.width,
    height: row.height,
    mimeType: row.mime_type,
  };
}

/** An asset's srcset, sizes and sources for a layout width; all empty when it has no variants. */
function responsive(row: ImageAssetRow, settings: ImageSettings, layoutWidth = row.width) {
  const source = variantSourceOf(row, settings);
  if (!source) return { srcset: '', sizes: '', sources: [] };
  const url = settings.storage.publicUrl(row.file_key);
  const srcset = (format: 'avif' | 'webp') =>
    srcsetOf(settings.publicUrl, source, settings.widths, format, url, settings.avifMaxWidth);
  // No AVIF source when not even the narrowest variant is made in AVIF (IMAGE_AVIF_MAX_WIDTH=0).
  const hasAvif = variantWidths(source.width, settings.widths).some(
    (width) => width <= settings.avifMaxWidth,
  );
  return {
    srcset: srcset('webp'),
    sizes: defaultSizes(layoutWidth),
    sources: [
      ...(hasAvif ? [{ type: 'image/avif' as const, srcset: srcset('avif') }] : []),
      { type: 'image/webp' as const, srcset: srcset('webp') },
    ],
  };
}

/** A public asset as an image of a post: the alt text given, else the asset's description. */
export function imageOfAsset(row: ImageAssetRow, settings: ImageSettings, alt?: string): DeliveryImage {
  return {
    url: settings.storage.publicUrl(row.file_key),
    assetId: row.id,
    width: row.width,
    height: row.height,
    alt: alt?.trim() ? alt : row.description,
    ...responsive(row, settings),
  };
}

/** An image that is no public asset of the domain: its address only, as written. */
export function externalImage(url: string): DeliveryImage {
  return { url, assetId: null, width: null, height: null, alt: '', srcset: '', sizes: '', sources: [] };
}

/** GET /api/v1/assets/{id}: the asset, and every variant it has, by width then format. */
export function toDeliveryAsset(row: ImageAssetRow, settings: ImageSettings): DeliveryAsset {
  const source = variantSourceOf(row, settings);
  const variants = source
    ? variantWidths(source.width, settings.widths).flatMap((width) =>
        formatsAt(width, source.mimeType, settings.avifMaxWidth).map((format) => ({
          url: variantUrl(settings.publicUrl, source, width, format),
          width,
          height: variantHeight(width, source),
          type: VARIANT_MIME_TYPE[format],
        })),
      )
    : [];
  const { url, width, height, alt, srcset, sizes, sources } = imageOfAsset(row, settings);
  return {
    id: row.id,
    url,
    width: width!,
    height: height!,
    alt,
    mimeType: row.mime_type,
    srcset,
    sizes,
    sources,
    variants,
  };
}

/**
 * The key a URL would be the public address of, for an asset of this domain: asset keys are
 * `<domainId>/<uuid>/<name>`, and both drivers' public URLs end with the key (S3's with each part
 * encoded). Only a guess: a row found by it counts only if its own public URL is exactly this one.
 */
export function candidateKey(url: string, domainId: string): string | undefined {
  if (url.length > 2048) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const at = path.indexOf(`/${domainId}/`);
  if (at < 0) return undefined;
  try {
    return decodeURIComponent(path.slice(at + 1));
  } catch {
    return undefined;
  }
}

/**
 * The domain's public assets that these URLs are the public addresses of, by URL, in one query
 * (whatever the number of posts and images). An address of another domain's asset, of a private
 * one, or with anything added (a query, a fragment) is not an asset's.
 */
export async function findImageAssets(
  db: Db,
  settings: ImageSettings,
  domainId: string,
  urls: Iterable<string>,
): Promise<Map<string, ImageAssetRow>> {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = candidateKey(url, domainId);
    if (key) keys.add(key);
  }
  const found = new Map<string, ImageAssetRow>();
  if (keys.size === 0) return found;
  for (const row of await findPublicAssetsByKeys(db, domainId, [...keys])) {
    found.set(settings.storage.publicUrl(row.file_key), row);
  }
  return found;
}

/**
 * An <img>'s attributes in a delivered post: every image loads lazily and decodes off the main
 * thread; an asset's also gets its size (the editor's own width and height are kept when it wrote
 * both), a srcset, and sizes for the width it is laid out at.
 */
function imgAttributes(
  attribs: Record<string, string>,
  row: ImageAssetRow | undefined,
  settings: ImageSettings,
) {
  const lazy = { loading: 'lazy', decoding: 'async' };
  if (!row) return { ...attribs, ...lazy };
  const ownWidth = Number(attribs.width);
  const width = Number.isInteger(ownWidth) && ownWidth > 0 ? ownWidth : row.width;
  const ownHeight = Number(attribs.height);
  const height =
    Number.isInteger(ownHeight) && ownHeight > 0 && width === ownWidth
      ? ownHeight
      : variantHeight(width, row);
  const { srcset, sizes } = responsive(row, settings, width);
  return {
    ...attribs,
    alt: attribs.alt?.trim() ? attribs.alt : row.description,
    width: String(width),
    height: String(height),
    ...(srcset ? { srcset, sizes } : {}),
    ...lazy,
  };
}

/** What a post needs to show its images: its feature image's address and, when read, its HTML. */
interface WithImageUrls {
  featureImageUrl: string;
  html?: string;
}

/**
 * Posts (or previews) with their images described (issue 31, decision 065): `featureImage`, and
 * each <img> of the HTML given its attributes. Every image of every post is looked up at once.
 */
export async function withImages<Post extends WithImageUrls>(
  db: Db,
  settings: ImageSettings,
  domainId: string,
  posts: Post[],
): Promise<(Post & { featureImage: DeliveryImage | null })[]> {
  const tags: ImgTag[][] = posts.map((post) => (post.html ? findImgTags(post.html) : []));
  const urls = new Set<string>();
  posts.forEach((post, index) => {
    if (post.featureImageUrl) urls.add(post.featureImageUrl);
    for (const tag of tags[index]!) if (tag.attribs.src) urls.add(tag.attribs.src);
  });
  const assets = await findImageAssets(db, settings, domainId, urls);
  return posts.map((post, index) => {
    const feature = post.featureImageUrl;
    const row = feature ? assets.get(feature) : undefined;
    const described = {
      ...post,
      featureImage: !feature ? null : row ? imageOfAsset(row, settings) : externalImage(feature),
    };
    const own = tags[index]!;
    if (post.html !== undefined && own.length > 0) {
      described.html = replaceImgTags(
        post.html,
        own,
        own.map((tag) => imgAttributes(tag.attribs, assets.get(tag.attribs.src ?? ''), settings)),
      );
    }
    return described;
  });
}
