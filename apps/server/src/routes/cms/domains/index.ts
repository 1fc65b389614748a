import { Type } from '@sinclair/typebox';
import { Domain, DomainList, DomainQuery } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { listMembershipsOf } from '../../../db/repositories/domains.repository.js';
import { forbidden } from '../../../lib/app-error.js';
import { memberIdentity, requireDomain } from '../../../services/access.js';
import { toDomain } from '../../../services/mappers.js';
import { DOMAIN_LIST_BODY_LIMIT } from '../../body-limits.js';
import { errorResponses, security } from '../../route-schemas.js';

export default async function domainRoutes(app: FastifyInstance) {
  app.get<{ Querystring: DomainQuery }>(
    '/domain/info',
    {
      schema: {
        tags: ['domains'],
        summary: 'One domain the user is a member of',
        security,
        querystring: DomainQuery,
        response: { 200: Domain, ...errorResponses(400) },
      },
    },
    async (request) => toDomain(await requireDomain(app.db, request, request.query.domain, 'read')),
  );

  app.post<{ Body: DomainList }>(
    '/domain/info/all',
    {
      bodyLimit: DOMAIN_LIST_BODY_LIMIT,
      schema: {
        tags: ['domains'],
        summary: 'The details of several domains, in the order asked',
        description:
          'Every domain in the body must be one the user is a member of; otherwise 403 names the others.',
        security,
        body: DomainList,
        response: { 200: Type.Array(Domain), ...errorResponses(400) },
      },
    },
    async (request) => {
      const mine = new Map(
        (await listMembershipsOf(app.db, memberIdentity(request.user))).map((m) => [m.domain, m]),
      );
      const asked = [...new Set(request.body.map((host) => host.toLowerCase()))];
      const others = asked.filter((host) => !mine.has(host));
      if (others.length > 0) throw forbidden(`You are not a member of: ${others.join(', ')}`);
      return asked.map((host) => toDomain(mine.get(host)!));
    },
  );
}
