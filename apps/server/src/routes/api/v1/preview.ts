import { DeliveryKeyQuery, DeliveryPreview, PreviewQuery } from '@masthead/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { withImages, type ImageSettings } from '../../../services/delivery-images.js';
import { readPreview, toDeliveryPreview } from '../../../services/preview-read.js';
import { deliveryErrors, deliverySecurity, DELIVERY_TAG } from './route-schemas.js';

/** A preview is one reader's, now: no cache may keep it, and no search engine index it. */
export const PREVIEW_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };

const LINES = {
  unknown: 'The preview token was not found',
  expired: 'The preview token has expired',
  revoked: 'The preview token was revoked',
} as const;

/**
 * GET /api/v1/preview?token= (issue 30): the post a preview token names, as last saved (or the
 * revision it names), whatever its status, for a site's preview route, read with the site's content
 * key. Under the delivery API's key check and budgets, through its statement-timeout pool, and
 * never through its answer cache: each read looks the token up, so a revoked or expired one is
 * refused at once. A token of another domain than the key's is "not found", as an unknown one.
 */
export default async function previewRoutes(app: FastifyInstance, options: { images: ImageSettings }) {
  app.get<{ Querystring: PreviewQuery & DeliveryKeyQuery }>(
    '/preview',
    {
      schema: {
        tags: [DELIVERY_TAG],
        summary: 'A post as last saved (or a revision), whatever its status, by a preview token',
        description:
          'The delivery post with its HTML, `status`, `previewExpiresDate` and `revisionId`. A token of ' +
          'another domain than the key’s, an expired or a revoked one, is a 404 with the error body. ' +
          'Answers are `Cache-Control: private, no-store` and `X-Robots-Tag: noindex`; they have no ETag. ' +
          'Images are described as in the posts (`featureImage`, and the `<img>` attributes).',
        security: deliverySecurity,
        querystring: Type.Composite([PreviewQuery, DeliveryKeyQuery]),
        response: {
          200: {
            ...DeliveryPreview,
            headers: {
              'cache-control': Type.String(),
              'x-robots-tag': Type.String(),
            },
          },
          ...deliveryErrors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      reply.headers(PREVIEW_HEADERS);
      const read = await readPreview(app.deliveryDb, request.query.token, app.clock());
      if (read.state !== 'live' || read.token.domain_id !== access.domainId) {
        const line = read.state === 'live' ? LINES.unknown : LINES[read.state];
        throw new AppError(
          404,
          [line],
          'No preview for this token; ask for a new preview link.',
          PREVIEW_HEADERS,
        );
      }
      const [preview] = await withImages(app.deliveryDb, options.images, access.domainId, [
        toDeliveryPreview(read.preview, access.postUrl),
      ]);
      return preview;
    },
  );
}
