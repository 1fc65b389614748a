import { DeliveryAsset, DeliveryKeyQuery, IdParams } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { findPublicAsset } from '../../../db/repositories/delivery.repository.js';
import { notFound } from '../../../lib/app-error.js';
import { toDeliveryAsset, type ImageSettings } from '../../../services/delivery-images.js';
import type { DeliveryAnswers } from './answers.js';
import { deliveryErrors, deliverySecurity, DELIVERY_TAG } from './route-schemas.js';

/**
 * GET /api/v1/assets/{id} (issue 31): one public asset of the key's domain with its variants. A
 * private asset is the back office's only: it is "not found" here, as one of another domain is.
 * Cached like the posts: writes to the domain's assets move its list version (decision 065).
 */
export default async function assetRoutes(
  app: FastifyInstance,
  options: { answers: DeliveryAnswers; images: ImageSettings },
) {
  app.get<{ Params: IdParams; Querystring: DeliveryKeyQuery }>(
    '/assets/:id',
    {
      schema: {
        tags: [DELIVERY_TAG],
        summary: 'One public image asset, with its size, alt text and every variant',
        description:
          'A private asset, one of another domain or none is a 404. An asset uploaded before variants ' +
          "existed, or a server with IMAGES=off, answers an empty `srcset`, `sizes` ('') and `sources` and " +
          '`variants` ([]).',
        security: deliverySecurity,
        params: IdParams,
        querystring: DeliveryKeyQuery,
        response: { 200: DeliveryAsset, ...deliveryErrors(400, 404) },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      return options.answers.cached(request, reply, async () => {
        const row = await findPublicAsset(app.deliveryDb, access.domainId, request.params.id);
        if (!row) throw notFound('Asset');
        return toDeliveryAsset(row, options.images);
      });
    },
  );
}
