import type { Db } from '../db/database.js';
import {
  findDelivery,
  insertRedelivery,
  lockDomainDeliveries,
} from '../db/repositories/webhooks.repository.js';
import { enqueue } from './webhook-events.js';

/** Queues a `ping` for one webhook and returns its delivery. */
export async function pingWebhook(db: Db, domain: { id: string; domain: string }, webhookId: string) {
  // Read in the transaction: after its commit the worker may already be sending it, and the answer
  // says what was queued.
  return db.transaction().execute(async (trx) => {
    const [created] = await enqueue(trx, domain.id, 'ping', { domain: domain.domain, webhookId }, [
      webhookId,
    ]);
    return created && findDelivery(trx, webhookId, created.id);
  });
}

/**
 * Queues the event of one of the webhook's deliveries again, as a new delivery with the same event
 * id; undefined when the delivery (or the webhook) is gone.
 */
export async function redeliver(db: Db, domainId: string, webhookId: string, deliveryId: string) {
  return db.transaction().execute(async (trx) => {
    await lockDomainDeliveries(trx, domainId);
    const created = await insertRedelivery(trx, webhookId, deliveryId);
    // As queued, before the worker can claim it (pingWebhook).
    return created && findDelivery(trx, webhookId, created.id);
  });
}
