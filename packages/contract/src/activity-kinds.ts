// No schemas here: the web app imports this file alone (@masthead/contract/activity-kinds) to stay small.
/**
 * Every kind of change the audit trail records (issue 22), `<object>.<what happened>`. The
 * activity list filters by one kind, or by an object (`post`, `member`, ...) for all of its kinds.
 */
export const ACTIVITY_KINDS = [
  'post.created',
  'post.updated',
  'post.deleted',
  'post.approved',
  'post.unapproved',
  'post.published',
  'post.unpublished',
  'post.scheduled',
  'post.unscheduled',
  'post.publish_failed',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'asset.uploaded',
  'asset.updated',
  'asset.deleted',
  'member.added',
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.renewed',
  'invitation.revoked',
  'invitation.accepted',
  'fields.replaced',
  'content_key.created',
  'content_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'domain.settings_updated',
  'preview.shared',
  'preview.revoked',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The objects of the kinds: `post` stands for every `post.*` kind in the activity filter. */
export const ACTIVITY_OBJECTS = [
  'post',
  'tag',
  'category',
  'asset',
  'member',
  'invitation',
  'fields',
  'content_key',
  'webhook',
  'domain',
  'preview',
] as const;
export type ActivityObject = (typeof ACTIVITY_OBJECTS)[number];
