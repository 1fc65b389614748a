import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/database.js';
import {
  recordDeliveryResult,
  releaseClaim,
  turnWebhookOff,
  type ClaimedDelivery,
  type DeliveryResult,
} from '../db/repositories/webhooks.repository.js';
import { describeFailure, isConnectionFailure } from '../lib/pg-errors.js';
import type { WebhookAddressPolicy } from '../lib/webhook-address.js';
import { sendWebhookRequest, type WebhookOutcome, type WebhookTimeouts } from '../lib/webhook-request.js';
import type { WebhookSecrets } from '../lib/webhook-secrets.js';

/** The schedule: the waits after the 1st, 2nd … failed attempt (about 31 h in all). */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400].map((s) => s * 1000);

export interface DeliverySettings {
  secrets: () => Promise<WebhookSecrets>;
  policy: WebhookAddressPolicy;
  retryDelaysMs: readonly number[];
  timeouts: WebhookTimeouts;
  /** ± this fraction of each wait, so that many failed deliveries do not come back together. */
  jitter: number;
}

/** The Standard Webhooks headers: the event's id (the same on every attempt), now, and the signature. */
export function signedHeaders(secret: string, eventId: string, body: string, at = new Date()) {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

const GONE = 'The receiver answered 410 Gone: the webhook was turned off';

function resultOf(
  outcome: WebhookOutcome,
  claimed: ClaimedDelivery,
  settings: DeliverySettings,
): DeliveryResult {
  const answered = 'status' in outcome;
  const base = {
    responseCode: answered ? outcome.status : null,
    responseBody: answered ? outcome.body : null,
    durationMs: outcome.durationMs,
    error: answered ? null : outcome.error,
  };
  if (answered && outcome.status >= 200 && outcome.status < 300) return { ...base, status: 'succeeded' };
  if (answered && outcome.status === 410) return { ...base, status: 'failed', error: GONE };
  const wait = settings.retryDelaysMs[claimed.attempt - 1];
  if (wait === undefined) return { ...base, status: 'failed' };
  const spread = 1 + (Math.random() * 2 - 1) * settings.jitter;
  return { ...base, status: 'pending', retryAfterMs: Math.max(0, Math.round(wait * spread)) };
}

async function writeResult(db: Db, claimed: ClaimedDelivery, result: DeliveryResult) {
  if (result.error === GONE) {
    // One transaction: between the two, the next delivery of the webhook would be due and could
    // be sent after the receiver said it is gone.
    await db.transaction().execute(async (trx) => {
      await recordDeliveryResult(trx, claimed, result);
      await turnWebhookOff(trx, claimed.webhook_id, GONE);
    });
  } else await recordDeliveryResult(db, claimed, result);
}

/**
 * Records the attempt's result. One the database refuses (something in the answer it cannot store)
 * is recorded again without the answer and with the reason as its error, so that the attempt
 * counts as what it was (a success is not sent again) rather than being left to the lease and
 * repeated for good (issue 29). A database that cannot be reached is left to the lease: the
 * delivery is claimed again when it ends.
 */
async function recordResult(db: Db, claimed: ClaimedDelivery, result: DeliveryResult) {
  try {
    await writeResult(db, claimed, result);
  } catch (error) {
    if (isConnectionFailure(error)) throw error;
    const reason = `The answer could not be stored: ${describeFailure(error)}`;
    await writeResult(db, claimed, { ...result, responseBody: null, error: reason.slice(0, 500) });
  }
}

/**
 * One attempt of a claimed delivery: signs and sends it, then records what came of it. A secret
 * that does not decrypt (another server's key) counts as a failed attempt, so that it is retried
 * on the schedule and the log says why, rather than lost. An attempt cut off by `signal` (the
 * server shutting down) is given back uncounted, for the next claim.
 */
export async function attemptDelivery(
  db: Db,
  claimed: ClaimedDelivery,
  settings: DeliverySettings,
  signal?: AbortSignal,
) {
  let outcome: WebhookOutcome;
  try {
    const secrets = await settings.secrets();
    const secret = secrets.decrypt(claimed.webhook_id, claimed.secret_encrypted);
    outcome = await sendWebhookRequest(
      {
        url: claimed.url,
        headers: signedHeaders(secret, claimed.event_id, claimed.body),
        body: claimed.body,
      },
      settings.policy,
      settings.timeouts,
      signal,
    );
  } catch {
    outcome = {
      error: "The webhook's secret cannot be decrypted with this server's key (WEBHOOK_SECRETS_KEY)",
      durationMs: 0,
    };
  }
  if ('aborted' in outcome && outcome.aborted) {
    await releaseClaim(db, claimed);
    return undefined;
  }
  const result = resultOf(outcome, claimed, settings);
  await recordResult(db, claimed, result);
  return result;
}
