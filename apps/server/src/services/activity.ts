import type { ActivityKind } from '@masthead/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import { insertActivity } from '../db/repositories/activity.repository.js';
import type { ActivityTable } from '../db/tables/database.table.js';

/** Who made a change: the signed-in user of the request (`request.user`), or a process. */
export interface Actor {
  email: string;
  name?: string | null;
}

export interface ActivityEntry {
  kind: ActivityKind;
  /** The changed object's id (a post's, a tag's, a member's e-mail). */
  objectId?: string | null;
  /** What the object was called at the time, so the row reads well after it is renamed or gone. */
  objectLabel?: string | null;
  /** For settings: the value before and after (anything JSON can hold). */
  before?: unknown;
  after?: unknown;
}

/** The actor of changes nobody made by hand, such as a scheduled publish. */
export const SYSTEM_ACTOR: Actor = { email: 'system', name: null };

/** The audit row of a change, as `recordActivity` inserts it (or a caller folds into its own statement). */
export function activityRow(domainId: string, actor: Actor, entry: ActivityEntry): Insertable<ActivityTable> {
  return {
    domain_id: domainId,
    actor_email: actor.email,
    actor_name: actor.name ?? null,
    kind: entry.kind,
    object_id: entry.objectId ?? null,
    object_label: entry.objectLabel ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  };
}

/**
 * Adds a row to the domain's audit trail (issue 22) inside the caller's transaction: a change that
 * is refused or rolls back leaves no row, and one that commits always has one.
 */
export async function recordActivity(trx: Db, domainId: string, actor: Actor, entry: ActivityEntry) {
  await insertActivity(trx, activityRow(domainId, actor, entry));
}
