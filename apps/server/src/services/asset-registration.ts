import { MAX_UPLOAD_BYTES, REQUIRED_MESSAGE, type AssetInput } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { enqueueImageJob } from '../db/repositories/image-jobs.repository.js';
import {
  assetKeyTaken,
  claimAssetUpload,
  findAssetUpload,
  insertAsset,
  markAssetUploadRegistered,
  releaseAssetUpload,
} from '../db/repositories/assets.repository.js';
import type { AssetRow, AssetUploadRow } from '../db/tables/database.table.js';
import { AppError, badRequest, conflict } from '../lib/app-error.js';
import { cleanFileName } from '../lib/file-names.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { stripGps } from '../lib/strip-gps.js';
import { isValidKey, type Storage } from '../storage/storage.js';
import { recordActivity, type Actor } from './activity.js';
import { checkUploadedFile } from './asset-file.js';
import { descriptionOf } from './assets.service.js';
import { sha256Hex, type ImageSettings } from './image-variants.service.js';

/** How long one registration holds its upload; a crashed one lets go after this. */
const REGISTRATION_HOLD_SECONDS = 300;

/**
 * POST /cms/assets/list: registers an uploaded file as an asset. The key must be one the server
 * handed out for this domain and not yet registered (a key of another domain is answered as one
 * never handed out). The upload is copied to the asset's own key, which no client can write to,
 * and that copy is checked to really be the declared image, made public when the asset is, and
 * recorded: a PUT to the old upload URL afterwards changes only the staging object.
 */
export async function registerAsset(
  db: Db,
  storage: Storage,
  domainId: string,
  actor: Actor,
  body: AssetInput,
  images: ImageSettings,
) {
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
  if (upload.registered_at) throw alreadyRegistered();

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
  const stagingKey = upload.staging_key;
  if (!stagingKey) {
    // Its browser PUT straight to fileKey, which it may still overwrite: it cannot be the checked copy.
    throw badRequest(
      ['fileKey: was prepared before uploads were staged (an upgrade); upload the file again'],
      'This upload was prepared before an upgrade; upload the file again.',
    );
  }

  if (!(await claimAssetUpload(db, fileKey, REGISTRATION_HOLD_SECONDS))) {
    throw conflict('This file is being registered; try again in a moment');
  }
  let row: AssetRow;
  try {
    row = await copyCheckAndRecord(
      db,
      storage,
      actor,
      { ...upload, staging_key: stagingKey },
      description,
      images,
    );
  } catch (error) {
    // Nothing unchecked stays at the asset's key (unless an asset holds it after all), and the
    // upload may be registered again. Should either fail, the hold runs out and the sweep cleans up.
    const registered = error instanceof AppError && error.statusCode === 409;
    if (!registered) await storage.delete(fileKey).catch(() => undefined);
    await releaseAssetUpload(db, fileKey).catch(() => undefined);
    throw error;
  }
  // The sweep removes it a day later otherwise, as it does whatever a PUT to the old URL puts there.
  await storage.delete(stagingKey).catch(() => undefined);
  return row;
}

async function copyCheckAndRecord(
  db: Db,
  storage: Storage,
  actor: Actor,
  upload: AssetUploadRow & { staging_key: string },
  description: string,
  images: ImageSettings,
) {
  const fileKey = upload.file_key;
  if (!(await storage.copy(upload.staging_key, fileKey))) {
    throw badRequest(
      ['fileKey: no file has been uploaded to this key; PUT it to the signed URL first'],
      'The file was not uploaded; upload it, then register it.',
    );
  }
  const file = await checkUploadedFile(
    storage,
    fileKey,
    upload.mime_type,
    [upload.staging_key],
    images.maxPixels,
  );
  const served = await withoutGps(storage, fileKey, file.mimeType, upload.public && !images.keepGps);
  await storage.commit(fileKey, {
    contentType: file.mimeType,
    public: upload.public,
    fileName: upload.file_name,
  });
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await insertAsset(trx, {
        domainId: upload.domain_id,
        fileName: upload.file_name,
        fileKey,
        mimeType: file.mimeType,
        size: served.length,
        width: file.width,
        height: file.height,
        description,
        public: upload.public,
        contentHash: sha256Hex(served),
      });
      await markAssetUploadRegistered(trx, fileKey);
      // With the asset, so that its variants are made even if this process stops right after.
      if (images.enabled) await enqueueImageJob(trx, row.id);
      await recordActivity(trx, upload.domain_id, actor, {
        kind: 'asset.uploaded',
        objectId: row.id,
        objectLabel: row.file_name,
      });
      return row;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyRegistered() : error;
    });
}

/**
 * The bytes the asset is served with: for a public original, those without its GPS position
 * (IMAGE_KEEP_GPS=false), written back in place of the upload's; pixels are never re-encoded.
 */
async function withoutGps(storage: Storage, key: string, mimeType: string, strip: boolean) {
  const bytes = await storage.read(key, MAX_UPLOAD_BYTES);
  if (!bytes) throw new Error(`${key} vanished during its registration`);
  const stripped = strip ? stripGps(bytes, mimeType) : undefined;
  if (!stripped) return bytes;
  await storage.write(key, stripped, { contentType: mimeType, public: false });
  return stripped;
}

const alreadyRegistered = () => conflict('This file is already registered as an asset');
