import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import S3rver from 's3rver';
import errorHandler from '../../src/plugins/app/error-handler.js';
import storagePlugin from '../../src/plugins/app/storage/index.js';
import { LocalStorage } from '../../src/plugins/app/storage/local-storage.js';
import { S3Storage, type S3Settings } from '../../src/plugins/app/storage/s3-storage.js';
import type { Storage } from '../../src/plugins/app/storage/storage.js';
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

/**
 * s3rver, a pure-JavaScript S3 server, on loopback with one bucket, and the S3 driver pointed at it
 * the way MinIO is configured (endpoint, path style, static keys). s3rver checks expiry but not
 * SigV4 signatures or ACLs, so those are checked on the URLs the driver makes.
 */
export async function startS3Server(
  settings: Partial<S3Settings> = {},
): Promise<StorageServer & { endpoint: string }> {
  const directory = tempDir('masthead-s3rver-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
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
