import type { Db } from '../db/database.js';
import {
  findDelivery,
  insertRedelivery,
  isWebhookActive,
  lockDomainDeliveries,
} from '../db/repositories/webhooks.repository.js';
import { enqueue } from './webhook-events.js';

/**
 * What a test or a redelivery queued: the delivery as queued, `off` when the webhook is turned off
 * (nothing is queued), or `gone` when the webhook (or the delivery to send again) is not there.
 */
export type Queued =
  | { kind: 'queued'; delivery: NonNullable<Awaited<ReturnType<typeof findDelivery>>> }
  | { kind: 'off' | 'gone' };

/** Queues a `ping` for one webhook. */
export async function pingWebhook(
  db: Db,
  domain: { id: string; domain: string },
  webhookId: string,
): Promise<Queued> {
  // Read in the transaction: after its commit the worker may already be sending it, and the answer
  // says what was queued. The webhook is checked under its lock (isWebhookActive): a turn-off that
  // commits meanwhile fails the ping rather than leave it pending on a webhook that is off.
  return db.transaction().execute(async (trx) => {
    const active = await isWebhookActive(trx, webhookId);
    if (active === undefined) return { kind: 'gone' as const };
    if (!active) return { kind: 'off' as const };
    const [created] = await enqueue(trx, domain.id, 'ping', { domain: domain.domain, webhookId }, [
      webhookId,
    ]);
    const delivery = created && (await findDelivery(trx, webhookId, created.id));
    return delivery ? { kind: 'queued' as const, delivery } : { kind: 'gone' as const };
  });
}

/**
 * Queues the event of one of the webhook's deliveries again, as a new delivery with the same event
 * id.
 */
export async function redeliver(
  db: Db,
  domainId: string,
  webhookId: string,
  deliveryId: string,
): Promise<Queued> {
  return db.transaction().execute(async (trx) => {
    const active = await isWebhookActive(trx, webhookId);
    if (active === undefined) return { kind: 'gone' as const };
    if (!active) return { kind: 'off' as const };
    await lockDomainDeliveries(trx, domainId);
    const created = await insertRedelivery(trx, webhookId, deliveryId);
    // As queued, before the worker can claim it (pingWebhook).
    const delivery = created && (await findDelivery(trx, webhookId, created.id));
    return delivery ? { kind: 'queued' as const, delivery } : { kind: 'gone' as const };
  });
}
