import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  claimDueDeliveries,
  pruneDeliveries,
  type ClaimedDelivery,
} from '../../db/repositories/webhooks.repository.js';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { attemptDelivery, RETRY_DELAYS_MS } from '../../services/webhook-delivery.js';

export interface WebhookWorkerOptions {
  /** How often the outbox is looked at when nothing has freed a slot meanwhile. */
  pollMs: number;
  retryDelaysMs?: readonly number[];
  /** The whole exchange with a receiver (10 s). */
  timeoutMs?: number;
  /** From the name look-up's end to the TCP connection (3 s). */
  connectTimeoutMs?: number;
  /** From the connection to the answer's status line (5 s). */
  firstByteTimeoutMs?: number;
  /** Deliveries in flight at once in this process, each to a different webhook (16). */
  concurrency?: number;
  /** Of which one domain's at most (4). */
  perDomain?: number;
  /** Finished deliveries are kept this long. */
  keepDays?: number;
  pruneEveryMs?: number;
  jitter?: number;
}

/**
 * Delivers the outbox (issue 21, decision 042; shared between domains since issue 29, decision 057)
 * in the background of every server process. It keeps up to `concurrency` deliveries in flight:
 * whenever one ends, and at every poll, it claims due deliveries for the free slots (SKIP LOCKED,
 * with a lease), at most `perDomain` of one domain in flight, so that a domain whose receivers
 * never answer holds a few slots and never the worker. Any number of processes on one PostgreSQL
 * share the work without sending a delivery twice; a process that dies mid-send leaves it to the
 * next claim, and one that shuts down gives its deliveries in flight back. A database outage is
 * logged and the next poll tries again.
 */
export default fp(
  async function webhookWorker(app: FastifyInstance, options: WebhookWorkerOptions) {
    const timeouts = {
      totalMs: options.timeoutMs ?? 10_000,
      connectMs: options.connectTimeoutMs ?? 3_000,
      firstByteMs: options.firstByteTimeoutMs ?? 5_000,
    };
    const concurrency = options.concurrency ?? 16;
    const perDomain = Math.min(options.perDomain ?? 4, concurrency);
    const keepDays = options.keepDays ?? 30;
    const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    // Long enough for the request and its recording; a lease that ran out means the sender died,
    // and the delivery is sent again that much later.
    const leaseSeconds = Math.ceil(timeouts.totalMs / 1000) + 5;
    const settings = {
      secrets: app.webhooks.secrets,
      policy: app.webhooks.policy,
      retryDelaysMs,
      timeouts,
      jitter: options.jitter ?? 0.1,
    };

    const logFailure = (what: string) => (error: unknown) =>
      error instanceof DatabaseUnavailableError
        ? app.log.warn(`${what} waits for the database: ${error.message}`)
        : app.log.error({ err: error }, `${what} failed`);

    const shutdown = new AbortController();
    const inFlight = new Map<string, number>();
    const running = new Set<Promise<void>>();
    let claiming: Promise<void> | undefined;
    let claimAgain = false;

    const count = (domainId: string, change: 1 | -1) => {
      const next = (inFlight.get(domainId) ?? 0) + change;
      if (next > 0) inFlight.set(domainId, next);
      else inFlight.delete(domainId);
    };

    const start = (delivery: ClaimedDelivery) => {
      count(delivery.domain_id, 1);
      const attempt = attemptDelivery(app.db, delivery, settings, shutdown.signal)
        .then(() => undefined, logFailure('the webhook delivery'))
        .finally(() => {
          count(delivery.domain_id, -1);
          running.delete(attempt);
          // The slot is free: fill it now rather than at the next poll.
          void fill();
        });
      running.add(attempt);
    };

    /** Claims for the free slots until there are none or nothing is due; one claim at a time. */
    const fill = (): Promise<void> => {
      if (claiming) {
        claimAgain = true;
        return claiming;
      }
      claiming = (async () => {
        try {
          do {
            claimAgain = false;
            while (!shutdown.signal.aborted && running.size < concurrency) {
              const claimed = await claimDueDeliveries(app.db, {
                limit: concurrency - running.size,
                leaseSeconds,
                maxAttempts: retryDelaysMs.length + 1,
                perDomain,
                inFlight,
              });
              if (claimed.length === 0) break;
              for (const delivery of claimed) start(delivery);
            }
          } while (claimAgain && !shutdown.signal.aborted);
        } catch (error) {
          logFailure('the webhook delivery')(error);
        } finally {
          claiming = undefined;
        }
      })();
      return claiming;
    };
    runPeriodically(app, { everyMs: options.pollMs, firstAfterMs: options.pollMs }, fill);
    app.addHook('onClose', async () => {
      // Deliveries in flight are cut off and given back, so that closing never waits for a receiver.
      shutdown.abort();
      await claiming;
      await Promise.all(running);
    });

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
