import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { findAssetById } from '../db/repositories/assets.repository.js';
import {
  claimImageJobs,
  finishImageJob,
  recordImageJobFailure,
  type ClaimedImageJob,
} from '../db/repositories/image-jobs.repository.js';
import { isConnectionFailure } from '../lib/pg-errors.js';
import type { Storage } from '../storage/storage.js';
import { ensureContentHash, type ImageVariants } from './image-variants.service.js';

/** The waits after the 1st, 2nd … failed attempt; after the last, the job is set aside. */
export const IMAGE_RETRY_DELAYS_MS = [30, 300, 1800, 7200].map((s) => s * 1000);

export interface ImageJobOptions {
  /** How long a claimed job is this process's before another may take it over. */
  leaseSeconds: number;
  retryDelaysMs?: readonly number[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Stop taking jobs (the server is closing); the one running finishes its variant. */
  signal?: AbortSignal;
}

/** The lease: long enough for every variant of a set to run into its timeout, and a minute more. */
export function imageJobLeaseSeconds(images: ImageVariants) {
  const { widths, timeoutSeconds } = images.settings;
  return widths.length * 3 * timeoutSeconds + 60;
}

async function runJob(
  db: Db,
  storage: Storage,
  images: ImageVariants,
  job: ClaimedImageJob,
  options: ImageJobOptions,
) {
  const retryDelaysMs = options.retryDelaysMs ?? IMAGE_RETRY_DELAYS_MS;
  try {
    const row = await findAssetById(db, job.asset_id);
    // Deleted meanwhile: the job went with it (cascade), unless the claim raced the deletion.
    if (row) await images.makeSet(db, await ensureContentHash(db, storage, row));
    await finishImageJob(db, job);
  } catch (error) {
    if (isConnectionFailure(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const wait = retryDelaysMs[job.attempt - 1];
    if (wait === undefined) {
      options.log.error(
        { err: error, assetId: job.asset_id },
        `gave up making the image variants of asset ${job.asset_id} after ${job.attempt} attempts: ${reason}`,
      );
    } else {
      options.log.warn(
        { err: error, assetId: job.asset_id },
        `image variants of asset ${job.asset_id} failed, retried in ${wait / 1000} s`,
      );
    }
    await recordImageJobFailure(db, job, reason.slice(0, 500), wait);
  }
}

/**
 * Claims due jobs one at a time and makes each asset's set, until none is due; the number run.
 * One job at a time per process: its variants already take the render slots they can get.
 */
export async function runDueImageJobs(
  db: Db,
  storage: Storage,
  images: ImageVariants,
  options: ImageJobOptions,
) {
  let done = 0;
  while (!options.signal?.aborted) {
    const [job] = await claimImageJobs(db, { limit: 1, leaseSeconds: options.leaseSeconds });
    if (!job) break;
    await runJob(db, storage, images, job, options);
    done++;
  }
  return done;
}
