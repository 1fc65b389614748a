import { Type } from '@sinclair/typebox';

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
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ActivityKindSchema = Type.Union(
  ACTIVITY_KINDS.map((kind) => Type.Literal(kind)),
  { title: 'ActivityKind' },
);
