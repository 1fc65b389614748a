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
  assetKeyTaken,
  deleteAssetUploads,
  findAssetUpload,
  insertAsset,
  insertAssetUpload,
} from '../db/repositories/assets.repository.js';
import type { AssetRow } from '../db/tables/database.table.js';
import { AppError, badRequest, conflict, tooLarge } from '../lib/app-error.js';
import { cleanFileName, safeKeyName } from '../lib/file-names.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { isValidKey, type Storage } from '../plugins/app/storage/storage.js';
import { checkUploadedFile } from './asset-file.js';

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
 * GET /cms/assets/signed/upload-url: checks the type (415) and the size (413), makes a key of the
 * domain's own, signs a PUT for exactly that type and size, and records the key so that only it
 * can be registered, and so that it is swept away if it never is.
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
  const signed = await storage.signUpload(fileKey, {
    contentType: mimeType,
    size: query.size,
    public: query.public,
    expiresInSeconds: SIGNED_URL_SECONDS,
    now,
  });
  await insertAssetUpload(db, {
    file_key: fileKey,
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

/**
 * POST /cms/assets/list: registers an uploaded file as an asset. The key must be one the server
 * handed out for this domain and not yet registered (a key of another domain is answered as one
 * never handed out); the file must be there and really be the declared image.
 */
export async function registerAsset(db: Db, storage: Storage, domainId: string, body: AssetInput) {
  const lines: string[] = [];
  const fileKey = body.fileKey?.trim() ?? '';
  if (fileKey === '') lines.push(`fileKey: ${REQUIRED_MESSAGE}`);
  const description = descriptionOf(body, lines);
  if (lines.length > 0) throw badRequest(lines);

  const unknownKey = () =>
    badRequest(
      ['fileKey: is not a key handed out for this domain by /cms/assets/signed/upload-url'],
      'The file key is unknown; ask for an upload URL, upload the file, then register it.',
    );
  if (!fileKey.startsWith(`${domainId}/`) || !isValidKey(fileKey)) throw unknownKey();
  if (await assetKeyTaken(db, fileKey)) throw alreadyRegistered();
  const upload = await findAssetUpload(db, domainId, fileKey);
  if (!upload) throw unknownKey();

  const mismatches: string[] = [];
  if (body.fileName !== undefined && cleanFileName(body.fileName) !== upload.file_name) {
    mismatches.push(`fileName: must be ${upload.file_name}, as given by the upload URL`);
  }
  if (body.mimeType !== undefined && body.mimeType.trim().toLowerCase() !== upload.mime_type) {
    mismatches.push(`mimeType: must be ${upload.mime_type}, as given by the upload URL`);
  }
  if (body.public !== undefined && body.public !== upload.public) {
    mismatches.push(`public: must be ${upload.public}, as given by the upload URL`);
  }
  if (mismatches.length > 0) throw badRequest(mismatches);

  const file = await checkUploadedFile(storage, fileKey, upload.mime_type);
  await storage.commit(fileKey, {
    contentType: file.mimeType,
    public: upload.public,
    fileName: upload.file_name,
  });
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await insertAsset(trx, {
        domainId,
        fileName: upload.file_name,
        fileKey,
        mimeType: file.mimeType,
        size: file.size,
        width: file.width,
        height: file.height,
        description,
        public: upload.public,
      });
      await deleteAssetUploads(trx, [fileKey]);
      return row;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyRegistered() : error;
    });
}

const alreadyRegistered = () => conflict('This file is already registered as an asset');
