import type { Env } from '../config/env.js';
import { LocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

/**
 * The driver STORAGE_DRIVER names. The S3 driver is loaded only when chosen: the AWS SDK is large,
 * and warns at load about Node versions it will stop supporting.
 */
export async function createStorage(env: Env): Promise<Storage> {
  if (env.STORAGE_DRIVER === 'local') {
    return LocalStorage.open({ dataDir: env.DATA_DIR, publicUrl: env.PUBLIC_URL });
  }
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage({
    // parseEnv refuses STORAGE_DRIVER=s3 without a bucket and a region.
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
    publicAcl: env.S3_PUBLIC_ACL,
    serverUrl: env.PUBLIC_URL,
  });
}
