import {
  scheduleRefusal,
  unscheduleRefusal,
  workflowRefusal,
  type ActivityKind,
  type ManageType,
} from '@masthead/contract';
import type { Db } from '../db/database.js';
import { claimDuePost, setPostFlags, setPostSchedule } from '../db/repositories/posts.repository.js';
import { clearScheduleFailure } from '../db/repositories/schedule-failures.repository.js';
import { loadPost } from './blogs.service.js';
import { lockPostFor } from './post-lock.js';
import { recordWorkflowChange, systemSaver, workflowEventOf, type Saver } from './revisions.js';
import { postEventData, recordEvent, recordPostEvent } from './webhook-events.js';

// The workflow of spec §4 (approve, publish and back) and scheduled publishing (decision 043).

/** The activity of each workflow change, by its type and then its value (false, true). */
const MANAGE_KINDS = {
  APPROVAL: ['post.unapproved', 'post.approved'],
  PUBLISH: ['post.unpublished', 'post.published'],
} as const satisfies Record<ManageType, readonly [ActivityKind, ActivityKind]>;

export async function managePost(
  db: Db,
  domainId: string,
  id: string,
  type: ManageType,
  value: boolean,
  by: Saver,
) {
  await db.transaction().execute(async (trx) => {
    const current = await lockPostFor(trx, domainId, id, {
      refusal: (post) => workflowRefusal(post, type, value),
    });
    const flags = { approved: current.approved, published: current.published };
    if (type === 'APPROVAL') flags.approved = value;
    else flags.published = value;
    const publication = flags.published !== current.published;
    // An unpublished post's event shows it as it was published, so it is read before the change.
    const before = publication && !flags.published ? await postEventData(trx, domainId, id) : undefined;
    await setPostFlags(trx, domainId, id, flags);
    await recordWorkflowChange(trx, domainId, id, workflowEventOf(type, value), by, {
      kind: MANAGE_KINDS[type][value ? 1 : 0],
      objectId: id,
      objectLabel: current.title,
    });
    if (before) await recordEvent(trx, domainId, 'post.unpublished', before);
    if (publication && flags.published) await recordPostEvent(trx, domainId, 'post.published', id);
  });
  return loadPost(db, domainId, id);
}

/**
 * Gives an approved post a time for the worker to publish it (or moves it). `publishAt` was
 * checked to be in the future by the caller against the same clock the worker reads.
 */
export async function schedulePost(
  db: Db,
  domainId: string,
  id: string,
  publishAt: Date,
  expectedVersions: number[] | undefined,
  by: Saver,
) {
  await db.transaction().execute(async (trx) => {
    const current = await lockPostFor(trx, domainId, id, { expectedVersions, refusal: scheduleRefusal });
    await setPostSchedule(trx, domainId, id, publishAt);
    // A new schedule is tried at its time, whatever became of an earlier one (decision 059).
    await clearScheduleFailure(trx, id);
    await recordWorkflowChange(
      trx,
      domainId,
      id,
      'scheduled',
      by,
      {
        kind: 'post.scheduled',
        objectId: id,
        objectLabel: current.title,
        after: { publishAt: publishAt.toISOString() },
      },
      { scheduledFor: publishAt },
    );
    // Last: recording an event takes the domain's delivery lock (decision 042).
    await recordPostEvent(trx, domainId, 'post.scheduled', id);
  });
  return loadPost(db, domainId, id);
}

export async function unschedulePost(
  db: Db,
  domainId: string,
  id: string,
  expectedVersions: number[] | undefined,
  by: Saver,
) {
  await db.transaction().execute(async (trx) => {
    const current = await lockPostFor(trx, domainId, id, {
      expectedVersions,
      refusal: (post) =>
        unscheduleRefusal({ ...post, scheduledFor: post.scheduled_for?.toISOString() ?? null }),
    });
    await setPostSchedule(trx, domainId, id, null);
    await recordWorkflowChange(trx, domainId, id, 'unscheduled', by, {
      kind: 'post.unscheduled',
      objectId: id,
      objectLabel: current.title,
      before: { publishAt: current.scheduled_for?.toISOString() ?? null },
    });
  });
  return loadPost(db, domainId, id);
}

/**
 * The worker's publish (plugins/app/scheduled-publisher.ts): takes the post that fell due first
 * (at `now`) and no other transaction holds, and publishes it in the caller's transaction, as a
 * publish by hand would (published_at and the delivery API's change come from the triggers).
 * Returns what it published, or undefined when nothing is due.
 */
export async function publishScheduledPost(trx: Db, now: Date, history = true) {
  const due = await claimDuePost(trx, now);
  return due && publishClaimedPost(trx, due, now, history);
}

export type DuePost = NonNullable<Awaited<ReturnType<typeof claimDuePost>>>;

/**
 * Publishes a post claimed by claimDuePost, in the claim's transaction. Whatever else a scheduled
 * publish must do in the same transaction belongs here. `failedBefore` counts the attempts that
 * failed before this one (decision 059), whose streak it ends.
 */
export async function publishClaimedPost(trx: Db, due: DuePost, now: Date, history = true) {
  await setPostFlags(trx, due.domain_id, due.id, { approved: true, published: true });
  await recordWorkflowChange(trx, due.domain_id, due.id, 'published', systemSaver(now, history), {
    kind: 'post.published',
    objectId: due.id,
    objectLabel: due.title,
  });
  const failedBefore = await clearScheduleFailure(trx, due.id);
  // Last, as in managePost: recording an event takes the domain's delivery lock (decision 042).
  await recordPostEvent(trx, due.domain_id, 'post.published', due.id);
  return { id: due.id, domainId: due.domain_id, scheduledFor: due.scheduled_for!, failedBefore };
}
