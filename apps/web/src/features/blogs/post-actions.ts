import type { Role } from '@masthead/contract/constants';
import type { WorkflowFlags } from '@masthead/contract/workflow';

export interface ActionState {
  /** False when the role can never take the action: the button is not shown at all. */
  visible: boolean;
  enabled: boolean;
  /** Translation key of why a visible action is disabled (its tooltip). */
  reason?: string;
}

export interface PostActions {
  edit: ActionState;
  /** Approve, or Unapprove when the post is approved. */
  approval: ActionState & { value: boolean };
  /** Publish, or Unpublish when the post is published. */
  publish: ActionState & { value: boolean };
  delete: ActionState;
}

const allowed: ActionState = { visible: true, enabled: true };
const refused = (reason: string): ActionState => ({ visible: true, enabled: false, reason });
const hidden: ActionState = { visible: false, enabled: false };

/** Authors write and delete drafts; approving and publishing is for editors and admins (DESIGN §2). */
const canManage = (role: Role | undefined) => role === 'editor' || role === 'admin';

/**
 * What each card action offers for a post and a role, as the server enforces it (spec §4): approve
 * only when not published, unapprove when approved and not published, publish only when approved,
 * unpublish when published, and edit and delete only while neither approved nor published.
 */
export function postActions(post: WorkflowFlags, role: Role | undefined): PostActions {
  const locked = post.published
    ? refused('blogs.reason.unpublishFirst')
    : post.approved
      ? refused('blogs.reason.unapproveFirst')
      : allowed;
  const writable = role !== undefined;
  const manage = canManage(role);

  const approval = !manage
    ? hidden
    : post.published
      ? refused(post.approved ? 'blogs.reason.unpublishBeforeUnapprove' : 'blogs.reason.unpublishFirst')
      : allowed;
  const publish = !manage
    ? hidden
    : post.published || post.approved
      ? allowed
      : refused('blogs.reason.approveBeforePublish');

  return {
    edit: writable ? locked : hidden,
    delete: writable ? locked : hidden,
    approval: { ...approval, value: !post.approved },
    publish: { ...publish, value: !post.published },
  };
}
