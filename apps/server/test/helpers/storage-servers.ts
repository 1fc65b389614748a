import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import S3rver, { type S3rverContext } from 's3rver';
import errorHandler from '../../src/plugins/app/error-handler.js';
import storagePlugin from '../../src/plugins/app/storage/index.js';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { S3Storage, type S3Settings } from '../../src/storage/s3-storage.js';
import type { Storage } from '../../src/storage/storage.js';
import { freePort } from './server-process.js';

export interface StorageServer {
  name: 'local' | 's3';
  storage: Storage;
  /** Where the driver keeps files, for "nothing left behind" checks (local only). */
  dataDir?: string;
  close: () => Promise<void>;
}

const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * The local driver behind a real HTTP server on loopback: only the storage routes and the error
 * handler. There is no database, so every file its metadata marks public counts as a registered
 * public asset unless the test says otherwise; the app's own rule (only registered assets) is
 * tested through the app, in test/routes/assets.
 */
export async function startLocalStorageServer(
  isPublicAsset: (key: string) => Promise<boolean> = async () => true,
): Promise<StorageServer & { dataDir: string; baseUrl: string }> {
  const dataDir = tempDir('masthead-storage-');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const storage = await LocalStorage.open({ dataDir, publicUrl: baseUrl });
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  await app.register(storagePlugin, { storage, isPublicAsset });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    name: 'local',
    storage,
    dataDir,
    baseUrl,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const S3_TEST_BUCKET = 'masthead-test';

/** How the test bucket treats ACL headers, as an AWS bucket's Object Ownership setting does. */
export interface S3TestStore {
  /**
   * True: ACLs enabled ("Bucket owner preferred"), so `x-amz-acl` is taken. False: ACLs disabled
   * ("Bucket owner enforced", AWS's default since 2023; R2 likewise), so any ACL but
   * `bucket-owner-full-control` is refused with 400 AccessControlListNotSupported.
   */
  objectAcls?: boolean;
}

function s3Error(ctx: S3rverContext, status: number, code: string, message: string, detail = '') {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${detail}</Error>`;
}

/**
 * What AWS S3 refuses and s3rver (which checks no SigV4 signature) lets through, so that a test
 * sees the answer a real store would give: a presigned request must carry every header it signed,
 * and may carry no `x-amz-*` header it did not sign (S3: 403 "There were headers present in the
 * request which were not signed"); a bucket without ACLs refuses ACL headers.
 */
function likeAwsS3(store: Required<S3TestStore>) {
  return async (ctx: S3rverContext, next: () => Promise<void>) => {
    const header = (name: string) => {
      const value = ctx.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const signedList = ctx.query['X-Amz-SignedHeaders'];
    if (typeof signedList === 'string') {
      const signed = new Set(signedList.toLowerCase().split(';'));
      const unsigned = Object.keys(ctx.headers).filter(
        (name) => name.startsWith('x-amz-') && !signed.has(name),
      );
      if (unsigned.length > 0) {
        return s3Error(
          ctx,
          403,
          'AccessDenied',
          'There were headers present in the request which were not signed',
          `<HeadersNotSigned>${unsigned.join(', ')}</HeadersNotSigned>`,
        );
      }
      // A signed header that is absent changes the canonical request, so the signature cannot match.
      if ([...signed].some((name) => header(name) === undefined)) {
        return s3Error(
          ctx,
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match',
        );
      }
    }
    const acl = header('x-amz-acl');
    if (!store.objectAcls && acl !== undefined && acl !== 'bucket-owner-full-control') {
      return s3Error(ctx, 400, 'AccessControlListNotSupported', 'The bucket does not allow ACLs');
    }
    return next();
  };
}

/**
 * s3rver, a pure-JavaScript S3 server, on loopback with one bucket, and the S3 driver pointed at it
 * the way MinIO is configured (endpoint, path style, static keys). s3rver checks expiry but not
 * SigV4 signatures or ACLs: what AWS would refuse about a request's headers is refused in front of
 * it (likeAwsS3), and what a URL signs is checked on the URLs the driver makes.
 */
export async function startS3Server(
  settings: Partial<S3Settings> = {},
  store: S3TestStore = {},
): Promise<StorageServer & { endpoint: string }> {
  const directory = tempDir('masthead-s3rver-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  // First in line: Koa composes the list when the server starts listening.
  server.middleware.unshift(likeAwsS3({ objectAcls: store.objectAcls ?? true }));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = new S3Storage({
    bucket: S3_TEST_BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicAcl: true,
    ...settings,
  });
  return {
    name: 's3',
    storage,
    endpoint,
    close: async () => {
      await storage.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
