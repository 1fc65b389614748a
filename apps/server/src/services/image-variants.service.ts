import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@masthead/contract';
import type { Env } from '../config/env.js';
import type { Db } from '../db/database.js';
import { findAssetById, setAssetContentHash } from '../db/repositories/assets.repository.js';
import type { AssetRow } from '../db/tables/database.table.js';
import { WeightedGate } from '../lib/weighted-gate.js';
import {
  formatsAt,
  VARIANT_MIME_TYPE,
  variantFolder,
  variantStorageKey,
  variantWidths,
  type VariantName,
  type VariantSource,
} from '../lib/image-variants.js';
import type { Storage } from '../storage/storage.js';
import { configureSharp, renderMemoryMb, renderVariant } from './image-render.js';

/** A variant could not be made from its original: a damaged source, or the render ran out of time. */
export class RenderError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export interface ImageSettings {
  /** IMAGES=on: variants are made and served. */
  enabled: boolean;
  widths: readonly number[];
  /** IMAGE_AVIF_MAX_WIDTH: wider variants are not made in AVIF. */
  avifMaxWidth: number;
  maxPixels: number;
  keepGps: boolean;
  timeoutSeconds: number;
  concurrency: number;
  /** What the renders at once may hold together, in MB (estimated by renderMemoryMb). */
  memoryMb: number;
  queue: number;
}

