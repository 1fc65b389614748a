import { sql } from 'kysely';
import type { Db } from '../database.js';

/** A job as claimed: its asset and which attempt this is (1 for the first). */
export interface ClaimedImageJob {
  asset_id: string;
  attempt: number;
}

/** The asset's set is to be made (again): a job that failed for good is given a fresh start. */
export function enqueueImageJob(db: Db, assetId: string) {
  return db
    .insertInto('image_jobs')
    .values({ asset_id: assetId })
    .onConflict((conflict) =>
      conflict.column('asset_id').doUpdateSet({
        attempt: 0,
        next_attempt_at: sql`now()`,
        failed_at: null,
        error: null,
      }),
    )
    .execute();
}

/**
 * Takes up to `limit` due jobs for this process: each one's next attempt is moved a lease ahead,
 * so that no other process takes it while it runs, and any process takes it again once the lease
 * has run out (its renderer died). Rows another claim holds are skipped, not waited for.
 */
export async function claimImageJobs(
  db: Db,
  options: { limit: number; leaseSeconds: number },
): Promise<ClaimedImageJob[]> {
  const result = await sql<ClaimedImageJob>`
    with due as (
      select asset_id from image_jobs
      where failed_at is null and next_attempt_at <= now()
      order by next_attempt_at, asset_id
      limit ${options.limit}
      for update skip locked)
    update image_jobs j
    set attempt = j.attempt + 1,
        next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
    from due
    where j.asset_id = due.asset_id
    returning j.asset_id, j.attempt`.execute(db);
  return result.rows;
}

/** The set is made: the job goes, unless another claim has taken it since (its attempt moved). */
export function finishImageJob(db: Db, job: ClaimedImageJob) {
  return db
    .deleteFrom('image_jobs')
    .where('asset_id', '=', job.asset_id)
    .where('attempt', '=', job.attempt)
    .execute();
}

/** An attempt failed: tried again after `retryAfterMs`, or set aside for good when undefined. */
export function recordImageJobFailure(
  db: Db,
  job: ClaimedImageJob,
  error: string,
  retryAfterMs: number | undefined,
) {
  return db
    .updateTable('image_jobs')
    .set(
      retryAfterMs === undefined
        ? { failed_at: sql`now()`, error }
        : { next_attempt_at: sql`now() + make_interval(secs => ${retryAfterMs / 1000})`, error },
    )
    .where('asset_id', '=', job.asset_id)
    .where('attempt', '=', job.attempt)
    .execute();
}

/** Given back uncounted (the server is shutting down mid-render), for the next claim. */
export function releaseImageJob(db: Db, job: ClaimedImageJob) {
  return db
    .updateTable('image_jobs')
    .set({ attempt: job.attempt - 1, next_attempt_at: sql`now()` })
    .where('asset_id', '=', job.asset_id)
    .where('attempt', '=', job.attempt)
    .execute();
}
