import type { Role } from '@masthead/contract/constants';
import { scheduleRefusal, type ScheduleFlags } from '@masthead/contract/workflow';

/**
 * The schedule's card actions (issue 21), apart from postActions so that a card shows them only
 * where they apply: "Schedule…" beside Publish on an approved post without a schedule, and
 * "Cancel schedule" on a scheduled one; both for editors and admins, as the server checks.
 */
export function scheduleActions(post: ScheduleFlags, role: Role | undefined) {
  const manage = role === 'editor' || role === 'admin';
  const scheduled = post.scheduledFor !== null;
  return {
    schedule: manage && !scheduled && scheduleRefusal(post) === null,
    unschedule: manage && scheduled,
  };
}
