import type { ActivityKind, ActivityObject } from '@masthead/contract';

/**
 * The kinds and objects of the kind filter, in the contract's order. Written out here rather than
 * imported: every contract module is part of the signed-in area's shared chunk (vite.config.ts),
 * which has no room to spare; the types below fail the build when the contract gains a kind or an
 * object this list lacks.
 */
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
] as const satisfies readonly ActivityObject[];

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
] as const satisfies readonly ActivityKind[];

type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
// Each is `true` only while the lists above hold every kind and object of the contract.
export const EVERY_KIND_LISTED: Missing<ActivityKind, (typeof ACTIVITY_KINDS)[number]> = true;
export const EVERY_OBJECT_LISTED: Missing<ActivityObject, (typeof ACTIVITY_OBJECTS)[number]> = true;
