import { sql, type Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { AssetUploadsTable } from '../tables/database.table.js';
import { likePattern } from './taxonomy.repository.js';

/** Newest first, ties by id (DESIGN §3); the search is a substring of the file name or the description. */
export async function listAssetPage(
  db: Db,
  domainId: string,
  options: { search: string; limit: number; offset: number },
) {
  let query = db.selectFrom('assets').where('domain_id', '=', domainId);
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) =>
      eb.or([eb('file_name', 'ilike', pattern), eb('description', 'ilike', pattern)]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export function findAsset(db: Db, domainId: string, id: string) {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Any domain's asset by id: image variants are named by asset id alone. */
export function findAssetById(db: Db, id: string) {
  return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Only while it has none: a hash is written once, from the bytes the asset is served with. */
export function setAssetContentHash(db: Db, id: string, contentHash: string) {
  return db
    .updateTable('assets')
    .set({ content_hash: contentHash })
    .where('id', '=', id)
    .where('content_hash', 'is', null)
    .execute();
}

/** Image assets after `afterId` (by id), a page at a time, of one domain or all: for `images rebuild`. */
export function listImageAssets(db: Db, options: { domainId?: string; afterId?: string; limit: number }) {
  let query = db
    .selectFrom('assets')
    .selectAll()
    .where('mime_type', 'in', ['image/png', 'image/jpeg'])
    .orderBy('id')
    .limit(options.limit);
  if (options.domainId) query = query.where('domain_id', '=', options.domainId);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  return query.execute();
}

export function countImageAssets(db: Db, domainId?: string) {
  let query = db
    .selectFrom('assets')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('mime_type', 'in', ['image/png', 'image/jpeg']);
  if (domainId) query = query.where('domain_id', '=', domainId);
  return query.executeTakeFirstOrThrow().then((row) => row.n);
}

export function findAssetDomainId(db: Db, id: string) {
  return db
    .selectFrom('assets')
    .select('domain_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.domain_id);
}

export function findPublicAssetByKey(db: Db, fileKey: string) {
  return db
    .selectFrom('assets')
    .select(['file_key', 'file_name'])
    .where('file_key', '=', fileKey)
    .where('public', '=', true)
    .executeTakeFirst();
}

export function assetKeyTaken(db: Db, fileKey: string) {
  return db
    .selectFrom('assets')
    .select('id')
    .where('file_key', '=', fileKey)
    .executeTakeFirst()
    .then(Boolean);
}

export function insertAsset(
  db: Db,
  values: {
    domainId: string;
    fileName: string;
    fileKey: string;
    mimeType: string;
    size: number;
    width: number;
    height: number;
    description: string;
    public: boolean;
    /** Null for an asset whose bytes were never hashed (tests of older data). */
    contentHash?: string | null;
  },
) {
  return db
    .insertInto('assets')
    .values({
      domain_id: values.domainId,
      file_name: values.fileName,
      file_key: values.fileKey,
      mime_type: values.mimeType,
      size: values.size,
      width: values.width,
      height: values.height,
      description: values.description,
      public: values.public,
      content_hash: values.contentHash ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates only when the version is one of those given (if any); undefined means no row did. */
export function updateAssetDescription(
  db: Db,
  key: { domainId: string; id: string; versions?: number[] },
  description: string,
) {
  let query = db
    .updateTable('assets')
    .set({ description, version: sql`version + 1`, updated_at: sql`now()` })
    .where('domain_id', '=', key.domainId)
    .where('id', '=', key.id);
  if (key.versions !== undefined) query = query.where('version', 'in', key.versions);
  return query.returningAll().executeTakeFirst();
}

export async function deleteAsset(db: Db, domainId: string, id: string) {
  const result = await db
    .deleteFrom('assets')
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function insertAssetUpload(db: Db, values: Insertable<AssetUploadsTable>) {
  return db.insertInto('asset_uploads').values(values).execute();
}

export function findAssetUpload(db: Db, domainId: string, fileKey: string) {
  return db
    .selectFrom('asset_uploads')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
}

/**
 * Takes an upload for one registration: true when no other registration holds it (or its hold ran
 * out, after a crash) and it is not registered yet.
 */
export async function claimAssetUpload(db: Db, fileKey: string, seconds: number) {
  const result = await db
    .updateTable('asset_uploads')
    .set({ claimed_until: sql`now() + make_interval(secs => ${seconds})` })
    .where('file_key', '=', fileKey)
    .where('registered_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function releaseAssetUpload(db: Db, fileKey: string) {
  return db
    .updateTable('asset_uploads')
    .set({ claimed_until: null })
    .where('file_key', '=', fileKey)
    .execute();
}

/** Registered: never registered again, and kept only until the sweep removes its staging object. */
export function markAssetUploadRegistered(db: Db, fileKey: string) {
  return db
    .updateTable('asset_uploads')
    .set({ registered_at: sql`now()`, claimed_until: null })
    .where('file_key', '=', fileKey)
    .execute();
}

export function deleteAssetUploads(db: Db, fileKeys: string[]) {
  if (fileKeys.length === 0) return Promise.resolve();
  return db.deleteFrom('asset_uploads').where('file_key', 'in', fileKeys).execute();
}

/**
 * The oldest upload records made before the cutoff that no registration holds, with whether they
 * became an asset (marked so, or an asset holds their key).
 */
export function findStaleUploads(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('asset_uploads')
    .leftJoin('assets', 'assets.file_key', 'asset_uploads.file_key')
    .select([
      'asset_uploads.file_key',
      'asset_uploads.staging_key',
      sql<boolean>`asset_uploads.registered_at is not null or assets.id is not null`.as('registered'),
    ])
    .where('asset_uploads.created_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('asset_uploads.claimed_until', 'is', null),
        eb('asset_uploads.claimed_until', '<', sql<Date>`now()`),
      ]),
    )
    .orderBy('asset_uploads.created_at')
    .limit(limit)
    .execute();
}
