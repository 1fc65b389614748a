import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import {
  DomainQuery,
  IdParams,
  ListQuery,
  OptionalDomainQuery,
  Paged,
  tagSlug,
  type PagedResponse,
} from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import {
  countPostsUsing,
  findTaxonomy,
  findTaxonomyDomainId,
  listAllTaxonomy,
  listTaxonomyPage,
  type TaxonomyTableName,
} from '../../../db/repositories/taxonomy.repository.js';
import type { TaxonomyRow } from '../../../db/tables/database.table.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import { etagOf, expectedVersions, setEtag } from '../../../lib/etag.js';
import { requireDomain, requireResourceDomain } from '../../../services/access.js';
import { paged } from '../../../services/paging.js';
import { createTaxonomy, removeTaxonomy, renameTaxonomy } from '../../../services/taxonomy.service.js';
import { sendList } from '../../../plugins/app/list-cache.js';
import { errorResponses, security } from '../../route-schemas.js';

export interface TaxonomyKind<Entity> {
  table: TaxonomyTableName;
  /** URL segment: /cms/<path>/all … */
  path: 'tags' | 'categories';
  /** The first part of its webhook events' names: tag.created, category.deleted … */
  event: 'tag' | 'category';
  /** "Tag" or "Category", for messages. */
  label: string;
  /** The body field that carries the display name. */
  nameField: 'tagDisplayName' | 'categoryDisplayName';
  entity: TSchema;
  /** The entity with its postCount, for GET …/info/{id}. */
  info: TSchema;
  input: TObject;
  toEntity: (row: TaxonomyRow) => Entity;
}

/**
 * Tags and categories share their calls and rules (spec §7, DESIGN §3): the slug is derived from
 * the display name and unique per domain, and deleting one detaches it from its posts.
 */
export function taxonomyRoutes<Entity>(kind: TaxonomyKind<Entity>) {
  const tags = [kind.path];
  const lower = kind.label.toLowerCase();

  function displayNameOf(body: Record<string, unknown>) {
    const name = String(body[kind.nameField] ?? '').trim();
    if (name === '') throw badRequest([`${kind.nameField}: This field is required`]);
    const slug = tagSlug(name);
    return { name, slug };
  }

  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: ListQuery }>(
      `/${kind.path}/all`,
      {
        schema: {
          tags,
          summary: `A page of ${kind.path}, by display name`,
          description: '`search` matches a part of the display name, ignoring case.',
          security,
          querystring: ListQuery,
          response: { 200: Paged(kind.entity), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const { domain, page, numberOfEntries, search } = request.query;
        const access = await requireDomain(app.db, request, domain, 'read');
        return sendList(app, reply, access, request.query, async (): Promise<PagedResponse<Entity>> => {
          const { rows, total } = await listTaxonomyPage(app.db, kind.table, access.id, {
            search: search.trim(),
            limit: numberOfEntries,
            offset: page * numberOfEntries,
          });
          return paged(rows.map(kind.toEntity), total, request.query);
        });
      },
    );

    app.get<{ Querystring: DomainQuery }>(
      `/${kind.path}/list`,
      {
        schema: {
          tags,
          summary: `Every ${lower} of the domain, by display name`,
          security,
          querystring: DomainQuery,
          response: { 200: Type.Array(kind.entity), ...errorResponses(400) },
        },
      },
      async (request) => {
        const access = await requireDomain(app.db, request, request.query.domain, 'read');
        return (await listAllTaxonomy(app.db, kind.table, access.id)).map(kind.toEntity);
      },
    );

    app.get<{ Params: IdParams; Querystring: DomainQuery }>(
      `/${kind.path}/info/:id`,
      {
        schema: {
          tags,
          summary: `One ${lower} and how many posts use it; the ETag is its version`,
          security,
          params: IdParams,
          querystring: DomainQuery,
          response: { 200: kind.info, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const access = await requireDomain(app.db, request, request.query.domain, 'read');
        const row = await findTaxonomy(app.db, kind.table, access.id, request.params.id);
        if (!row) throw notFound(kind.label);
        const postCount = await countPostsUsing(app.db, kind.table, access.id, row.id);
        setEtag(reply, row.version);
        return { ...kind.toEntity(row), postCount };
      },
    );

    app.post<{ Querystring: DomainQuery; Body: Record<string, unknown> }>(
      `/${kind.path}/info`,
      {
        schema: {
          tags,
          summary: `Create a ${lower}; the slug is derived from the display name`,
          security,
          querystring: DomainQuery,
          body: kind.input,
          response: { 201: kind.entity, ...errorResponses(400, 409) },
        },
      },
      async (request, reply) => {
        const access = await requireDomain(app.db, request, request.query.domain, 'manageTaxonomy');
        const row = await createTaxonomy(app.db, kind, access.id, request.user, displayNameOf(request.body));
        reply.header('etag', etagOf(row.version));
        return reply.code(201).send(kind.toEntity(row));
      },
    );

    app.put<{ Params: IdParams; Querystring: DomainQuery; Body: Record<string, unknown> }>(
      `/${kind.path}/info/:id`,
      {
        schema: {
          tags,
          summary: `Rename a ${lower}`,
          security,
          params: IdParams,
          querystring: DomainQuery,
          body: kind.input,
          response: { 200: kind.entity, ...errorResponses(400, 404, 409, 412) },
        },
      },
      async (request, reply) => {
        const access = await requireDomain(app.db, request, request.query.domain, 'manageTaxonomy');
        const name = displayNameOf(request.body);
        const versions = expectedVersions(request);
        const row = await renameTaxonomy(
          app.db,
          kind,
          access.id,
          request.user,
          request.params.id,
          name,
          versions,
        );
        setEtag(reply, row.version);
        return kind.toEntity(row);
      },
    );

    app.delete<{ Params: IdParams; Querystring: OptionalDomainQuery }>(
      `/${kind.path}/info/:id`,
      {
        schema: {
          tags,
          summary: `Delete a ${lower} and detach it from its posts, in one transaction`,
          security,
          params: IdParams,
          querystring: OptionalDomainQuery,
          response: { 204: Type.Null(), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const access = await requireResourceDomain(app.db, request, {
          host: request.query.domain,
          resourceDomainId: await findTaxonomyDomainId(app.db, kind.table, request.params.id),
          what: kind.label,
          action: 'manageTaxonomy',
        });
        await removeTaxonomy(app.db, kind, access.id, request.user, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
