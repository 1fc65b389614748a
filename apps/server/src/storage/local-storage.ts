import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from '@masthead/contract';
import { AppError, tooLarge } from '../lib/app-error.js';
import { cleanFileName } from '../lib/file-names.js';
import { sign, verify } from '../lib/url-signature.js';
import { makeDataDir } from '../lib/data-dir.js';
import {
  assertValidKey,
  assertValidPrefix,
  ObjectTooLargeError,
  type CommitSpec,
  type DownloadSpec,
  type ObjectHead,
  type SignedUpload,
  type Storage,
  type UploadSpec,
  type WriteSpec,
} from './storage.js';

/** What the local driver keeps beside each object: S3 keeps the same as object metadata. */
export interface LocalMeta {
  contentType: string;
  public: boolean;
  size: number;
  /** MD5 of the bytes in hex, as S3's ETag for a single-part upload. */
  md5: string;
  fileName?: string;
}

/** What a verified upload URL allows. */
export interface UploadGrant {
  key: string;
  contentType: string;
  size: number;
  public: boolean;
}

export type Query = Record<string, string | string[] | undefined>;

const SECRET_FILE = 'storage.key';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
const forbidden = (line: string) =>
  new AppError(403, [line], 'This storage address is not valid; ask the app for a new one.');

/**
 * The secret that signs local storage URLs: 32 random bytes made on the first start and kept in
 * the data folder beside the objects they protect (mode 0600). Creating it with the exclusive flag
 * means two processes starting together agree on one secret.
 */
export async function loadOrCreateSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, SECRET_FILE);
  makeDataDir(dataDir);
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  if (secret.length < 32)
    throw new Error(`${file} holds no valid storage secret; delete it to make a new one`);
  return secret;
}

