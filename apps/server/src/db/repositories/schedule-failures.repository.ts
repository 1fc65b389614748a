import type { Db } from '../database.js';

/**
 * The post, locked, if it is still scheduled for `scheduledFor` and no other transaction holds it:
 * a failure is recorded only for the schedule that failed, and only by one worker at a time.
 */
export function lockScheduledPost(trx: Db, id: string, scheduledFor: Date) {
  return trx
    .selectFrom('posts')
    .select(['id', 'domain_id', 'title'])
    .where('id', '=', id)
    .where('scheduled_for', '=', scheduledFor)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** The post's failure streak, if it has one. */
export function findScheduleFailure(trx: Db, postId: string) {
  return trx
    .selectFrom('scheduled_publish_failures')
    .select(['scheduled_for', 'failures', 'retry_at'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

export function saveScheduleFailure(
  trx: Db,
  row: { postId: string; scheduledFor: Date; failures: number; retryAt: Date },
) {
  const values = { scheduled_for: row.scheduledFor, failures: row.failures, retry_at: row.retryAt };
  return trx
    .insertInto('scheduled_publish_failures')
    .values({ post_id: row.postId, ...values })
    .onConflict((conflict) => conflict.column('post_id').doUpdateSet(values))
    .execute();
}

/** Ends the post's failure streak; returns how many attempts had failed (0 without a streak). */
export async function clearScheduleFailure(trx: Db, postId: string): Promise<number> {
  const row = await trx
    .deleteFrom('scheduled_publish_failures')
    .where('post_id', '=', postId)
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? 0;
}
