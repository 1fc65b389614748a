import { Type } from '@sinclair/typebox';
import { ContentKeyInput, ContentKeyList, DomainQuery, IdParams, NewContentKey } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { listContentKeys } from '../../../db/repositories/content-keys.repository.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import { requireDomain } from '../../../services/access.js';
import {
  checkContentKeyInput,
  createContentKey,
  revokeContentKey,
  toContentKey,
} from '../../../services/content-keys.service.js';
import { CONTENT_KEY_BODY_LIMIT } from '../../body-limits.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['content keys'];

/**
 * The domain's read-only keys for the delivery API (issue 20), managed by its admins. Only the
 * creation's answer carries a key; lists show its first characters.
 */
export default async function contentKeyRoutes(app: FastifyInstance) {
  app.get<{ Querystring: DomainQuery }>(
    '/content-keys',
    {
      schema: {
        tags,
        summary: "The domain's content keys, oldest first, without the keys themselves",
        security,
        querystring: DomainQuery,
        response: { 200: ContentKeyList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      return (await listContentKeys(app.db, access.id)).map(toContentKey);
    },
  );

  app.post<{ Querystring: DomainQuery; Body: ContentKeyInput }>(
    '/content-keys',
    {
      bodyLimit: CONTENT_KEY_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a content key; the answer is the only time the key is shown',
        description:
          'Each of `origins` must be a browser origin (http or https, host, optional port, nothing ' +
          'after it); it is stored in the form a browser sends, e.g. https://blog.example.com.',
        security,
        querystring: DomainQuery,
        body: ContentKeyInput,
        response: { 201: NewContentKey, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const checked = checkContentKeyInput(request.body);
      if (!checked.ok) throw badRequest(checked.errors);
      const created = await createContentKey(app.db, access.id, request.user, checked);
      return reply.code(201).send(created);
    },
  );

  app.delete<{ Params: IdParams; Querystring: DomainQuery }>(
    '/content-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a content key; requests with it are refused at once',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      if (!(await revokeContentKey(app.db, access.id, request.user, request.params.id)))
        throw notFound('Content key');
      return reply.code(204).send();
    },
  );
}
