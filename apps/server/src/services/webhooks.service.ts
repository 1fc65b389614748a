import {
  isWebhookEvent,
  REQUIRED_MESSAGE,
  WEBHOOK_EVENTS,
  type NewWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
} from '@masthead/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import {
  countWebhooksLocked,
  deleteWebhook,
  failPendingDeliveries,
  insertWebhook,
  lockWebhook,
  updateWebhook,
  type DeliveryListRow,
  type ListedWebhookRow,
  type WebhookValues,
} from '../db/repositories/webhooks.repository.js';
import {
  checkedAddresses,
  RefusedAddressError,
  webhookUrlProblem,
  type WebhookAddressPolicy,
} from '../lib/webhook-address.js';
import { conflict } from '../lib/app-error.js';
import { WebhookSecrets } from '../lib/webhook-secrets.js';
import { recordActivity, type Actor } from './activity.js';

export const toWebhook = (row: ListedWebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  description: row.description,
  createdDate: row.created_at.toISOString(),
  lastModifiedDate: row.updated_at.toISOString(),
});

export const toWebhookDelivery = (row: DeliveryListRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  event: row.type,
  status: row.status,
  attempt: row.attempt,
  nextAttemptDate: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  lastAttemptDate: row.last_attempt_at?.toISOString() ?? null,
  responseCode: row.response_code,
  responseBody: row.response_body,
  durationMs: row.duration_ms,
  error: row.error,
  createdDate: row.created_at.toISOString(),
});

export type CheckedWebhookInput = { ok: true; values: WebhookValues } | { ok: false; errors: string[] };

/**
 * A webhook's fields as they are stored, or a line per bad field: an https URL (http when
 * allowed) whose host resolves to public addresses only (unless private ones are allowed), known
 * event names, each once, in the order of WEBHOOK_EVENTS, and a one-line description.
 */
export async function checkWebhookInput(
  input: Partial<WebhookInput>,
  policy: WebhookAddressPolicy,
): Promise<CheckedWebhookInput> {
  const errors: string[] = [];
  const url = (input.url ?? '').trim();
  const urlProblem = url === '' ? `url: ${REQUIRED_MESSAGE}` : webhookUrlProblem(url, policy);
  if (urlProblem) errors.push(urlProblem);
  else {
    try {
      await checkedAddresses(new URL(url).hostname, policy);
    } catch (error) {
      if (!(error instanceof RefusedAddressError)) throw error;
      errors.push(`url: ${error.message}`);
    }
  }
  const events = input.events ?? [];
  if (events.length === 0) errors.push(`events: ${REQUIRED_MESSAGE}`);
  events.forEach((name, index) => {
    if (!isWebhookEvent(name))
      errors.push(
        `events.${index}: "${name.slice(0, 50)}" is not an event; use any of ${WEBHOOK_EVENTS.join(', ')}`,
      );
  });
  const description = (input.description ?? '').trim();
  if (/\p{Cc}/u.test(description)) errors.push('description: must not contain control characters');
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      url,
      events: WEBHOOK_EVENTS.filter((name) => events.includes(name)),
      active: input.active ?? true,
      description,
    },
  };
}

/**
 * Makes the webhook and its secret; the answer is the only place the secret ever appears. A domain
 * has at most `maxPerDomain` webhooks (WEBHOOK_MAX_PER_DOMAIN, issue 29): each is a queue the
 * worker serves, and one event is a delivery for each; past it, 409.
 */
export async function createWebhook(
  db: Db,
  secrets: WebhookSecrets,
  domainId: string,
  actor: Actor,
  values: WebhookValues,
  maxPerDomain: number,
): Promise<NewWebhook> {
  const id = randomUUID();
  const secret = WebhookSecrets.newSecret();
  const row = await db.transaction().execute(async (trx) => {
    if ((await countWebhooksLocked(trx, domainId)) >= maxPerDomain)
      throw conflict(
        `This domain already has ${maxPerDomain} webhooks, the most it may have (WEBHOOK_MAX_PER_DOMAIN); remove one it no longer needs, or send several events to one webhook`,
      );
    const row = await insertWebhook(trx, {
      ...values,
      id,
      domainId,
      secretEncrypted: secrets.encrypt(id, secret),
    });
    await recordActivity(trx, domainId, actor, {
      kind: 'webhook.created',
      objectId: row.id,
      objectLabel: urlOrigin(row.url),
      after: settingsOf(values),
    });
    return row;
  });
  return { ...toWebhook(row), secret };
}

/** Replaces the fields; turning a webhook off ends its queue, as a 410 from its receiver does. */
export function replaceWebhook(db: Db, domainId: string, actor: Actor, id: string, values: WebhookValues) {
  return db.transaction().execute(async (trx) => {
    // Off: first wait for the changes queueing its events, so that their deliveries fail below.
    if (!values.active) await lockWebhook(trx, id);
    const row = await updateWebhook(trx, domainId, id, values);
    if (!row) return row;
    await recordActivity(trx, domainId, actor, {
      kind: 'webhook.updated',
      objectId: row.id,
      objectLabel: urlOrigin(row.url),
      after: settingsOf(values),
    });
    if (!row.active) await failPendingDeliveries(trx, id, 'The webhook was turned off');
    return row;
  });
}

/** Deletes the webhook and its deliveries, with its activity row; false when there is none. */
export function removeWebhook(db: Db, domainId: string, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const row = await deleteWebhook(trx, domainId, id);
    if (!row) return false;
    await recordActivity(trx, domainId, actor, {
      kind: 'webhook.deleted',
      objectId: row.id,
      objectLabel: urlOrigin(row.url),
    });
    return true;
  });
}

/**
 * What the activity trail keeps of a webhook's URL: its origin (scheme, host and port). The path and
 * query often carry a secret of the receiver's (a token, a key), and the trail is kept for good
 * (issue 29); the webhook's own row keeps the whole URL, which deliveries need.
 */
export function urlOrigin(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** A webhook's settings as its activity row shows them (never its secret, only its URL's origin). */
const settingsOf = (values: WebhookValues) => ({
  url: urlOrigin(values.url),
  events: values.events,
  active: values.active,
  description: values.description,
});
