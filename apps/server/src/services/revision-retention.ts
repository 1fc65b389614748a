import type { Db } from '../db/database.js';
import { runAlone } from '../db/run-alone.js';
import { thinBatch, type ThinningPass } from '../db/repositories/revisions.repository.js';

export interface RetentionPolicy {
  /** Every revision younger than this is kept (REVISIONS_KEEP_DAYS). */
  keepDays: number;
  /** Then one a day until this age, and one a month after (REVISIONS_KEEP_DAILY_DAYS). */
  dailyDays: number;
}

export interface PruneResult {
  /** False when another run held the lock, in this process or another instance. */
  ran: boolean;
  removed: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Thins old revisions (issue 23, decision 050): of those older than `keepDays`, the last of each
 * UTC day is kept; of those older than `dailyDays`, the last of each UTC month. The newest revision
 * of a post and the one it was last published from are always kept; workflow events are never
 * removed. One run at a time (runAlone: an advisory lock, and a flag in this process). Each batch is
 * its own short transaction that only deletes and marks old revisions, which no save touches, so
 * a save never waits for it.
 */
export async function pruneRevisions(
  db: Db,
  policy: RetentionPolicy,
  options: { now: Date; batch?: number },
): Promise<PruneResult> {
  const removed = await runAlone(db, 'masthead.revision-pruner', async (conn) => {
    const at = (days: number) => new Date(options.now.getTime() - days * DAY_MS);
    const batch = options.batch ?? 500;
    const daily = await runPass(conn, { from: 0, before: at(policy.keepDays), unit: 'day', batch });
    const monthly = await runPass(conn, { from: 1, before: at(policy.dailyDays), unit: 'month', batch });
    return daily + monthly;
  });
  return removed === undefined ? { ran: false, removed: 0 } : { ran: true, removed };
}

/** A pass, batch after batch, until no revision is left for it. */
async function runPass(conn: Db, pass: ThinningPass) {
  let removed = 0;
  for (;;) {
    const result = await conn.transaction().execute((trx) => thinBatch(trx, pass));
    removed += result.removed;
    if (result.read < pass.batch) return removed;
  }
}
