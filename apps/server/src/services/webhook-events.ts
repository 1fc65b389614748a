import type { WebhookEventBody, WebhookEventType, WebhookPostData } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { findPostForEvent } from '../db/repositories/delivery.repository.js';
import { findDomainById } from '../db/repositories/domains.repository.js';
import {
  insertDeliveries,
  insertEvent,
  lockDomainDeliveries,
  subscribedWebhookIds,
} from '../db/repositories/webhooks.repository.js';
import type { TaxonomyRow } from '../db/tables/database.table.js';
import { toDeliveryPost } from './delivery-posts.js';

type EventData = Record<string, unknown>;

/**
 * Puts an event in the outbox, with one delivery per active webhook of the domain that wants it,
 * inside the caller's transaction (issue 21): a change that rolls back sends nothing, and one that
 * commits is delivered by the worker (plugins/app/webhook-worker.ts) even if the process dies next.
 * `data` may be a function, so that nothing is read when no webhook wants the event. Call it as
 * the transaction's last step: it takes the domain's delivery lock (lockDomainDeliveries).
 */
export async function recordEvent(
  trx: Db,
  domainId: string,
  type: Exclude<WebhookEventType, 'ping'>,
  data: EventData | (() => Promise<EventData | undefined>),
): Promise<void> {
  const webhookIds = await subscribedWebhookIds(trx, domainId, type);
  if (webhookIds.length === 0) return;
  const resolved = typeof data === 'function' ? await data() : data;
  if (!resolved) return;
  await enqueue(trx, domainId, type, resolved, webhookIds);
}

/** An event for the webhooks given, whatever they asked for: the `ping` of the test call. */
export async function enqueue(
  trx: Db,
  domainId: string,
  type: WebhookEventType,
  data: EventData,
  webhookIds: string[],
) {
  const body: WebhookEventBody = { type, timestamp: new Date().toISOString(), data };
  await lockDomainDeliveries(trx, domainId);
  const eventId = await insertEvent(trx, domainId, type, JSON.stringify(body));
  return insertDeliveries(trx, eventId, webhookIds);
}

/** A post event's data: the delivery API's shape without HTML, read inside the transaction. */
export async function postEventData(trx: Db, domainId: string, postId: string) {
  const row = await findPostForEvent(trx, domainId, postId);
  if (!row) return undefined;
  const post = toDeliveryPost(row, row.post_url);
  const data: WebhookPostData = {
    domain: row.domain,
    ...post,
    publishedDate: row.published ? post.publishedDate : null,
  };
  return data;
}

/** post.published, post.unpublished, post.updated, post.deleted or post.scheduled for one post. */
export function recordPostEvent(
  trx: Db,
  domainId: string,
  type: Extract<WebhookEventType, `post.${string}`>,
  postId: string,
) {
  return recordEvent(trx, domainId, type, () => postEventData(trx, domainId, postId));
}

/** tag.* or category.* with the tag or category as the delivery API shows it. */
export function recordTaxonomyEvent(
  trx: Db,
  kind: 'tag' | 'category',
  action: 'created' | 'updated' | 'deleted',
  row: TaxonomyRow,
) {
  return recordEvent(trx, row.domain_id, `${kind}.${action}`, async () => {
    const domain = await findDomainById(trx, row.domain_id);
    return { domain: domain?.domain ?? '', id: row.id, slug: row.slug, name: row.display_name };
  });
}
