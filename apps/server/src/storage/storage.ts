/**
 * Where asset files live (DESIGN §1): a local folder served by the server itself, or an
 * S3-compatible bucket. Both drivers sign URLs that the browser uses directly, so file bytes never
 * pass through the API calls; the server only checks them on registration. The same test suite
 * runs against both drivers (test/storage/storage-drivers.test.ts).
 */
export interface UploadSpec {
  contentType: string;
  /** The exact byte count the upload must have; the signature covers it. */
  size: number;
  /**
   * The PUT carries S3's `public-read` canned ACL, signed and so required: what the specification's
   * client sends for a public asset. On S3 with object ACLs the uploaded object is then readable by
   * anyone who knows its key; assets are uploaded to staging keys only, so no asset's own key is
   * public before registration has checked and committed it (decisions 035, 059).
   */
  public: boolean;
  expiresInSeconds: number;
  /** The signing time; tests pass a clock. */
  now?: Date;
}

export interface SignedUpload {
  url: string;
  method: 'PUT';
  /** Exactly the headers the PUT must carry (the browser adds Content-Length itself). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface DownloadSpec {
  expiresInSeconds: number;
  /** The name for Content-Disposition (RFC 6266); the key's last segment when absent. */
  fileName?: string;
  now?: Date;
}

export interface ObjectHead {
  size: number;
  contentType: string | undefined;
}

/** What the registered object is: its type and name for the headers it is served with. */
export interface CommitSpec {
  contentType: string;
  public: boolean;
  fileName: string;
}

/** How a file the server makes itself (an image variant) is written. */
export interface WriteSpec {
  contentType: string;
  /** Readable by anyone at its public URL, as a public asset's original is. */
  public: boolean;
}

/** Variants are named after their content, so whoever holds one may keep it for ever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** `read` found an object larger than it was allowed to take into memory. */
export class ObjectTooLargeError extends Error {
  constructor(key: string, size: number, limit: number) {
    super(`${key} has ${size} bytes, more than the ${limit} that may be read at once`);
  }
}

export interface Storage {
  readonly driver: 'local' | 's3';
  /** True when a public object's stable URL is the server's /storage/<key>, answered with a redirect. */
  readonly publicReadsThroughServer?: boolean;
  /** A URL that accepts one PUT of the object until it expires. */
  signUpload(key: string, spec: UploadSpec): Promise<SignedUpload>;
  /** A GET URL valid for a short time, for public and private objects alike. */
  signDownload(key: string, spec: DownloadSpec): Promise<string>;
  /** The stable URL of a public object (it answers only once the object is public). */
  publicUrl(key: string): string;
  /** Size and type, or undefined when there is no such object. */
  head(key: string): Promise<ObjectHead | undefined>;
  /** Up to `length` bytes from the start of the object (a ranged read); undefined when missing. */
  readStart(key: string, length: number): Promise<Uint8Array | undefined>;
  /**
   * Copies an object within the store (a server-side copy on S3) to a key no client has an upload
   * URL for, replacing what is there; the copy is private. False when there is no object at `from`.
   */
  copy(from: string, to: string): Promise<boolean>;
  /**
   * Called once the object's bytes are checked and it is being registered as an asset: sets the
   * headers it is served with and, for a public asset, makes it readable by anyone.
   */
  commit(key: string, spec: CommitSpec): Promise<void>;
  /**
   * Writes a file the server made (an image variant), replacing what is there, with its type, its
   * visibility and IMMUTABLE_CACHE; the object is whole or absent, never half-written.
   */
  write(key: string, bytes: Uint8Array, spec: WriteSpec): Promise<void>;
  /**
   * The whole object, or undefined when there is none; ObjectTooLargeError when it has more than
   * `maxBytes` (nothing larger is ever held in memory).
   */
  read(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix`, a folder ending in `/` (an asset's
   * `variants/`); returns how many there were.
   */
  deletePrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Object keys are made by the server (`<domainId>/<uuid>/<safe-name>`), but every driver checks
 * them again: segments of letters, digits, dot, dash and underscore that do not start with a dot,
 * so no key can climb out of its folder, hide as a dot file, or need escaping in a URL.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Not a valid object key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}

/** A folder prefix: a valid key followed by `/`. */
export function assertValidPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1))) throw new InvalidKeyError(prefix);
  return prefix;
}
