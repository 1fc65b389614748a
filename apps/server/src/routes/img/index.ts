import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.js';
import { GateFullError } from '../../lib/concurrency-gate.js';
import {
  isVariantOf,
  parseVariantName,
  VARIANT_MIME_TYPE,
  variantStorageKey,
} from '../../lib/image-variants.js';
import { IMMUTABLE_CACHE } from '../../storage/storage.js';
import { verifySignedVariant } from '../../services/image-urls.js';
import { RenderError, variantSourceOf } from '../../services/image-variants.service.js';

/** How long a client is asked to wait when every render slot and queue place is taken. */
const BUSY_RETRY_SECONDS = 2;

const busy = (line: string) =>
  new AppError(503, [line], 'The image is being made; try again in a moment.', {
    'retry-after': String(BUSY_RETRY_SECONDS),
  });

/** One error for every kind of absence, so that nothing tells a private asset from a missing one. */
const noSuchImage = () => notFound('The image');

/** True when the client already holds this variant: its ETag is its name, which names its bytes. */
function notModified(request: FastifyRequest, etag: string) {
  const noneMatch = request.headers['if-none-match'];
  return (
    noneMatch !== undefined && noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  );
}

function imageHeaders(type: string, cacheControl: string, etag: string) {
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    // Images for other sites' pages (the websites are on other origins); nothing in them may run.
    'cross-origin-resource-policy': 'cross-origin',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': cacheControl,
    etag,
  };
}

/**
 * GET /img/<name> (issue 31, decision 064): an image variant, made on the first request if the
 * background job has not made it yet. Only the declared variants of an asset's current bytes
 * exist; anything else is a 404 before any work. A private asset's variants need a signed address.
 * With S3 and a public bucket address, a public variant already made is a redirect to the bucket
 * (or its CDN); otherwise the server answers it itself.
 */
export default async function imageRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>(
    '/img/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const images = app.images;
      if (!images.settings.enabled) throw noSuchImage();
      const name = parseVariantName(request.params.name);
      if (!name) throw noSuchImage();
      const row = await images.assetOf(app.deliveryDb, name.assetId);
      const source = row && variantSourceOf(row);
      if (!row || !source || !isVariantOf(name, source, images.settings.widths, images.settings.avifMaxWidth))
        throw noSuchImage();

      let cacheControl = IMMUTABLE_CACHE;
      if (!row.public) {
        const now = app.clock();
        const expires = await verifySignedVariant(app.db, request.params.name, request.query, now);
        if (expires === undefined) throw noSuchImage();
        cacheControl = `private, max-age=${Math.max(0, expires - Math.floor(now.getTime() / 1000))}`;
      }

      // The name holds the content hash, the width and the format: it is the variant's strong validator,
      // so a revalidation is answered before any file is read.
      const etag = `"${request.params.name}"`;
      const headers = imageHeaders(VARIANT_MIME_TYPE[name.format], cacheControl, etag);
      if (notModified(request, etag)) return reply.code(304).headers(headers).send();

      const storage = app.storage;
      if (row.public && storage.driver === 's3' && !storage.publicReadsThroughServer) {
        const key = variantStorageKey(row.file_key, name);
        if (await storage.head(key)) {
          return reply
            .code(302)
            .headers({ location: storage.publicUrl(key), 'cache-control': IMMUTABLE_CACHE })
            .send();
        }
      }

      let bytes = images.hotBytes(request.params.name);
      try {
        bytes ??= await images.variant(row, name);
      } catch (error) {
        if (error instanceof GateFullError) throw busy('Too many images are being made at once');
        if (error instanceof RenderError && error.timedOut) throw busy('The image took too long to make');
        if (error instanceof RenderError) {
          request.log.warn({ err: error }, 'an image variant could not be made');
          throw new AppError(404, ['The image cannot be made from its original'], 'The image was not found.');
        }
        throw error;
      }
      images.rememberBytes(request.params.name, bytes);
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return reply.code(200).headers(headers).header('content-length', body.length).send(body);
    },
  );
}
