import type { Db } from '../db/database.js';
import { claimDuePost } from '../db/repositories/posts.repository.js';
import {
  findScheduleFailure,
  lockScheduledPost,
  saveScheduleFailure,
} from '../db/repositories/schedule-failures.repository.js';
import { isConnectionFailure } from '../lib/pg-errors.js';
import { recordActivity, SYSTEM_ACTOR } from './activity.js';
import { publishClaimedPost, type DuePost } from './post-workflow.service.js';

/** The first wait after a failed publish; it doubles with each failure in a row, up to an hour. */
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 3_600_000;

export const retryDelayMs = (failures: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 20), LONGEST_RETRY_MS);

/**
 * Failures that say nothing about the post: the database is out of reach, or the transaction lost
 * a race (serialization failure, deadlock). The next run simply tries again.
 */
function isPassing(error: unknown) {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return isConnectionFailure(error) || code === '40001' || code === '40P01';
}

export interface PublishFailure {
  post: { id: string; domainId: string; scheduledFor: Date };
  error: unknown;
  /** Failed attempts in a row for this schedule, this one included. */
  failures: number;
  retryAt: Date;
}

export type ScheduledOutcome =
  | { published: Awaited<ReturnType<typeof publishClaimedPost>> }
  | { failed: PublishFailure }
  /** It failed, but another worker has the post by now, or it is no longer scheduled then. */
  | { failedElsewhere: true };

/**
 * One step of the scheduled publisher (decision 043): claims the post that fell due first and
 * publishes it in one transaction. When that publish fails for a reason of its own (a trigger, a
 * check, a row the publish cannot write) the post is set aside with a back-off, in a second
 * transaction, so that it never blocks the others (decision 059); the first failure of a streak
 * is written to the domain's activity. Undefined when nothing is due. A database outage throws.
 */
export async function publishNextDuePost(
  db: Db,
  now: Date,
  history = true,
): Promise<ScheduledOutcome | undefined> {
  // Set inside the transaction, read after it failed: a failure at COMMIT is the post's too.
  let claimed: DuePost | undefined;
  try {
    const published = await db.transaction().execute(async (trx) => {
      claimed = await claimDuePost(trx, now);
      return claimed && publishClaimedPost(trx, claimed, now, history);
    });
    return published && { published };
  } catch (error) {
    if (!claimed || isPassing(error)) throw error;
    const failed = await db.transaction().execute((trx) => recordPublishFailure(trx, claimed!, now, error));
    return failed ? { failed } : { failedElsewhere: true };
  }
}

async function recordPublishFailure(trx: Db, due: DuePost, now: Date, error: unknown) {
  const scheduledFor = due.scheduled_for!;
  const post = await lockScheduledPost(trx, due.id, scheduledFor);
  if (!post) return undefined;
  const previous = await findScheduleFailure(trx, due.id);
  const streak = previous && previous.scheduled_for.getTime() === scheduledFor.getTime();
  const failures = streak ? previous.failures + 1 : 1;
  const retryAt = new Date(now.getTime() + retryDelayMs(failures));
  await saveScheduleFailure(trx, { postId: due.id, scheduledFor, failures, retryAt });
  // Once per streak: the trail says that it failed and when it is tried again, not every retry.
  if (failures === 1) {
    await recordActivity(trx, post.domain_id, SYSTEM_ACTOR, {
      kind: 'post.publish_failed',
      objectId: post.id,
      objectLabel: post.title,
      after: { publishAt: scheduledFor.toISOString(), retryAt: retryAt.toISOString() },
    });
  }
  return {
    post: { id: post.id, domainId: post.domain_id, scheduledFor },
    error,
    failures,
    retryAt,
  } satisfies PublishFailure;
}
