import { Type } from '@sinclair/typebox';
import {
  DomainQuery,
  IdParams,
  PreviewLink,
  PreviewRequest,
  PreviewShareList,
  PreviewShareParams,
  SHARE_MAX_DAYS,
} from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { requireDomain } from '../../../services/access.js';
import {
  createPreview,
  listShares,
  MAX_LIVE_SHARES,
  revokePreview,
} from '../../../services/previews.service.js';
import { budgetCounters, minuteBudget } from '../../public-budgets.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['previews'];

export interface PreviewRoutesOptions {
  /** Where Masthead's own preview page is (PUBLIC_URL). */
  publicUrl: string;
  /** Preview links a user may make a minute (PREVIEW_LINKS_PER_MINUTE; 0: no limit), shared through Redis. */
  perMinute: number;
  redis?: Redis;
}

/**
 * A post's previews (issue 30, decision 061): any member who can read the post makes a token for
 * it; share links are listed and revoked by whoever made them, and by the domain's admins.
 */
export default async function previewRoutes(app: FastifyInstance, options: PreviewRoutesOptions) {
  // Each link is a row and a random token: a runaway client cannot fill the table.
  const linkBudget = minuteBudget(budgetCounters(options.redis, 'preview-links:'), {
    perMinute: options.perMinute,
    per: 'this user for preview links',
    keyOf: (request) => request.user.sub,
  });

  app.post<{ Params: IdParams; Querystring: DomainQuery; Body: PreviewRequest }>(
    '/blogs/info/:id/preview',
    {
      schema: {
        tags,
        summary: 'Make a preview token for a post: the editor’s own for an hour, or a share link',
        description:
          'Any member who can read the post. Without `share`, a token that lasts one hour; with ' +
          '`share: true`, a link for people without an account that lasts `days` (1–' +
          `${SHARE_MAX_DAYS}, 7 by default), named by \`label\`, listed and revocable, at most ` +
          `${MAX_LIVE_SHARES} live per post (409 past it). \`revisionId\` previews that revision of the ` +
          'post (404 for another post’s; 409 for a workflow event). `url` is the domain’s `previewUrl` ' +
          'filled with the token and the slug as saved now, or Masthead’s own page /preview/{token}. ' +
          'The token is shown only in this answer. Limited per user (PREVIEW_LINKS_PER_MINUTE, 429).',
        security,
        params: IdParams,
        querystring: DomainQuery,
        body: PreviewRequest,
        response: { 201: PreviewLink, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      await linkBudget(request);
      const link = await createPreview(app.db, access, request.user, request.params.id, request.body ?? {}, {
        now: app.clock(),
        publicUrl: options.publicUrl,
      });
      return reply.code(201).header('cache-control', 'no-store').send(link);
    },
  );

  app.get<{ Params: IdParams; Querystring: DomainQuery }>(
    '/blogs/info/:id/previews',
    {
      schema: {
        tags,
        summary: "A post's live share links, newest first (never their tokens)",
        description: 'An admin sees every live share link of the post; anyone else, those they made.',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 200: PreviewShareList, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      return listShares(app.db, access, request.user, request.params.id, app.clock());
    },
  );

  app.delete<{ Params: PreviewShareParams; Querystring: DomainQuery }>(
    '/blogs/info/:id/previews/:tokenId',
    {
      schema: {
        tags,
        summary: 'Revoke a preview link at once',
        description:
          'An admin revokes any live link of the post; anyone else, those they made (another’s is a 404). ' +
          'The next read with it, on every server process, is refused.',
        security,
        params: PreviewShareParams,
        querystring: DomainQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      await revokePreview(
        app.db,
        access,
        request.user,
        request.params.id,
        request.params.tokenId,
        app.clock(),
      );
      return reply.code(204).send();
    },
  );
}
