import {
  DeliveryKeyQuery,
  DeliveryPost,
  DeliveryPostList,
  DeliveryPostListQuery,
  DeliverySlugParams,
  IdParams,
} from '@masthead/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findPublishedPost,
  listPublishedPage,
  type DeliveryPostRow,
} from '../../../db/repositories/delivery.repository.js';
import { notFound } from '../../../lib/app-error.js';
import { withImages, type ImageSettings } from '../../../services/delivery-images.js';
import type { DeliveryAnswers } from './answers.js';
import { postQueryFilters } from '../../../services/post-filters.js';
import { toDeliveryPost } from '../../../services/delivery-posts.js';
import { pageMeta, pageOffset } from './delivery-paging.js';
import { deliveryErrors, deliverySecurity, DELIVERY_TAG } from './route-schemas.js';

const postNotFound = () => notFound('Post');

/** How images are described, in every post route's documentation (decision 065). */
export const IMAGES_NOTE =
  '`featureImage` describes the feature image (size, alt, srcset, sizes, AVIF and WebP sources) when it is ' +
  'a public asset of the domain. In the HTML every `<img>` has `loading="lazy"` and `decoding="async"`, and ' +
  'one whose `src` is such an asset also `width`, `height`, `srcset` and `sizes`.';

export default async function postRoutes(
  app: FastifyInstance,
  options: { answers: DeliveryAnswers; images: ImageSettings },
) {
  const { answers, images } = options;
  const tags = [DELIVERY_TAG];

  app.get<{ Querystring: DeliveryPostListQuery }>(
    '/posts',
    {
      schema: {
        tags,
        summary: "A page of the domain's published posts, newest published first",
        description:
          '`tag` and `category` are slugs; every word of `search` must start a word of the title, short ' +
          'description or text (a search with no letter or digit matches nothing); `field.<key>=<value>` filters on a filterable select field; ' +
          "`include=html` adds each post's HTML. An unknown parameter is a 400 that names it. " +
          IMAGES_NOTE,
        security: deliverySecurity,
        querystring: DeliveryPostListQuery,
        response: { 200: DeliveryPostList, ...deliveryErrors(400) },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      const query = request.query;
      const offset = pageOffset(query.page, query.limit);
      return answers.cached(request, reply, async () => {
        const { fields, tsQuery, matchesNothing } = await postQueryFilters(
          app.deliveryDb,
          access.domainId,
          query,
        );
        if (matchesNothing) return { posts: [], meta: pageMeta(query.page, query.limit, 0) };
        const { rows, total } = await listPublishedPage(
          app.deliveryDb,
          access.domainId,
          { tagSlug: query.tag, categorySlug: query.category, tsQuery, fields },
          { limit: query.limit, offset, withHtml: query.include === 'html' },
        );
        const posts = rows.map((row) => toDeliveryPost(row, access.postUrl));
        return {
          posts: await withImages(app.deliveryDb, images, access.domainId, posts),
          meta: pageMeta(query.page, query.limit, total),
        };
      });
    },
  );

  const onePost = (find: () => Promise<DeliveryPostRow | undefined>, request: FastifyRequest) => async () => {
    const access = request.contentKey!;
    const row = await find();
    if (!row) throw postNotFound();
    const [post] = await withImages(app.deliveryDb, images, access.domainId, [
      toDeliveryPost(row, access.postUrl),
    ]);
    return post!;
  };

  app.get<{ Params: IdParams; Querystring: DeliveryKeyQuery }>(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'One published post, with its HTML',
        description: `A post that is not published, was deleted or is of another domain is a 404. ${IMAGES_NOTE}`,
        security: deliverySecurity,
        params: IdParams,
        querystring: DeliveryKeyQuery,
        response: { 200: DeliveryPost, ...deliveryErrors(400, 404) },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      const { id } = request.params;
      return answers.cached(
        request,
        reply,
        onePost(() => findPublishedPost(app.deliveryDb, access.domainId, { id }), request),
      );
    },
  );

  app.get<{ Params: DeliverySlugParams; Querystring: DeliveryKeyQuery }>(
    '/posts/slug/:slug',
    {
      schema: {
        tags,
        summary: 'One published post by its slug, with its HTML',
        description: `A post that is not published, was deleted or is of another domain is a 404. ${IMAGES_NOTE}`,
        security: deliverySecurity,
        params: DeliverySlugParams,
        querystring: DeliveryKeyQuery,
        response: { 200: DeliveryPost, ...deliveryErrors(400, 404) },
      },
    },
    async (request, reply) => {
      const access = request.contentKey!;
      const { slug } = request.params;
      return answers.cached(
        request,
        reply,
        onePost(() => findPublishedPost(app.deliveryDb, access.domainId, { slug }), request),
      );
    },
  );
}
