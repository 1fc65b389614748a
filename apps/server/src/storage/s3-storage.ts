import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../lib/file-names.js';
import {
  assertValidKey,
  assertValidPrefix,
  IMMUTABLE_CACHE,
  ObjectTooLargeError,
  type CommitSpec,
  type DownloadSpec,
  type ObjectHead,
  type SignedUpload,
  type Storage,
  type UploadSpec,
  type WriteSpec,
} from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2); AWS when absent. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Where public objects are read (a CDN or the bucket's public domain). */
  publicUrl?: string | undefined;
  /** Send `x-amz-acl: public-read` for public uploads; off for stores without object ACLs (R2, MinIO). */
  publicAcl: boolean;
  /**
   * The server's own address (PUBLIC_URL). Without object ACLs and without publicUrl, a public
   * object's stable URL is the server's /storage/<key>, which redirects to a signed URL.
   */
  serverUrl?: string | undefined;
}

function isMissing(error: unknown) {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
}

/** Keys are checked to be URL-safe, so only the separators need keeping. */
const keyPath = (key: string) => assertValidKey(key).split('/').map(encodeURIComponent).join('/');

/**
 * Any S3-compatible store, through the AWS SDK: presigned PUT and GET URLs for the browser,
 * HEAD for existence and size, a ranged GET for the first bytes, and DELETE.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly publicBase: string;
  /** Public objects are read through the server (/storage/<key> redirects), the bucket staying private. */
  readonly publicReadsThroughServer: boolean;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Newer SDKs add CRC32 checksums to every request; MinIO, R2 and older stores reject or
      // mishandle some of them, and presigned URLs cannot carry them anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.publicReadsThroughServer = !settings.publicUrl && !settings.publicAcl && Boolean(settings.serverUrl);
    const base = this.publicReadsThroughServer ? `${settings.serverUrl}/storage` : settings.publicUrl;
    this.publicBase = (base ?? this.bucketUrl()).replace(/\/+$/, '');
  }

  /** The bucket's own address, in the addressing style the client uses. */
  private bucketUrl() {
    const { bucket, region, endpoint, forcePathStyle } = this.settings;
    if (!endpoint) {
      return forcePathStyle
        ? `https://s3.${region}.amazonaws.com/${bucket}`
        : `https://${bucket}.s3.${region}.amazonaws.com`;
    }
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/+$/, '');
    return forcePathStyle
      ? `${url.protocol}//${url.host}${base}/${bucket}`
      : `${url.protocol}//${bucket}.${url.host}${base}`;
  }

  async signUpload(key: string, spec: UploadSpec): Promise<SignedUpload> {
    const now = spec.now ?? new Date();
    const acl = spec.public && this.settings.publicAcl;
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: assertValidKey(key),
      ContentType: spec.contentType,
      // Signed, so the store refuses a body of another size: the only cap a presigned PUT has.
      ContentLength: spec.size,
      ...(acl ? { ACL: 'public-read' as const } : {}),
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: spec.expiresInSeconds,
      signingDate: now,
      // The type and the ACL are signed headers: a PUT without them, or with others, is refused.
      signableHeaders: new Set(['content-type']),
      unhoistableHeaders: new Set(['x-amz-acl']),
    });
    const headers: Record<string, string> = { 'content-type': spec.contentType };
    if (acl) headers['x-amz-acl'] = 'public-read';
    return {
      url,
      method: 'PUT',
      headers,
      expiresAt: new Date(now.getTime() + spec.expiresInSeconds * 1000),
    };
  }

  async signDownload(key: string, spec: DownloadSpec): Promise<string> {
    const name = spec.fileName ?? key.split('/').pop()!;
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: assertValidKey(key),
      ResponseContentDisposition: contentDisposition(name),
      ResponseCacheControl: 'private, max-age=900',
    });
    return getSignedUrl(this.client, command, {
      expiresIn: spec.expiresInSeconds,
      ...(spec.now ? { signingDate: spec.now } : {}),
    });
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${keyPath(key)}`;
  }

  async head(key: string): Promise<ObjectHead | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: assertValidKey(key) }),
      );
      return { size: head.ContentLength ?? 0, contentType: head.ContentType };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: assertValidKey(key),
          Range: `bytes=0-${Math.max(0, length - 1)}`,
        }),
      );
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      // A store that ignores Range sends everything; keep only what was asked for.
      return bytes.subarray(0, length);
    } catch (error) {
      if (isMissing(error)) return undefined;
      // An empty object has no byte 0: S3 answers 416 InvalidRange.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        return new Uint8Array();
      throw error;
    }
  }

  /** A server-side copy: no bytes pass through the server, and the copy gets the default (private) ACL. */
  async copy(from: string, to: string): Promise<boolean> {
    const { bucket } = this.settings;
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: assertValidKey(to),
          CopySource: `${bucket}/${keyPath(from)}`,
        }),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /**
   * A public object is copied onto itself with the headers it is served with: a year's immutable
   * caching and its name. A presigned PUT cannot require these from the browser, and a private
   * object gets them per signed URL instead.
   */
  async commit(key: string, spec: CommitSpec): Promise<void> {
    if (!spec.public) return;
    const { bucket } = this.settings;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: assertValidKey(key),
        CopySource: `${bucket}/${keyPath(key)}`,
        MetadataDirective: 'REPLACE',
        ContentType: spec.contentType,
        CacheControl: IMMUTABLE_CACHE,
        ContentDisposition: contentDisposition(spec.fileName),
        ...(this.settings.publicAcl ? { ACL: 'public-read' as const } : {}),
      }),
    );
  }

  async write(key: string, bytes: Uint8Array, spec: WriteSpec): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: assertValidKey(key),
        Body: bytes,
        ContentType: spec.contentType,
        CacheControl: IMMUTABLE_CACHE,
        ...(spec.public && this.settings.publicAcl ? { ACL: 'public-read' as const } : {}),
      }),
    );
  }

  async read(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: assertValidKey(key) }),
      );
      const size = object.ContentLength ?? 0;
      if (size > maxBytes) {
        // The body is left unread: dropping the connection costs less than reading what is refused.
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new ObjectTooLargeError(key, size, maxBytes);
      }
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      if (bytes.length > maxBytes) throw new ObjectTooLargeError(key, bytes.length, maxBytes);
      return bytes;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Lists a page at a time and deletes one by one: an asset has a few dozen variants at most. */
  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: assertValidPrefix(prefix),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(prefix)) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: object.Key }));
        removed++;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: assertValidKey(key) }),
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
