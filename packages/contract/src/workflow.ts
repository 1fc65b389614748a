// No schemas here: the web app imports this file alone (@masthead/contract/workflow) to stay small.
/** `scheduled`: approved, with a time set for the worker to publish it (decision 043). */
export const BLOG_STATUSES = ['draft', 'approved', 'scheduled', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const MANAGE_TYPES = ['APPROVAL', 'PUBLISH'] as const;
export type ManageType = (typeof MANAGE_TYPES)[number];

export interface WorkflowFlags {
  approved: boolean;
  published: boolean;
}

/**
 * The workflow of spec §4: draft → approved → published, back by unpublish, then unapprove.
 * Returns null when the change is allowed, or a sentence that says what to do instead.
 */
export function workflowRefusal(post: WorkflowFlags, type: ManageType, value: boolean): string | null {
  if (type === 'APPROVAL' && value) {
    if (post.published) return 'This post is published; unpublish it before changing its approval.';
    if (post.approved) return 'This post is already approved.';
    return null;
  }
  if (type === 'APPROVAL' && !value) {
    if (post.published) return 'Unpublish this post before unapproving it.';
    if (!post.approved) return 'This post is not approved.';
    return null;
  }
  if (type === 'PUBLISH' && value) {
    if (post.published) return 'This post is already published.';
    if (!post.approved) return 'Approve this post before publishing it.';
    return null;
  }
  if (!post.published) return 'This post is not published.';
  return null;
}

/** Edit and delete are refused while a post is approved or published (spec §4). */
export function editRefusal(post: WorkflowFlags, action: 'edit' | 'delete'): string | null {
  const verb = action === 'edit' ? 'editing' : 'deleting';
  if (post.published) return `Unpublish and unapprove this post before ${verb} it.`;
  if (post.approved) return `Unapprove this post before ${verb} it.`;
  return null;
}

export function postStatus(post: WorkflowFlags): 'draft' | 'approved' | 'published' {
  if (post.published) return 'published';
  if (post.approved) return 'approved';
  return 'draft';
}

/** A post's workflow state with its schedule, if it has one. */
export interface ScheduleFlags extends WorkflowFlags {
  scheduledFor: string | null;
}

/**
 * Scheduling (issue 21): only an approved post that is not published may be given a time.
 * Returns null when allowed, or a sentence that says why not.
 */
export function scheduleRefusal(post: WorkflowFlags): string | null {
  if (post.published) return 'This post is already published; unpublish it before scheduling it.';
  if (!post.approved) return 'Approve this post before scheduling it.';
  return null;
}

/** Cancelling a schedule needs one. */
export function unscheduleRefusal(post: ScheduleFlags): string | null {
  if (post.scheduledFor === null) return 'This post is not scheduled.';
  return null;
}
