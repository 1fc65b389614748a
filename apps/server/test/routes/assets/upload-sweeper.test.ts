import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { parseEnv } from '../../../src/config/env.js';
import { createDatabase, type Db } from '../../../src/db/database.js';
import type { Storage } from '../../../src/storage/storage.js';
import { sweepUnregisteredUploads } from '../../../src/services/upload-sweeper.js';
import { png } from '../../helpers/images.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { TEST_DB } from '../../helpers/test-database.js';
import { objectExists, prepareUpload, putFile, stagingKey, uploadAsset } from './asset-fixtures.js';

/** DESIGN §3: uploads never registered are swept away after a day, one sweep at a time. */
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain();
  ({ token } = await ctx.member('author', domain));
});
afterAll(async () => ctx?.close());

const DAY = 24 * 3600_000;
const record = (key: string) =>
  ctx.db.selectFrom('asset_uploads').select('file_key').where('file_key', '=', key).executeTakeFirst();

/** An upload PUT but not registered, made `ageMs` ago. */
async function unregistered(ageMs: number) {
  const bytes = png(1, 1);
  const preparation = await prepareUpload(ctx, token, domain.domain, bytes);
  expect((await putFile(ctx, preparation, bytes)).statusCode).toBe(200);
  await age(preparation.fileKey, ageMs);
  return preparation.fileKey;
}

/** Moves an upload record's creation into the past (created_at is never updated by the app). */
const age = (key: string, ageMs: number) =>
  sql`update asset_uploads set created_at = ${new Date(Date.now() - ageMs)} where file_key = ${key}`.execute(
    ctx.db,
  );

/** A storage whose deletes wait until released, so that a sweep can be caught mid-run. */
function blockingStorage(storage: Storage) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const deleting = new Promise<void>((resolve) => (entered = resolve));
  const blocked: Storage = Object.create(storage) as Storage;
  blocked.delete = async (key) => {
    entered();
    await released;
    return storage.delete(key);
  };
  return { storage: blocked, release, deleting };
}

