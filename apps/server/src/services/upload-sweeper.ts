import { UNREGISTERED_UPLOAD_SECONDS } from '@masthead/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { deleteAssetUploads, findStaleUploads } from '../db/repositories/assets.repository.js';
import type { Storage } from '../plugins/app/storage/storage.js';

export interface SweepResult {
  /** False when another sweep held the lock, in this process or another instance. */
  ran: boolean;
  /** Objects (and their upload records) removed. */
  removed: number;
}

export interface SweepOptions {
  /** The clock; uploads made a day before it are swept. */
  now?: Date;
  olderThanSeconds?: number;
  /** Records handled per run; the rest wait for the next run. */
  batch?: number;
  /** Called with each key whose object could not be removed; its record stays for the next run. */
  onError?: (key: string, error: unknown) => void;
}

/** The advisory lock's two keys: the job, and the schema, so that apps sharing a database do not wait for each other. */
const LOCK = sql`hashtext('masthead.upload-sweeper'), hashtext(current_schema())`;
const running = new WeakSet<Db>();

/**
 * DESIGN §3: uploads that were never registered are removed after a day, object and record; so is
 * the staging object of every upload, registered or not, once its upload URL has long expired
 * (a PUT to it may bring the object back until then; decision 035). One
 * sweep runs at a time: a session-level pg_try_advisory_lock keeps out the other instances on the
 * same database, and a flag per database handle keeps out a second sweep in this process (on
 * PGlite, whose one session would otherwise take the lock again). A sweep that finds the lock
 * taken does nothing.
 */
export async function sweepUnregisteredUploads(
  db: Db,
  storage: Storage,
  options: SweepOptions = {},
): Promise<SweepResult> {
  if (running.has(db)) return { ran: false, removed: 0 };
  running.add(db);
  try {
    return await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK}) as locked`.execute(
        conn,
      );
      if (!rows[0]?.locked) return { ran: false, removed: 0 };
      try {
        return { ran: true, removed: await sweep(conn, storage, options) };
      } finally {
        await sql`select pg_advisory_unlock(${LOCK})`.execute(conn);
      }
    });
  } finally {
    running.delete(db);
  }
}

async function sweep(conn: Db, storage: Storage, options: SweepOptions) {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.olderThanSeconds ?? UNREGISTERED_UPLOAD_SECONDS) * 1000);
  const stale = await findStaleUploads(conn, before, options.batch ?? 500);
  const done: string[] = [];
  for (const upload of stale) {
    try {
      if (upload.staging_key) await storage.delete(upload.staging_key);
      // A registered key keeps its object. Otherwise the key holds an upload made before staging,
      // or what a registration that failed midway left, if anything.
      if (!upload.registered) await storage.delete(upload.file_key);
    } catch (error) {
      options.onError?.(upload.file_key, error);
      continue;
    }
    done.push(upload.file_key);
  }
  await deleteAssetUploads(conn, done);
  return stale.filter((u) => !u.registered && done.includes(u.file_key)).length;
}
