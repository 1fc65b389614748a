import { Type } from '@sinclair/typebox';
import {
  IdParams,
  DomainQuery,
  Paged,
  RestoreResult,
  Revision,
  RevisionEntry,
  RevisionListQuery,
  RevisionParams,
} from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { expectedVersions, setEtag } from '../../../lib/etag.js';
import { requireDomain } from '../../../services/access.js';
import { postHistory, postRevision, restoreRevision } from '../../../services/revision-history.js';
import { saverOf } from '../../../services/revisions.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['blog posts'];

/**
 * A post's history (issue 23, decision 050): every member of the domain reads it; a restore is
 * an edit, under an edit's rules.
 */
export default async function revisionRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams; Querystring: RevisionListQuery }>(
    '/blogs/info/:id/revisions',
    {
      schema: {
        tags,
        summary: "A page of a post's history, newest first",
        description:
          'Every save that changed something, with who made it, when and a one-line summary of what changed, ' +
          'and the workflow events (approve, unapprove, publish, unpublish, schedule) in between. Old revisions ' +
          'are thinned: every one of the last 30 days, then one a day for a year, then one a month ' +
          '(REVISIONS_KEEP_DAYS, REVISIONS_KEEP_DAILY_DAYS); the one the post was last published from is kept.',
        security,
        params: IdParams,
        querystring: RevisionListQuery,
        response: { 200: Paged(RevisionEntry), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      return postHistory(app.db, access.id, request.params.id, request.query);
    },
  );

  app.get<{ Params: RevisionParams; Querystring: DomainQuery }>(
    '/blogs/info/:id/revisions/:revisionId',
    {
      schema: {
        tags,
        summary: 'One entry of a post’s history, with the content it kept',
        description: '`content` is null for a workflow event.',
        security,
        params: RevisionParams,
        querystring: DomainQuery,
        response: { 200: Revision, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      return postRevision(app.db, access.id, request.params.id, request.params.revisionId);
    },
  );

  app.post<{ Params: RevisionParams; Querystring: DomainQuery }>(
    '/blogs/info/:id/revisions/:revisionId/restore',
    {
      schema: {
        tags,
        summary: "Make a revision's content the post's, as a new save",
        description:
          'Under the rules of an edit: refused with 409 while the post is approved or published, and with 412 ' +
          'when If-Match is stale; the slug follows the restored title. Tags and a category deleted since, and ' +
          'fields no longer defined, are left out and listed in `skipped`. A workflow event has no content to ' +
          'restore (409). The answer carries the post’s new ETag.',
        security,
        params: RevisionParams,
        querystring: DomainQuery,
        response: {
          200: {
            ...RestoreResult,
            headers: { etag: Type.String({ description: 'The post’s version, for If-Match' }) },
          },
          ...errorResponses(400, 404, 409, 412),
        },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'writePost');
      const { version, ...result } = await restoreRevision(
        app.db,
        access.id,
        request.params.id,
        request.params.revisionId,
        expectedVersions(request),
        saverOf(request.user, app.clock(), app.revisions),
      );
      setEtag(reply, version);
      return result;
    },
  );
}