describe('sweepUnregisteredUploads', () => {
  // The sweep looks at every domain: each test starts from no upload records.
  beforeEach(async () => {
    await ctx.db.deleteFrom('asset_uploads').execute();
  });

  it('should remove an upload older than a day, keep a recent one and keep a registered one', async () => {
    const old = await unregistered(DAY + 60_000);
    const recent = await unregistered(DAY - 60_000);
    const { asset } = await uploadAsset(ctx, token, domain);
    await age(asset.fileKey, 2 * DAY);
    // A record left beside an asset registered before uploads were staged, as a crash between the
    // two writes could leave.
    const { asset: before } = await uploadAsset(ctx, token, domain);
    await ctx.db
      .updateTable('asset_uploads')
      .set({ staging_key: null, registered_at: null })
      .where('file_key', '=', before.fileKey)
      .execute();
    await age(before.fileKey, 2 * DAY);

    const result = await sweepUnregisteredUploads(ctx.db, ctx.app.storage);
    expect(result).toEqual({ ran: true, removed: 1 });
    expect(await objectExists(ctx, old)).toBe(false);
    expect(await objectExists(ctx, stagingKey(old))).toBe(false);
    expect(await record(old)).toBeUndefined();
    expect(await objectExists(ctx, stagingKey(recent))).toBe(true);
    expect(await record(recent)).toBeDefined();
    for (const registered of [asset, before]) {
      expect(await objectExists(ctx, registered.fileKey)).toBe(true);
      expect(await record(registered.fileKey)).toBeUndefined();
      const stillThere = await ctx.request(token, {
        method: 'GET',
        url: `/cms/assets/list/${registered.id}?domain=${domain.domain}`,
      });
      expect(stillThere.statusCode).toBe(200);
    }
  });

  it('should remove what a PUT to the old URL left at the staging key after registration, and keep the asset', async () => {
    // Issue 19, finding 7: the upload URL works for 15 minutes, registered or not.
    const bytes = png(4, 4);
    const { asset, preparation } = await uploadAsset(ctx, token, domain, { bytes });
    expect((await putFile(ctx, preparation, png(4, 4))).statusCode).toBe(200);
    expect(await objectExists(ctx, stagingKey(asset.fileKey))).toBe(true);
    await age(asset.fileKey, DAY + 60_000);
    expect(await sweepUnregisteredUploads(ctx.db, ctx.app.storage)).toEqual({ ran: true, removed: 0 });
    expect(await objectExists(ctx, stagingKey(asset.fileKey))).toBe(false);
    expect(await objectExists(ctx, asset.fileKey)).toBe(true);
    expect(await record(asset.fileKey)).toBeUndefined();
  });

  it('should leave an upload alone while a registration holds it', async () => {
    const key = await unregistered(DAY + 60_000);
    await sql`update asset_uploads set claimed_until = now() + interval '1 minute' where file_key = ${key}`.execute(
      ctx.db,
    );
    expect(await sweepUnregisteredUploads(ctx.db, ctx.app.storage)).toEqual({ ran: true, removed: 0 });
    expect(await objectExists(ctx, stagingKey(key))).toBe(true);
    await sql`update asset_uploads set claimed_until = now() - interval '1 minute' where file_key = ${key}`.execute(
      ctx.db,
    );
    expect(await sweepUnregisteredUploads(ctx.db, ctx.app.storage)).toEqual({ ran: true, removed: 1 });
    expect(await objectExists(ctx, stagingKey(key))).toBe(false);
  });

  it('should take the clock it is given', async () => {
    const key = await unregistered(0);
    expect(
      await sweepUnregisteredUploads(ctx.db, ctx.app.storage, { now: new Date(Date.now() + DAY - 60_000) }),
    ).toEqual({
      ran: true,
      removed: 0,
    });
    expect(
      await sweepUnregisteredUploads(ctx.db, ctx.app.storage, { now: new Date(Date.now() + DAY + 60_000) }),
    ).toEqual({
      ran: true,
      removed: 1,
    });
    expect(await objectExists(ctx, stagingKey(key))).toBe(false);
  });

  it('should remove a record whose file never came, and keep a record whose file cannot be removed yet', async () => {
    const never = (await prepareUpload(ctx, token, domain.domain, png(1, 1))).fileKey;
    const stuck = await unregistered(DAY + 60_000);
    await age(never, 2 * DAY);
    const failing: Storage = Object.create(ctx.app.storage) as Storage;
    failing.delete = async (key) => {
      if (key === stagingKey(stuck)) throw new Error('store unavailable');
      return ctx.app.storage.delete(key);
    };
    const errors: string[] = [];
    const result = await sweepUnregisteredUploads(ctx.db, failing, { onError: (key) => errors.push(key) });
    expect(result).toEqual({ ran: true, removed: 1 });
    expect(errors).toEqual([stuck]);
    expect(await record(never)).toBeUndefined();
    expect(await record(stuck)).toBeDefined();
    expect(await sweepUnregisteredUploads(ctx.db, ctx.app.storage)).toEqual({ ran: true, removed: 1 });
  });

  it('should run one sweep at a time: a second sweep started meanwhile does nothing', async () => {
    const key = await unregistered(DAY + 60_000);
    // On PostgreSQL the second sweep comes from another connection pool, as from another server
    // instance, and is kept out by the advisory lock; PGlite has one process and one session.
    const second: { db: Db; close: () => Promise<void> } =
      TEST_DB === 'postgres' ? await otherInstance(ctx.db) : { db: ctx.db, close: async () => {} };
    try {
      const blocked = blockingStorage(ctx.app.storage);
      const first = sweepUnregisteredUploads(ctx.db, blocked.storage);
      await blocked.deleting;
      expect(await sweepUnregisteredUploads(second.db, ctx.app.storage)).toEqual({ ran: false, removed: 0 });
      blocked.release();
      expect(await first).toEqual({ ran: true, removed: 1 });
      expect(await objectExists(ctx, stagingKey(key))).toBe(false);
      // Once the first has finished, the lock is free again.
      expect(await sweepUnregisteredUploads(second.db, ctx.app.storage)).toEqual({ ran: true, removed: 0 });
    } finally {
      await second.close();
    }
  });
});

describe('the background sweep', () => {
  beforeEach(async () => {
    await ctx.db.deleteFrom('asset_uploads').execute();
  });

  it('should sweep on its own in a running server, and finish before the server closes', async () => {
    const key = await unregistered(DAY + 60_000);
    const env = parseEnv({
      OIDC_AUTHORITY: ctx.idp.issuer,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: ctx.dataDir,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      env,
      db: ctx.db,
      logger: false,
      sweepUploads: { everyMs: 50, firstAfterMs: 10 },
    });
    await app.ready();
    try {
      await expect.poll(() => record(key), { timeout: 5000, interval: 25 }).toBeUndefined();
      expect(await objectExists(ctx, stagingKey(key))).toBe(false);
    } finally {
      await app.close();
    }
  });
});

/** A second pool on the same schema, as a second server instance would have. */
async function otherInstance(db: Db) {
  const { rows } = await sql<{ path: string }>`select current_setting('search_path') as path`.execute(db);
  const other = createDatabase({
    kind: 'postgres',
    url: process.env.TEST_DATABASE_URL!,
    searchPath: rows[0]!.path.replace(/\s/g, ''),
    poolSize: 1,
  });
  return { db: other, close: () => other.destroy() };
}
