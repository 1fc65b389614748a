import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimDueDeliveries, pruneDeliveries } from '../../db/repositories/webhooks.repository.js';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { attemptDelivery, RETRY_DELAYS_MS } from '../../services/webhook-delivery.js';

export interface WebhookWorkerOptions {
  /** How often the outbox is looked at when it was empty. */
  pollMs: number;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Deliveries sent at once, each to a different webhook. */
  batchSize?: number;
  /** Finished deliveries are kept this long. */
  keepDays?: number;
  pruneEveryMs?: number;
  jitter?: number;
}

/**
 * Delivers the outbox (issue 21, decision 042) in the background of every server process: each
 * round claims the due deliveries (SKIP LOCKED, with a lease), sends them and records the result,
 * and goes on until nothing is due. Any number of processes on one PostgreSQL share the work
 * without sending a delivery twice; a process that dies mid-send leaves it to the next claim. A
 * database outage is logged and the next round tries again.
 */
export default fp(
  async function webhookWorker(app: FastifyInstance, options: WebhookWorkerOptions) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const batchSize = options.batchSize ?? 10;
    const keepDays = options.keepDays ?? 30;
    // Long enough for the request and its recording; a lease that ran out means the sender died,
    // and the delivery is sent again that much later.
    const leaseSeconds = Math.ceil(timeoutMs / 1000) + 5;
    const settings = {
      secrets: app.webhooks.secrets,
      policy: app.webhooks.policy,
      retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
      timeoutMs,
      jitter: options.jitter ?? 0.1,
    };
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
    });

    const logFailure = (what: string) => (error: unknown) =>
      error instanceof DatabaseUnavailableError
        ? app.log.warn(`${what} waits for the database: ${error.message}`)
        : app.log.error({ err: error }, `${what} failed`);

    const deliver = async () => {
      try {
        while (!closing) {
          const claimed = await claimDueDeliveries(app.db, batchSize, leaseSeconds);
          if (claimed.length === 0) return;
          await Promise.all(claimed.map((delivery) => attemptDelivery(app.db, delivery, settings)));
        }
      } catch (error) {
        logFailure('the webhook delivery')(error);
      }
    };
    runPeriodically(app, { everyMs: options.pollMs, firstAfterMs: options.pollMs }, deliver);

    const prune = () =>
      pruneDeliveries(app.db, keepDays).then((removed) => {
        if (removed > 0)
          app.log.info(`pruned ${removed} webhook deliveries and events older than ${keepDays} days`);
      }, logFailure('the pruning of webhook deliveries'));
    const pruneEveryMs = options.pruneEveryMs ?? 60 * 60_000;
    runPeriodically(app, { everyMs: pruneEveryMs, firstAfterMs: Math.min(pruneEveryMs, 5 * 60_000) }, prune);
  },
  { name: 'webhook-worker', dependencies: ['webhooks'] },
);
