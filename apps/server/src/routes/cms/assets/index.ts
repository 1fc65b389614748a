import { Type } from '@sinclair/typebox';
import {
  AssetInfo,
  AssetInput,
  AssetListQuery,
  DomainQuery,
  IdParams,
  OptionalDomainQuery,
  Paged,
  UploadPreparation,
  UploadUrlQuery,
} from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { findAsset, findAssetDomainId, listAssetPage } from '../../../db/repositories/assets.repository.js';
import { notFound } from '../../../lib/app-error.js';
import { expectedVersions, setEtag } from '../../../lib/etag.js';
import { requireDomain, requireResourceDomain } from '../../../services/access.js';
import { registerAsset } from '../../../services/asset-registration.js';
import {
  deleteAssetAndFiles,
  describeAsset,
  requiredDescription,
  prepareUpload,
  toAssetInfo,
  toAssetInfos,
} from '../../../services/assets.service.js';
import { paged } from '../../../services/paging.js';
import { ASSET_BODY_LIMIT } from '../../body-limits.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['assets'];
const etagHeader = { headers: { etag: Type.String({ description: 'The version, for If-Match' }) } };

/** Media assets (spec §7, DESIGN §3 Assets): images uploaded to object storage, then registered. */
export default async function assetRoutes(app: FastifyInstance) {
  app.get<{ Querystring: AssetListQuery }>(
    '/assets/list',
    {
      schema: {
        tags,
        summary: 'A page of assets, newest first',
        description: '`searchString` matches a part of the file name or the description, ignoring case.',
        security,
        querystring: AssetListQuery,
        response: { 200: Paged(AssetInfo), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { domain, page, numberOfEntries, searchString } = request.query;
      const access = await requireDomain(app.db, request, domain, 'read');
      const { rows, total } = await listAssetPage(app.db, access.id, {
        search: searchString.trim(),
        limit: numberOfEntries,
        offset: page * numberOfEntries,
      });
      return paged(await toAssetInfos(app.storage, rows), total, request.query);
    },
  );

  app.get<{ Params: IdParams; Querystring: DomainQuery }>(
    '/assets/list/:id',
    {
      schema: {
        tags,
        summary: 'One asset, with a freshly signed URL; the ETag is its version',
        security,
        params: IdParams,
        querystring: DomainQuery,
        response: { 200: { ...AssetInfo, ...etagHeader }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      const row = await findAsset(app.db, access.id, request.params.id);
      if (!row) throw notFound('Asset');
      setEtag(reply, row.version);
      return toAssetInfo(app.storage, row);
    },
  );

  app.get<{ Querystring: UploadUrlQuery }>(
    '/assets/signed/upload-url',
    {
      schema: {
        tags,
        summary: 'Prepare an upload: a key and a signed PUT URL valid for 15 minutes',
        description:
          'Only image/png and image/jpeg (415), at most 10 MiB = 10,485,760 bytes (413). PUT exactly `size` bytes ' +
          'to `signedUrl` with exactly the `headers` given, then register the file with POST /cms/assets/list. ' +
          'Those are `content-type` and, for a public upload, `x-amz-acl: public-read` (unless the S3 store has no ' +
          'object ACLs), as the specification says. `signedUrl` is a staging address: the file reaches `fileKey` ' +
          '(and, if public, `publicDownloadUrl`) only when registration has checked it.',
        security,
        querystring: UploadUrlQuery,
        response: { 200: UploadPreparation, ...errorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'uploadAsset');
      const preparation = await prepareUpload(app.db, app.storage, access.id, request.query);
      return reply.header('cache-control', 'no-store').send(preparation);
    },
  );

  app.post<{ Querystring: DomainQuery; Body: AssetInput }>(
    '/assets/list',
    {
      bodyLimit: ASSET_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Register an uploaded file as an asset',
        description:
          'The key must come from the upload-url call for this domain (400 otherwise) and be registered once (409, ' +
          'also while another registration of it runs). The file must be there (400); it is copied to `fileKey`, ' +
          'where no upload URL reaches, and that copy must be a PNG or JPEG of the declared type by its bytes (415) ' +
          'and have 10 MiB or less (413); a file that fails a check is deleted.',
        security,
        querystring: DomainQuery,
        body: AssetInput,
        response: { 201: AssetInfo, ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'uploadAsset');
      const row = await registerAsset(
        app.db,
        app.storage,
        access.id,
        request.user,
        request.body,
        app.images.settings,
      );
      setEtag(reply, row.version);
      return reply.code(201).send(await toAssetInfo(app.storage, row));
    },
  );

  app.put<{ Params: IdParams; Querystring: DomainQuery; Body: AssetInput }>(
    '/assets/list/:id',
    {
      bodyLimit: ASSET_BODY_LIMIT,
      schema: {
        tags,
        summary: "Change an asset's description",
        description: 'Only `description` is applied; the file, its name, type and visibility never change.',
        security,
        params: IdParams,
        querystring: DomainQuery,
        body: AssetInput,
        response: { 200: AssetInfo, ...errorResponses(400, 404, 412) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'uploadAsset');
      const description = requiredDescription(request.body);
      const versions = expectedVersions(request);
      const row = await describeAsset(
        app.db,
        access.id,
        request.user,
        request.params.id,
        description,
        versions,
      );
      setEtag(reply, row.version);
      return toAssetInfo(app.storage, row);
    },
  );

  app.delete<{ Params: IdParams; Querystring: OptionalDomainQuery }>(
    '/assets/list/:id',
    {
      schema: {
        tags,
        summary: 'Delete an asset and its file',
        security,
        params: IdParams,
        querystring: OptionalDomainQuery,
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const access = await requireResourceDomain(app.db, request, {
        host: request.query.domain,
        resourceDomainId: await findAssetDomainId(app.db, request.params.id),
        what: 'Asset',
        action: 'deleteAsset',
      });
      const row = await findAsset(app.db, access.id, request.params.id);
      if (!row) throw notFound('Asset');
      const deleted = await deleteAssetAndFiles(app.db, app.storage, request.user, row);
      app.images.forget(row.id);
      if (!deleted) throw notFound('Asset');
      return reply.code(204).send();
    },
  );
}
