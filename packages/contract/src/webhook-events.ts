/** The events a webhook can ask for (issue 21); `ping` is sent only by the test call. */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.unpublished',
  'post.updated',
  'post.deleted',
  'post.scheduled',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'ping';

export const isWebhookEvent = (name: string): name is (typeof WEBHOOK_EVENTS)[number] =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);
