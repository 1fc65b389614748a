import { Type } from '@sinclair/typebox';
import { ColumnDefList, DomainQuery, ReplaceColumnDefsQuery } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { listColumnDefs } from '../../../db/repositories/column-defs.repository.js';
import { badRequest } from '../../../lib/app-error.js';
import { ifMatchAllows } from '../../../lib/etag.js';
import { requireDomain } from '../../../services/access.js';
import { columnDefsProblems } from '../../../services/column-defs-validation.js';
import { columnDefsEtag, replaceDomainColumnDefs } from '../../../services/column-defs.service.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['custom fields'];
const etagHeader = {
  headers: { etag: Type.String({ description: 'The version of the list, for If-Match' }) },
};

export default async function columnRoutes(app: FastifyInstance) {
  app.get<{ Querystring: DomainQuery }>(
    '/column/def/all',
    {
      schema: {
        tags,
        summary: "The domain's custom field definitions; the ETag is the list's version",
        security,
        querystring: DomainQuery,
        response: { 200: { ...ColumnDefList, ...etagHeader }, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      const defs = await listColumnDefs(app.db, access.id);
      reply.header('etag', columnDefsEtag(defs));
      return defs;
    },
  );

  app.put<{ Querystring: ReplaceColumnDefsQuery; Body: ColumnDefList }>(
    '/column/def/all',
    {
      schema: {
        tags,
        summary: "Replace the domain's custom field definitions (admins)",
        description:
          'The whole list, in order, checked as `masthead fields set` checks a file (one line per problem). ' +
          'A stale If-Match gets 412. Removing a field that posts hold values for gets 409 with the number ' +
          'of posts unless `confirmRemoval=true`; the values stay in the posts unless `dropValues=true`.',
        security,
        querystring: ReplaceColumnDefsQuery,
        body: ColumnDefList,
        response: { 200: { ...ColumnDefList, ...etagHeader }, ...errorResponses(400, 409, 412) },
      },
      // The CLI's checks run before the schema's, so that the lines are the same as the CLI's and a
      // property the schema does not know is refused rather than silently dropped.
      preValidation: async (request) => {
        const problems = columnDefsProblems(request.body);
        if (problems.length > 0) throw badRequest(problems);
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const { defs, etag } = await replaceDomainColumnDefs(app.db, access.id, request.user, request.body, {
        allows: (current) => ifMatchAllows(request, current),
        confirmRemoval: request.query.confirmRemoval === true,
        dropValues: request.query.dropValues === true,
      });
      reply.header('etag', etag);
      return defs;
    },
  );
}
