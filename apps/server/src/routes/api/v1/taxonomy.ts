import { DeliveryCategoryList, DeliveryPageQuery, DeliveryTagList } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { listPublishedTaxonomyPage } from '../../../db/repositories/delivery.repository.js';
import type { DeliveryAnswers } from './answers.js';
import { pageMeta, pageOffset } from './delivery-paging.js';
import { deliveryErrors, deliverySecurity, DELIVERY_TAG } from './route-schemas.js';

export default async function taxonomyRoutes(app: FastifyInstance, options: { answers: DeliveryAnswers }) {
  for (const table of ['tags', 'categories'] as const) {
    app.get<{ Querystring: DeliveryPageQuery }>(
      `/${table}`,
      {
        schema: {
          tags: [DELIVERY_TAG],
          summary: `A page of the domain's ${table} that published posts use, by name, each with their count`,
          description: `A ${table === 'tags' ? 'tag' : 'category'} that only drafts use, or none, is not listed.`,
          security: deliverySecurity,
          querystring: DeliveryPageQuery,
          response: {
            200: table === 'tags' ? DeliveryTagList : DeliveryCategoryList,
            ...deliveryErrors(400),
          },
        },
      },
      async (request, reply) => {
        const access = request.contentKey!;
        const { page, limit } = request.query;
        const offset = pageOffset(page, limit);
        return options.answers.cached(request, reply, async () => {
          const { rows, total } = await listPublishedTaxonomyPage(app.deliveryDb, table, access.domainId, {
            limit,
            offset,
          });
          return {
            [table]: rows.map((row) => ({
              id: row.id,
              slug: row.slug,
              name: row.display_name,
              postCount: Number(row.post_count),
            })),
            meta: pageMeta(page, limit, total),
          };
        });
      },
    );
  }
}
