import { UNREGISTERED_UPLOAD_SECONDS } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { runAlone } from '../db/run-alone.js';
import { deleteAssetUploads, findStaleUploads } from '../db/repositories/assets.repository.js';
import type { Storage } from '../storage/storage.js';

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

/**
 * DESIGN §3: uploads that were never registered are removed after a day, object and record; so is
 * the staging object of every upload, registered or not, once its upload URL has long expired
 * (a PUT to it may bring the object back until then; decision 035). One sweep runs at a time
 * (runAlone: an advisory lock, and a flag in this process); a sweep that finds another running
 * does nothing.
 */
export async function sweepUnregisteredUploads(
  db: Db,
  storage: Storage,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const removed = await runAlone(db, 'masthead.upload-sweeper', (conn) => sweep(conn, storage, options));
  return removed === undefined ? { ran: false, removed: 0 } : { ran: true, removed };
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
