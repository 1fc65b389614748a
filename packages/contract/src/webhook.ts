import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE } from './constants.js';
import { DeliveryPost } from './delivery.js';
import { DomainQuery } from './paging.js';
import { WEBHOOK_EVENTS, type WebhookEventType } from './webhook-events.js';

// Without TypeBox, for the web app: '@masthead/contract/webhook-events'.
export { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventType } from './webhook-events.js';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

const WebhookFields = {
  url: Type.String({
    minLength: 1,
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description: 'https (http only when the server allows it); the host must not be a private address',
  }),
  events: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
    minItems: 1,
    maxItems: WEBHOOK_EVENTS.length,
    description: `Any of: ${WEBHOOK_EVENTS.join(', ')}`,
  }),
  active: Type.Boolean({ default: true }),
  description: Type.String({ maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH, default: '' }),
};

/** What POST and PUT /cms/webhooks take; PUT replaces every field (the secret stays). */
export const WebhookInput = Type.Object(WebhookFields);
export type WebhookInput = Static<typeof WebhookInput>;

/** A webhook as lists show it: never its secret. */
export const Webhook = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    active: Type.Boolean({ description: 'false also when a 410 Gone from the receiver turned it off' }),
    description: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    lastModifiedDate: Type.String({ format: 'date-time' }),
  },
  { title: 'Webhook' },
);
export type Webhook = Static<typeof Webhook>;

export const WebhookList = Type.Array(Webhook);
export type WebhookList = Static<typeof WebhookList>;

/** The answer to POST /cms/webhooks: the only time the signing secret is returned. */
export const NewWebhook = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({ description: 'whsec_…, for the standardwebhooks library; shown this once' }),
  },
  { title: 'NewWebhook' },
);
export type NewWebhook = Static<typeof NewWebhook>;

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    eventId: Type.String({ description: 'The webhook-id header: the same on every attempt and redelivery' }),
    event: Type.String({ description: 'The event type, e.g. post.published' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    attempt: Type.Integer({ description: 'Attempts started so far' }),
    nextAttemptDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When a pending delivery is tried next; null once it succeeded or failed',
    }),
    lastAttemptDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    responseCode: Type.Union([Type.Integer(), Type.Null()]),
    responseBody: Type.Union([Type.String(), Type.Null()], {
      description: 'The first 1 KB of the last answer',
    }),
    durationMs: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why the last attempt failed without an answer (timeout, refused address…)',
    }),
    createdDate: Type.String({ format: 'date-time' }),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type WebhookParams = Static<typeof WebhookParams>;

export const WebhookDeliveryParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  deliveryId: Type.String({ format: 'uuid' }),
});
export type WebhookDeliveryParams = Static<typeof WebhookDeliveryParams>;

export const WebhookDeliveryQuery = Type.Object({
  domain: DomainQuery.properties.domain,
  page: Type.Integer({ minimum: 0, maximum: MAX_PAGE_INDEX, default: 0, description: 'Zero-based' }),
  numberOfEntries: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuery>;

/**
 * A post event's data: the delivery API's post without its HTML, and the domain's host name. It has
 * `featureImageUrl` but not `featureImage` (decision 065): resolving images is the read's work, and
 * an event is written inside the post's transaction.
 */
export type WebhookPostData = Omit<DeliveryPost, 'html' | 'publishedDate' | 'featureImage'> & {
  domain: string;
  /** null when the post is not published (a deleted draft). */
  publishedDate: string | null;
};

/** What every delivery's body holds. */
export interface WebhookEventBody<Data = Record<string, unknown>> {
  type: WebhookEventType;
  timestamp: string;
  data: Data;
}