export function imageSettingsOf(env: Env, cores: number): ImageSettings {
  return {
    enabled: env.IMAGES === 'on',
    widths: env.IMAGE_WIDTHS,
    avifMaxWidth: env.IMAGE_AVIF_MAX_WIDTH,
    maxPixels: env.IMAGE_MAX_MEGAPIXELS * 1_000_000,
    keepGps: env.IMAGE_KEEP_GPS,
    timeoutSeconds: env.IMAGE_RENDER_TIMEOUT_SECONDS,
    concurrency: env.IMAGE_RENDER_CONCURRENCY ?? cores,
    memoryMb: env.IMAGE_RENDER_MEMORY_MB,
    queue: env.IMAGE_RENDER_QUEUE,
  };
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The asset as variants are named from it, or undefined while it has no content hash. */
export function variantSourceOf(row: AssetRow): VariantSource | undefined {
  if (!row.content_hash) return undefined;
  return {
    id: row.id,
    contentHash: row.content_hash,
    width: row.width,
    height: row.height,
    mimeType: row.mime_type,
  };
}

/**
 * Makes variants in this process (decision 064): at most `concurrency` renders at once and `queue`
 * waiting (GateFullError beyond: the /img route answers 503), and one render per variant however
 * many ask for it at once (single-flight: the later callers wait for the first one's result).
 */
/** Memory per process for the bytes of the variants asked for most. */
const HOT_VARIANTS_BYTES = 8 * 2 ** 20;
/** How long another process may still answer for an asset deleted here (this one forgets at once). */
const REMEMBERED_MS = 60_000;

export class ImageVariants {
  private readonly gate: WeightedGate;
  private readonly inFlight = new Map<string, Promise<Uint8Array>>();
  /** Variants rendered by this process, for the tests and the log. */
  renders = 0;
  /**
   * What /img needs of an asset never changes once it has its content hash (its key, size, type and
   * visibility are fixed at registration), and a variant's bytes never change under its name: both
   * are kept in memory, so that a made variant is answered as a static file is, without the
   * database. `forget` drops an asset at once when it is deleted here; other processes keep it
   * for REMEMBERED_MS at most.
   */
  private readonly rows = new LRUCache<string, AssetRow>({ max: 10_000, ttl: REMEMBERED_MS });
  private readonly hot = new LRUCache<string, Uint8Array>({
    maxSize: HOT_VARIANTS_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
    ttl: REMEMBERED_MS,
  });

  constructor(
    private readonly storage: Storage,
    readonly settings: ImageSettings,
  ) {
    configureSharp();
    this.gate = new WeightedGate({
      running: settings.concurrency,
      capacity: settings.memoryMb,
      waiting: settings.queue,
    });
  }

  async assetOf(db: Db, id: string): Promise<AssetRow | undefined> {
    const cached = this.rows.get(id);
    if (cached) return cached;
    const row = await findAssetById(db, id);
    if (row?.content_hash) this.rows.set(id, row);
    return row;
  }

  hotBytes(name: string): Uint8Array | undefined {
    return this.hot.get(name);
  }

  rememberBytes(name: string, bytes: Uint8Array) {
    this.hot.set(name, bytes);
  }

  /** An asset deleted: its row and variants are answered from memory no more. */
  forget(assetId: string) {
    this.rows.delete(assetId);
    for (const name of [...this.hot.keys()]) if (name.startsWith(`${assetId}-`)) this.hot.delete(name);
  }

  /**
   * The variant's bytes: the stored file, or else rendered now and stored. `source` is the
   * original's bytes when the caller already has them (a whole set is made from one read).
   */
  variant(asset: AssetRow, name: VariantName, source?: Uint8Array): Promise<Uint8Array> {
    const key = variantStorageKey(asset.file_key, name);
    const running = this.inFlight.get(key);
    if (running) return running;
    const made = this.make(asset, name, key, source).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, made);
    return made;
  }

  private async make(asset: AssetRow, name: VariantName, key: string, source?: Uint8Array) {
    // Made meanwhile by an earlier flight, or by another process.
    const stored = await this.storage.read(key, MAX_UPLOAD_BYTES);
    if (stored) return stored;
    return this.gate.run(renderMemoryMb(name, asset), async () => {
      const original = source ?? (await this.storage.read(asset.file_key, MAX_UPLOAD_BYTES));
      // Deleted meanwhile (its row and files go one after the other): nothing to make it from.
      if (!original) throw new RenderError(`asset ${asset.id}: its original is missing from storage`, false);
      const bytes = await renderVariant(original, name, {
        maxPixels: this.settings.maxPixels,
        timeoutSeconds: this.settings.timeoutSeconds,
      }).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        throw new RenderError(
          `asset ${asset.id} at ${name.width} px as ${name.format}: ${message}`,
          /timeout/i.test(message),
        );
      });
      this.renders++;
      await this.storage.write(key, bytes, {
        contentType: VARIANT_MIME_TYPE[name.format],
        public: asset.public,
      });
      return bytes;
    });
  }

  /** Every variant of the asset not stored yet; the number made. */
  async makeSet(db: Db, asset: AssetRow): Promise<number> {
    const source = variantSourceOf(asset);
    if (!source) return 0;
    let original: Uint8Array | undefined;
    let made = 0;
    for (const width of variantWidths(asset.width, this.settings.widths)) {
      for (const format of formatsAt(width, asset.mime_type, this.settings.avifMaxWidth)) {
        const name: VariantName = { assetId: asset.id, hash: source.contentHash.slice(0, 16), width, format };
        if (await this.storage.head(variantStorageKey(asset.file_key, name))) continue;
        original ??= await this.storage.read(asset.file_key, MAX_UPLOAD_BYTES);
        if (!original) throw new Error(`The original of asset ${asset.id} is missing from storage`);
        await this.variant(asset, name, original);
        made++;
      }
    }
    // Deleted while its set was made: what was written after the deletion's sweep goes too.
    if (made > 0 && !(await findAssetById(db, asset.id)))
      await this.storage.deletePrefix(variantFolder(asset.file_key));
    return made;
  }
}

/**
 * The content hash of an asset registered before issue 31: SHA-256 of its stored bytes, written
 * once. Returns the row as it now is.
 */
export async function ensureContentHash(db: Db, storage: Storage, asset: AssetRow): Promise<AssetRow> {
  if (asset.content_hash) return asset;
  const bytes = await storage.read(asset.file_key, MAX_UPLOAD_BYTES);
  if (!bytes) throw new Error(`The original of asset ${asset.id} is missing from storage`);
  await setAssetContentHash(db, asset.id, sha256Hex(bytes));
  return (await findAssetById(db, asset.id)) ?? asset;
}
