import { randomUUID } from 'node:crypto';
import {
  MAX_UPLOAD_BYTES,
  REQUIRED_MESSAGE,
  SIGNED_URL_SECONDS,
  isAcceptedImageType,
  type AssetInfo,
  type AssetInput,
  type UploadPreparation,
  type UploadUrlQuery,
} from '@masthead/contract';
import type { Db } from '../db/database.js';
import {
  deleteAsset,
  findAsset,
  insertAssetUpload,
  updateAssetDescription,
} from '../db/repositories/assets.repository.js';
import type { AssetRow } from '../db/tables/database.table.js';
import { AppError, badRequest, notFound, preconditionFailed, tooLarge } from '../lib/app-error.js';
import { cleanFileName, safeKeyName } from '../lib/file-names.js';
import { variantFolder } from '../lib/image-variants.js';
import type { Storage } from '../storage/storage.js';
import { recordActivity, type Actor } from './activity.js';

const iso = (date: Date) => date.toISOString();

/**
 * A row as the API shows it (STYLE §4). The signed URL is made anew on every read, so a private
 * asset is reachable only for 15 minutes after someone who may see it asked for it.
 */
export async function toAssetInfo(storage: Storage, row: AssetRow, now = new Date()): Promise<AssetInfo> {
  const signedUrl = await storage.signDownload(row.file_key, {
    expiresInSeconds: SIGNED_URL_SECONDS,
    fileName: row.file_name,
    now,
  });
  return {
    id: row.id,
    fileName: row.file_name,
    mimeType: row.mime_type,
    fileKey: row.file_key,
    downloadUrl: row.public ? storage.publicUrl(row.file_key) : signedUrl,
    description: row.description,
    createdDate: iso(row.created_at),
    lastModifiedDate: iso(row.updated_at),
    signedUrl,
    public: row.public,
    width: row.width,
    height: row.height,
    size: row.size,
  };
}

export const toAssetInfos = (storage: Storage, rows: AssetRow[]) => {
  const now = new Date();
  return Promise.all(rows.map((row) => toAssetInfo(storage, row, now)));
};

/**
 * Where the browser uploads a file whose asset will live at `fileKey`. Final keys start with a
 * domain id, so no staging key is ever an asset's key, and registration never accepts one.
 */
export const stagingKeyOf = (fileKey: string) => `staging/${fileKey}`;

/**
 * GET /cms/assets/signed/upload-url: checks the type (415) and the size (413), makes a key of the
 * domain's own, signs a PUT of exactly that type and size to its staging key, and records the
 * upload so that only it can be registered, and so that it is swept away afterwards. The asset's
 * own key gets its bytes only at registration, after their check (decision 035): no client ever
 * has an upload URL for it.
 */
export async function prepareUpload(
  db: Db,
  storage: Storage,
  domainId: string,
  query: UploadUrlQuery,
  now = new Date(),
): Promise<UploadPreparation> {
  const mimeType = query.mimeType.trim().toLowerCase();
  if (!isAcceptedImageType(mimeType)) {
    throw new AppError(
      415,
      [`mimeType: ${query.mimeType.slice(0, 100)} is not accepted; use image/png or image/jpeg`],
      'Only PNG and JPEG images can be uploaded.',
    );
  }
  if (query.size > MAX_UPLOAD_BYTES) {
    throw tooLarge(`size: ${query.size} bytes is more than ${MAX_UPLOAD_BYTES} (10 MiB)`);
  }
  const fileName = cleanFileName(query.fileName);
  const fileKey = `${domainId}/${randomUUID()}/${safeKeyName(fileName, mimeType)}`;
  const stagingKey = stagingKeyOf(fileKey);
  const signed = await storage.signUpload(stagingKey, {
    contentType: mimeType,
    size: query.size,
    // The specification's client sends `x-amz-acl: public-read` with a public upload, so the URL
    // must allow it (S3 refuses unsigned x-amz-* headers). It reaches only the staging key: the
    // asset's key gets a private copy at registration, made public after its check (decision 059).
    public: query.public,
    expiresInSeconds: SIGNED_URL_SECONDS,
    now,
  });
  await insertAssetUpload(db, {
    file_key: fileKey,
    staging_key: stagingKey,
    domain_id: domainId,
    file_name: fileName,
    mime_type: mimeType,
    size: query.size,
    public: query.public,
    expires_at: signed.expiresAt,
    created_at: now,
  });
  return {
    fileName,
    fileKey,
    publicDownloadUrl: query.public ? storage.publicUrl(fileKey) : '',
    signedUrl: signed.url,
    headers: signed.headers,
    expiresAt: iso(signed.expiresAt),
  };
}

/** The description, trimmed; blank is missing (spec §5: the description is mandatory). */
export function descriptionOf(body: AssetInput, lines: string[]): string {
  const description = body.description?.trim() ?? '';
  if (description === '') lines.push(`description: ${REQUIRED_MESSAGE}`);
  return description;
}

/** A PUT's description, trimmed; 400 when it is blank. Checked before If-Match is read. */
export function requiredDescription(body: AssetInput): string {
  const lines: string[] = [];
  const description = descriptionOf(body, lines);
  if (lines.length > 0) throw badRequest(lines);
  return description;
}

/**
 * PUT /cms/assets/list/:id: sets the description (checked by requiredDescription) with its
 * activity row; 412 when `versions` (If-Match) does not name the asset's version, 404 when it is gone.
 */
export async function describeAsset(
  db: Db,
  domainId: string,
  actor: Actor,
  id: string,
  description: string,
  versions: number[] | undefined,
): Promise<AssetRow> {
  const key = { domainId, id, ...(versions ? { versions } : {}) };
  const row = await db.transaction().execute(async (trx) => {
    const row = await updateAssetDescription(trx, key, description);
    if (row) {
      await recordActivity(trx, domainId, actor, {
        kind: 'asset.updated',
        objectId: row.id,
        objectLabel: row.file_name,
      });
    }
    return row;
  });
  if (row) return row;
  throw (await findAsset(db, domainId, id)) ? preconditionFailed() : notFound('Asset');
}

/**
 * DELETE /cms/assets/list/:id: the original first (if that fails the asset stays, and deleting it
 * again finishes the job), then the row with its pending image job (cascade), then, once that has
 * committed, its variants: a variant rendered meanwhile is removed by its renderer, which checks
 * that the asset still exists. False when no row was deleted.
 */
export async function deleteAssetAndFiles(db: Db, storage: Storage, actor: Actor, row: AssetRow) {
  await storage.delete(row.file_key);
  const deleted = await db.transaction().execute(async (trx) => {
    if (!(await deleteAsset(trx, row.domain_id, row.id))) return false;
    await recordActivity(trx, row.domain_id, actor, {
      kind: 'asset.deleted',
      objectId: row.id,
      objectLabel: row.file_name,
    });
    return true;
  });
  if (deleted) await storage.deletePrefix(variantFolder(row.file_key));
  return deleted;
}