/**
 * Objects in `<DATA_DIR>/objects/<key>`, their metadata in `<DATA_DIR>/objects/.meta/<key>.json`
 * and uploads in progress in `<DATA_DIR>/objects/.tmp` (keys never start with a dot, so neither
 * folder can be reached as a key). The server signs the URLs and serves them at /storage/<key>
 * (local-routes.ts).
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;

  private constructor(
    private readonly root: string,
    private readonly baseUrl: string,
    private readonly secret: Buffer,
  ) {}

  static async open(options: { dataDir: string; publicUrl: string }) {
    const root = path.join(options.dataDir, 'objects');
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await mkdir(path.join(root, '.meta'), { recursive: true });
    const secret = await loadOrCreateSecret(options.dataDir);
    return new LocalStorage(root, `${options.publicUrl.replace(/\/+$/, '')}/storage`, secret);
  }

  private objectPath(key: string) {
    return path.join(this.root, assertValidKey(key));
  }
  private metaPath(key: string) {
    return path.join(this.root, '.meta', `${assertValidKey(key)}.json`);
  }

  async signUpload(key: string, spec: UploadSpec): Promise<SignedUpload> {
    assertValidKey(key);
    const expiresAt = new Date((spec.now ?? new Date()).getTime() + spec.expiresInSeconds * 1000);
    const expires = String(seconds(expiresAt));
    const acl = spec.public ? 'public-read' : 'private';
    const fields = ['PUT', key, expires, spec.contentType, String(spec.size), acl];
    const query = new URLSearchParams({
      expires,
      type: spec.contentType,
      size: String(spec.size),
      acl,
      sig: sign(this.secret, fields),
    });
    const headers: Record<string, string> = { 'content-type': spec.contentType };
    if (spec.public) headers['x-amz-acl'] = 'public-read';
    return { url: `${this.baseUrl}/${key}?${query}`, method: 'PUT', headers, expiresAt };
  }

  async signDownload(key: string, spec: DownloadSpec): Promise<string> {
    assertValidKey(key);
    const now = spec.now ?? new Date();
    const expires = String(seconds(now) + spec.expiresInSeconds);
    const name = spec.fileName === undefined ? '' : cleanFileName(spec.fileName);
    const query = new URLSearchParams({ expires, ...(name ? { name } : {}) });
    query.set('sig', sign(this.secret, ['GET', key, expires, name]));
    return `${this.baseUrl}/${key}?${query}`;
  }

  publicUrl(key: string): string {
    return `${this.baseUrl}/${assertValidKey(key)}`;
  }

  /** Checks a PUT's signature, expiry, type and ACL header; throws the answer to send when wrong. */
  verifyUpload(key: string, query: Query, headers: { contentType?: string; acl?: string }, now = new Date()) {
    const [expires, type, size, acl, sig] = ['expires', 'type', 'size', 'acl', 'sig'].map((name) =>
      one(query[name]),
    );
    if (!expires || !type || !size || !acl || !sig) throw forbidden('The upload address is not signed');
    if (!verify(this.secret, ['PUT', key, expires, type, size, acl], sig)) {
      throw forbidden('The upload signature does not match');
    }
    if (Number(expires) < seconds(now)) throw forbidden('The upload address has expired');
    const sentType = (headers.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (sentType !== type) {
      throw new AppError(
        415,
        [`content-type: must be ${type}, as signed; got ${sentType || 'none'}`],
        'The file must be sent with the content type the upload address was made for.',
      );
    }
    // The header must match the signed ACL, as S3 does for a signed x-amz-acl header.
    const sentAcl = headers.acl?.trim().toLowerCase() ?? 'private';
    if (sentAcl !== acl) {
      throw forbidden(
        `x-amz-acl: must be ${acl === 'public-read' ? 'public-read' : 'absent'} for this address`,
      );
    }
    return {
      key,
      contentType: type,
      size: Number(size),
      public: acl === 'public-read',
    } satisfies UploadGrant;
  }

  /** Checks a GET's signature and expiry; returns the signed download name ('' when none). */
  verifyDownload(key: string, query: Query, now = new Date()): string {
    const [expires, sig] = [one(query.expires), one(query.sig)];
    const name = one(query.name) ?? '';
    if (!expires || !sig) throw forbidden('The download address is not signed');
    if (!verify(this.secret, ['GET', key, expires, name], sig)) {
      throw forbidden('The download signature does not match');
    }
    if (Number(expires) < seconds(now)) throw forbidden('The download address has expired');
    return name;
  }

  /**
   * Streams an upload to a temporary file and stops at 10 MiB or the signed size, whichever is
   * smaller, without ever holding the body in memory. Only a complete upload of exactly the signed
   * size becomes the object (an atomic link, which also refuses to replace an existing object);
   * anything else leaves nothing behind.
   */
  async receive(grant: UploadGrant, body: Readable, declaredLength: number | undefined) {
    const limit = Math.min(grant.size, MAX_UPLOAD_BYTES);
    const tooBig = () =>
      tooLarge(`The file is larger than ${limit} bytes, the size the upload address was made for`);
    if (declaredLength !== undefined && declaredLength > limit) throw tooBig();
    const target = this.objectPath(grant.key);
    if (await exists(target)) throw objectExists();

    const tmp = path.join(this.root, '.tmp', randomUUID());
    const md5 = createHash('md5');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes > limit) return callback(tooBig());
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    // The request is piped rather than put in the pipeline: a pipeline destroys its source on error,
    // and destroying the request would close the connection before the refusal could be sent.
    const interrupted = () => {
      if (!body.readableEnded) counter.destroy(interruptedError());
    };
    body.once('error', interrupted).once('close', interrupted);
    const written = pipeline(counter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    body.pipe(counter);
    try {
      await written;
      if (bytes !== grant.size) {
        throw new AppError(
          400,
          [`The file has ${bytes} bytes; the upload address was made for ${grant.size}`],
          'The upload was incomplete or of another size; ask for a new upload address.',
        );
      }
      const meta: LocalMeta = {
        contentType: grant.contentType,
        // Never public as uploaded, whatever ACL header was signed: the header is taken because the
        // specification's client sends it, and only `commit`, after registration's check, makes a
        // file public (decision 059). S3 applies the ACL; the app uploads to staging keys there.
        public: false,
        size: bytes,
        md5: md5.digest('hex'),
      };
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await link(tmp, target);
      } catch (error) {
        throw (error as NodeJS.ErrnoException).code === 'EEXIST' ? objectExists() : error;
      }
      // The object is visible only once its metadata is in place (head and open need both).
      await this.writeMeta(grant.key, meta);
      return meta;
    } finally {
      body.unpipe(counter);
      body.off('error', interrupted).off('close', interrupted);
      await rm(tmp, { force: true });
    }
  }

  private async writeMeta(key: string, meta: LocalMeta) {
    const file = this.metaPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(this.root, '.tmp', `${randomUUID()}.json`);
    await writeFile(tmp, JSON.stringify(meta), { mode: 0o600 });
    await rename(tmp, file);
  }

  private async readMeta(key: string): Promise<LocalMeta | undefined> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as LocalMeta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The object's file and metadata, for serving it; undefined when there is none. */
  async openObject(key: string) {
    const meta = await this.readMeta(key);
    if (!meta) return undefined;
    const file = this.objectPath(key);
    const size = await stat(file).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) return undefined;
    return { meta, file, size };
  }

  readStream(file: string, range?: { start: number; end: number }) {
    return createReadStream(file, range);
  }

  async head(key: string): Promise<ObjectHead | undefined> {
    const object = await this.openObject(key);
    return object && { size: object.size, contentType: object.meta.contentType };
  }

  async readStart(key: string, length: number): Promise<Uint8Array | undefined> {
    const object = await this.openObject(key);
    if (!object) return undefined;
    const handle = await open(object.file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(length, object.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /**
   * Copies the bytes to a temporary file (hashing them for the ETag) and renames it over `to`, so
   * `to` is either whole or absent; its metadata (private) is written last, as after an upload.
   */
  async copy(from: string, to: string): Promise<boolean> {
    const source = await this.openObject(from);
    if (!source) return false;
    const target = this.objectPath(to);
    const tmp = path.join(this.root, '.tmp', randomUUID());
    const md5 = createHash('md5');
    let size = 0;
    const hash = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(
        createReadStream(source.file),
        hash,
        createWriteStream(tmp, { flags: 'wx', mode: 0o600 }),
      );
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true });
    }
    await this.writeMeta(to, {
      contentType: source.meta.contentType,
      public: false,
      size,
      md5: md5.digest('hex'),
    });
    return true;
  }

  async commit(key: string, spec: CommitSpec): Promise<void> {
    const meta = await this.readMeta(key);
    if (!meta) return;
    await this.writeMeta(key, {
      ...meta,
      contentType: spec.contentType,
      public: spec.public,
      fileName: cleanFileName(spec.fileName),
    });
  }

  async write(key: string, bytes: Uint8Array, spec: WriteSpec): Promise<void> {
    const target = this.objectPath(key);
    const tmp = path.join(this.root, '.tmp', randomUUID());
    try {
      await writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true });
    }
    await this.writeMeta(key, {
      contentType: spec.contentType,
      public: spec.public,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
    });
  }

  async read(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    const object = await this.openObject(key);
    if (!object) return undefined;
    if (object.size > maxBytes) throw new ObjectTooLargeError(key, object.size, maxBytes);
    const bytes = await readFile(object.file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    // It may have been replaced in between: the bound holds for what was read, not what was seen.
    if (bytes && bytes.length > maxBytes) throw new ObjectTooLargeError(key, bytes.length, maxBytes);
    return bytes;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = path.join(this.root, assertValidPrefix(prefix));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    // Metadata first, as in delete: an object without it is invisible.
    await rm(path.join(this.root, '.meta', prefix), { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
    // The asset's folder goes too once its original is gone (delete leaves it while variants are in it).
    await rmdir(path.dirname(folder)).catch(() => undefined);
    await rmdir(path.dirname(path.join(this.root, '.meta', prefix))).catch(() => undefined);
    return entries.filter((entry) => entry.isFile()).length;
  }

  async delete(key: string): Promise<void> {
    const target = this.objectPath(key);
    // Metadata first: an object without it is already invisible, so a crash in between hides it.
    await rm(this.metaPath(key), { force: true });
    await rm(target, { force: true });
    // The key's own folder (<domainId>/<uuid>/) holds only this object; the domain's folder stays,
    // so a concurrent upload into it never loses its parent.
    await rmdir(path.dirname(target)).catch(() => undefined);
    await rmdir(path.dirname(this.metaPath(key))).catch(() => undefined);
  }

  async close(): Promise<void> {}
}

const interruptedError = () =>
  new AppError(400, ['The upload was interrupted'], 'The upload was interrupted; try again.');

const objectExists = () =>
  new AppError(
    409,
    ['A file was already uploaded to this address'],
    'This upload address was already used; ask for a new one.',
  );

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}
