import type { Db } from '../db/database.js';
import {
  findDelivery,
  insertRedelivery,
  lockDomainDeliveries,
} from '../db/repositories/webhooks.repository.js';
import { enqueue } from './webhook-events.js';

/** Queues a `ping` for one webhook and returns its delivery. */
export async function pingWebhook(db: Db, domain: { id: string; domain: string }, webhookId: string) {
  const [created] = await db
    .transaction()
    .execute((trx) => enqueue(trx, domain.id, 'ping', { domain: domain.domain, webhookId }, [webhookId]));
  return created && findDelivery(db, webhookId, created.id);
}

/**
 * Queues the event of one of the webhook's deliveries again, as a new delivery with the same event
 * id; undefined when the delivery (or the webhook) is gone.
 */
export async function redeliver(db: Db, domainId: string, webhookId: string, deliveryId: string) {
  const created = await db.transaction().execute(async (trx) => {
    await lockDomainDeliveries(trx, domainId);
    return insertRedelivery(trx, webhookId, deliveryId);
  });
  return created && findDelivery(db, webhookId, created.id);
}
