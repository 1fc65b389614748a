import { Type } from '@sinclair/typebox';
import {
  BlogPost,
  BlogPostInput,
  BlogPostSummary,
  DomainQuery,
  IdParams,
  OptionalDomainQuery,
  Paged,
  ScheduleInput,
} from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { findPostDomainId } from '../../../db/repositories/posts.repository.js';
import { expectedVersions, setEtag } from '../../../lib/etag.js';
import { requireDomain, requireResourceDomain } from '../../../services/access.js';
import { createPost, loadPost, removePost, updateExistingPost } from '../../../services/blogs.service.js';
import { listPosts } from '../../../services/post-list.service.js';
import { managePost, schedulePost, unschedulePost } from '../../../services/post-workflow.service.js';
import { saverOf } from '../../../services/revisions.js';
import { sendList } from '../../../plugins/app/list-cache.js';
import { POST_BODY_LIMIT } from '../../body-limits.js';
import { errorResponses, security } from '../../route-schemas.js';
import { publishAtOf } from './publish-at.js';
import { BlogListQuery, BlogPostBody, ManageQuery } from './schemas.js';

const tags = ['blog posts'];
const etagHeader = { headers: { etag: Type.String({ description: 'The version, for If-Match' }) } };

export default async function blogRoutes(app: FastifyInstance, options: { exactSearchTotal?: number } = {}) {
  app.get<{ Querystring: BlogListQuery }>(
    '/blogs/all',
    {
      schema: {
        tags,
        summary: 'A page of posts, last modified first',
        description:
          'Every word of `search` must match the start of a word of the title, short description or text. ' +
          '`status` is draft (neither approved nor published), approved (not published, scheduled or not), ' +
          'scheduled (approved, with a time to be published) or published. ' +
          '`field.<key>=<value>` filters on a filterable select field.',
        security,
        querystring: BlogListQuery,
        response: { 200: Paged(BlogPostSummary), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      return sendList(app, reply, access, request.query, () =>
        listPosts(app.db, access.id, request.query, options),
      );
    },
  );

  app.get<{ Params: IdParams; Querystring: DomainQuery }>(
    '/blogs/info/:id',
    {
      schema: {
        tags,
        summary: 'One post with its content; the ETag is its version',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 200: { ...BlogPost, ...etagHeader }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      const { post, version } = await loadPost(app.db, access.id, request.params.id);
      setEtag(reply, version);
      return post;
    },
  );

  app.post<{ Querystring: DomainQuery; Body: BlogPostInput }>(
    '/blogs/info',
    {
      bodyLimit: POST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a draft post',
        description: 'The slug is derived from the title and made unique in the domain with -2, -3…',
        security,
        querystring: DomainQuery,
        body: BlogPostBody,
        response: { 201: BlogPost, ...errorResponses(400, 413) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'writePost');
      const { post, version } = await createPost(
        app.db,
        access.id,
        request.body,
        saverOf(request.user, app.clock(), app.revisions),
      );
      setEtag(reply, version);
      return reply.code(201).send(post);
    },
  );

  app.put<{ Params: IdParams; Querystring: DomainQuery; Body: BlogPostInput }>(
    '/blogs/info/:id',
    {
      bodyLimit: POST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Update a draft post',
        description:
          'Refused with 409 while the post is approved or published, and with 412 when If-Match is stale.',
        security,
        params: IdParams,
        querystring: DomainQuery,
        body: BlogPostBody,
        response: { 200: BlogPost, ...errorResponses(400, 404, 409, 412, 413) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'writePost');
      const { post, version } = await updateExistingPost(
        app.db,
        access.id,
        request.params.id,
        request.body,
        expectedVersions(request),
        saverOf(request.user, app.clock(), app.revisions),
      );
      setEtag(reply, version);
      return post;
    },
  );

  app.delete<{ Params: IdParams; Querystring: OptionalDomainQuery }>(
    '/blogs/info/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft post',
        security,
        params: IdParams,
        querystring: OptionalDomainQuery,
        response: { 204: Type.Null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const access = await requireResourceDomain(app.db, request, {
        host: request.query.domain,
        resourceDomainId: await findPostDomainId(app.db, request.params.id),
        what: 'Blog post',
        action: 'writePost',
      });
      await removePost(app.db, access.id, request.user, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: IdParams; Querystring: ManageQuery }>(
    '/blogs/manage/:id',
    {
      schema: {
        tags,
        summary: 'Approve, unapprove, publish or unpublish a post',
        description:
          'Approve only when not published; unapprove when approved and not published; publish only when approved; ' +
          'unpublish when published. A refusal is a 409 that says what to do.',
        security,
        params: IdParams,
        querystring: ManageQuery,
        response: { 200: BlogPost, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { domain, type, value } = request.query;
      const access = await requireDomain(app.db, request, domain, 'managePost');
      const { post, version } = await managePost(
        app.db,
        access.id,
        request.params.id,
        type,
        value,
        saverOf(request.user, app.clock(), app.revisions),
      );
      setEtag(reply, version);
      return post;
    },
  );

  app.put<{ Params: IdParams; Querystring: DomainQuery; Body: ScheduleInput }>(
    '/blogs/schedule/:id',
    {
      schema: {
        tags,
        summary: 'Schedule an approved post to be published at a time',
        description:
          'Editors and admins. The server publishes the post at `publishAt` (within about a second), once, ' +
          'even when it was down at that time (then as it starts). Setting it again moves the time. ' +
          'A draft or a published post is refused with 409, a time not in the future with 400, and a stale ' +
          'If-Match with 412. Unapproving, editing or publishing the post by hand cancels its schedule.',
        security,
        params: IdParams,
        querystring: DomainQuery,
        body: ScheduleInput,
        response: { 200: { ...BlogPost, ...etagHeader }, ...errorResponses(400, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'managePost');
      const publishAt = publishAtOf(request.body.publishAt, app.clock());
      const { post, version } = await schedulePost(
        app.db,
        access.id,
        request.params.id,
        publishAt,
        expectedVersions(request),
        saverOf(request.user, app.clock(), app.revisions),
      );
      setEtag(reply, version);
      return post;
    },
  );

  app.delete<{ Params: IdParams; Querystring: DomainQuery }>(
    '/blogs/schedule/:id',
    {
      schema: {
        tags,
        summary: "Cancel a post's schedule",
        description:
          'Editors and admins. Answers the post, which stays approved. A post without a schedule is refused with 409.',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 200: { ...BlogPost, ...etagHeader }, ...errorResponses(404, 409, 412) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'managePost');
      const { post, version } = await unschedulePost(
        app.db,
        access.id,
        request.params.id,
        expectedVersions(request),
        saverOf(request.user, app.clock(), app.revisions),
      );
      setEtag(reply, version);
      return post;
    },
  );
}
