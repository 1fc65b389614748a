import { SIGNED_URL_SECONDS } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { findPublicAssetByKey } from '../db/repositories/assets.repository.js';
import { notFound } from '../lib/app-error.js';
import { isValidKey } from '../storage/storage.js';

/**
 * For S3-compatible stores without object ACLs (R2, MinIO) and no public bucket address: the bucket
 * stays private, and a public asset's stable URL is /storage/<key> on the server, which sends a
 * redirect to a freshly signed URL. Only registered public assets answer; the redirect may be
 * cached for 10 minutes, well inside the signature's 15.
 */
export default async function storageRedirectRoutes(app: FastifyInstance) {
  app.get('/storage/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const asset = isValidKey(key) ? await findPublicAssetByKey(app.db, key) : undefined;
    if (!asset) throw notFound('The file');
    const url = await app.storage.signDownload(asset.file_key, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      fileName: asset.file_name,
    });
    return reply
      .code(302)
      .headers({ location: url, 'cache-control': 'public, max-age=600', 'x-content-type-options': 'nosniff' })
      .send();
  });
}
