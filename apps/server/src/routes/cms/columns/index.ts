import { ColumnDefList, DomainQuery } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { listColumnDefs } from '../../../db/repositories/column-defs.repository.js';
import { requireDomain } from '../../../services/access.js';
import { errorResponses, security } from '../../route-schemas.js';

export default async function columnRoutes(app: FastifyInstance) {
  app.get<{ Querystring: DomainQuery }>(
    '/column/def/all',
    {
      schema: {
        tags: ['custom fields'],
        summary: "The domain's custom field definitions",
        security,
        querystring: DomainQuery,
        response: { 200: ColumnDefList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      return listColumnDefs(app.db, access.id);
    },
  );
}
