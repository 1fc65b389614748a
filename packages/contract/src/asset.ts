import { Type, type Static } from '@sinclair/typebox';
import {
  DEFAULT_PAGE_SIZE,
  MAX_ASSET_DESCRIPTION_LENGTH,
  MAX_PAGE_INDEX,
  MAX_PAGE_SIZE,
  MAX_UPLOAD_BYTES,
} from './constants.js';

export const AssetInfo = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    fileName: Type.String({
      description: 'The name the file was uploaded with, cleaned of paths and controls',
    }),
    mimeType: Type.String({ description: 'image/png or image/jpeg, as the bytes showed' }),
    fileKey: Type.String({ description: '<domainId>/<uuid>/<safe-name>' }),
    downloadUrl: Type.String({
      description:
        'Public assets: the stable URL, served with long cache headers. Private assets: the same ' +
        'short-lived signed URL as signedUrl (there is no stable URL).',
    }),
    description: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    lastModifiedDate: Type.String({ format: 'date-time' }),
    signedUrl: Type.String({
      description:
        'A GET URL signed on every read, valid for 15 minutes; works for public and private assets',
    }),
    public: Type.Boolean(),
    width: Type.Integer({ description: 'Pixels, read from the image bytes' }),
    height: Type.Integer({ description: 'Pixels, read from the image bytes' }),
    size: Type.Integer({ description: 'Bytes' }),
  },
  { title: 'AssetInfo' },
);
export type AssetInfo = Static<typeof AssetInfo>;

/**
 * What POST and PUT /cms/assets/list accept. The server checks blankness itself so that each
 * missing field gets its own "This field is required" line.
 * - POST registers an uploaded file: `fileKey` (from the upload-url call) and `description` are
 *   required. `fileName`, `mimeType` and `public` are optional; when sent they must agree with the
 *   upload-url call (the file name after cleaning), otherwise the call gets 400.
 * - PUT changes only the description; every other field is ignored.
 */
export const AssetInput = Type.Object({
  description: Type.Optional(Type.String({ maxLength: MAX_ASSET_DESCRIPTION_LENGTH })),
  fileKey: Type.Optional(Type.String({ maxLength: 1024 })),
  fileName: Type.Optional(Type.String({ maxLength: 1024 })),
  mimeType: Type.Optional(Type.String({ maxLength: 100 })),
  public: Type.Optional(Type.Boolean()),
});
export type AssetInput = Static<typeof AssetInput>;

export const UploadUrlQuery = Type.Object({
  domain: Type.String({ minLength: 1, maxLength: 253, description: 'The host name of the selected domain' }),
  fileName: Type.String({ minLength: 1, maxLength: 1024 }),
  // Not an enum: a type other than PNG or JPEG is a 415, not a 400.
  mimeType: Type.String({ minLength: 1, maxLength: 100, description: 'image/png or image/jpeg' }),
  size: Type.Integer({ minimum: 1, description: `Bytes; at most ${MAX_UPLOAD_BYTES} (10 MiB)` }),
  public: Type.Boolean({ default: false, description: 'Readable by anyone at a stable URL' }),
});
export type UploadUrlQuery = Static<typeof UploadUrlQuery>;

export const UploadPreparation = Type.Object(
  {
    fileName: Type.String({ description: 'The cleaned file name; send it back on POST' }),
    fileKey: Type.String({ description: '<domainId>/<uuid>/<safe-name>; send it back on POST' }),
    publicDownloadUrl: Type.String({
      description: 'The stable URL the file will have once registered; empty for a private upload',
    }),
    signedUrl: Type.String({
      description:
        'PUT the bytes here within 15 minutes: a staging address; registration copies the checked file to fileKey',
    }),
    headers: Type.Record(Type.String(), Type.String(), {
      description:
        'Exactly the headers the PUT must carry: content-type, and x-amz-acl: public-read for a public upload unless the store has no object ACLs',
    }),
    expiresAt: Type.String({ format: 'date-time', description: 'When signedUrl stops working' }),
  },
  { title: 'UploadPreparation' },
);
export type UploadPreparation = Static<typeof UploadPreparation>;

export const AssetListQuery = Type.Object({
  domain: Type.String({ minLength: 1, maxLength: 253, description: 'The host name of the selected domain' }),
  page: Type.Integer({
    minimum: 0,
    maximum: MAX_PAGE_INDEX,
    default: 0,
    description: 'Zero-based page index',
  }),
  numberOfEntries: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  searchString: Type.String({
    maxLength: 200,
    default: '',
    description: 'A part of the file name or the description, ignoring case',
  }),
});
export type AssetListQuery = Static<typeof AssetListQuery>;
