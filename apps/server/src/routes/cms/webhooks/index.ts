import { Type } from '@sinclair/typebox';
import {
  DomainQuery,
  NewWebhook,
  Paged,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookInput,
  WebhookList,
  WebhookParams,
} from '@masthead/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { findWebhook, listDeliveries, listWebhooks } from '../../../db/repositories/webhooks.repository.js';
import { badRequest, conflict, notFound } from '../../../lib/app-error.js';
import { MemoryAttemptCounters, RedisAttemptCounters } from '../../../lib/attempt-counters.js';
import { requireDomain } from '../../../services/access.js';
import { paged } from '../../../services/paging.js';
import {
  checkWebhookInput,
  createWebhook,
  removeWebhook,
  replaceWebhook,
  toWebhook,
  toWebhookDelivery,
} from '../../../services/webhooks.service.js';
import { pingWebhook, redeliver, type Queued } from '../../../services/webhook-test.js';
import { errorResponses, security } from '../../route-schemas.js';
import { webhookSendLimit } from './send-limit.js';

const tags = ['webhooks'];
const TEST_OFF = 'Turn the webhook on before testing it';
const REDELIVER_OFF = 'Turn the webhook on before sending to it again';

/** A store that cannot be reached is said at most this often, not once per request. */
const UNCOUNTED_LOG_EVERY_MS = 60_000;

export interface WebhookRoutesOptions {
  /** WEBHOOK_MAX_PER_DOMAIN. */
  maxPerDomain: number;
  /** WEBHOOK_TESTS_PER_MINUTE: test pings and redeliveries per domain. */
  testsPerMinute: number;
  /** Shares the budget of test calls between processes (REDIS_URL). */
  redis?: Redis | undefined;
}

/**
 * The domain's webhooks (issue 21), managed by its admins: the answer to the creation is the only
 * one that carries the signing secret. Deliveries are sent by the worker (plugins/app/webhook-worker.ts).
 */
export default async function webhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions) {
  let lastUncounted = -Infinity;
  const sendLimit = webhookSendLimit(
    options.redis ? new RedisAttemptCounters(options.redis, 'webhook-sends:') : new MemoryAttemptCounters(),
    options.testsPerMinute,
    (error) => {
      if (Date.now() - lastUncounted < UNCOUNTED_LOG_EVERY_MS) return;
      lastUncounted = Date.now();
      app.log.warn({ err: error }, 'webhook test calls not counted: Redis cannot be reached');
    },
  );

  /**
   * A test or redelivery within the domain's budget: 202 with what was queued; 409 when the
   * webhook is off and 404 when it (or the delivery) is gone, which take nothing from the budget.
   */
  async function queued(domainId: string, queue: () => Promise<Queued>, offMessage: string, missing: string) {
    await sendLimit.take(domainId);
    const result = await queue().catch(async (error: unknown) => {
      await sendLimit.giveBack(domainId);
      throw error;
    });
    if (result.kind === 'queued') return toWebhookDelivery(result.delivery);
    await sendLimit.giveBack(domainId);
    throw result.kind === 'off' ? conflict(offMessage) : notFound(missing);
  }

  /** The webhook of the caller's domain, or 404 (403 first for a non-admin or a non-member). */
  async function webhookOf(request: FastifyRequest<{ Params: WebhookParams; Querystring: DomainQuery }>) {
    const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
    const webhook = await findWebhook(app.db, access.id, request.params.id);
    if (!webhook) throw notFound('Webhook');
    return { access, webhook };
  }

  app.get<{ Querystring: DomainQuery }>(
    '/webhooks',
    {
      schema: {
        tags,
        summary: "The domain's webhooks, oldest first, without their secrets",
        security,
        querystring: DomainQuery,
        response: { 200: WebhookList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      return (await listWebhooks(app.db, access.id)).map(toWebhook);
    },
  );

  app.post<{ Querystring: DomainQuery; Body: WebhookInput }>(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook; the answer is the only time its signing secret is shown',
        description:
          'The URL must be https (http only with WEBHOOK_ALLOW_HTTP=1), name one of the ports allowed ' +
          '(443, 80 and 8443 unless WEBHOOK_PORTS says otherwise) and its host must resolve to public ' +
          'addresses only (unless WEBHOOK_ALLOW_PRIVATE=1). A domain has at most WEBHOOK_MAX_PER_DOMAIN ' +
          'webhooks (50): 409 past it. Deliveries are signed the Standard Webhooks way with the ' +
          'returned `secret` (docs/webhooks.md).',
        security,
        querystring: DomainQuery,
        body: WebhookInput,
        response: { 201: NewWebhook, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const checked = await checkWebhookInput(request.body, app.webhooks.policy);
      if (!checked.ok) throw badRequest(checked.errors);
      const created = await createWebhook(
        app.db,
        await app.webhooks.secrets(),
        access.id,
        request.user,
        checked.values,
        options.maxPerDomain,
      );
      return reply.code(201).send(created);
    },
  );

  app.get<{ Params: WebhookParams; Querystring: DomainQuery }>(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook, without its secret',
        security,
        params: WebhookParams,
        querystring: DomainQuery,
        response: { 200: Webhook, ...errorResponses(400, 404) },
      },
    },
    async (request) => toWebhook((await webhookOf(request)).webhook),
  );

  app.put<{ Params: WebhookParams; Querystring: DomainQuery; Body: WebhookInput }>(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Replace a webhook’s URL, events, active flag and description; the secret stays',
        description: 'Turning a webhook off fails its pending deliveries.',
        security,
        params: WebhookParams,
        querystring: DomainQuery,
        body: WebhookInput,
        response: { 200: Webhook, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { access } = await webhookOf(request);
      const checked = await checkWebhookInput(request.body, app.webhooks.policy);
      if (!checked.ok) throw badRequest(checked.errors);
      const row = await replaceWebhook(app.db, access.id, request.user, request.params.id, checked.values);
      if (!row) throw notFound('Webhook');
      return toWebhook(row);
    },
  );

  app.delete<{ Params: WebhookParams; Querystring: DomainQuery }>(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove a webhook and its deliveries; nothing more is sent to it',
        security,
        params: WebhookParams,
        querystring: DomainQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      if (!(await removeWebhook(app.db, access.id, request.user, request.params.id)))
        throw notFound('Webhook');
      return reply.code(204).send();
    },
  );

  app.get<{ Params: WebhookParams; Querystring: WebhookDeliveryQuery }>(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "A page of the webhook's deliveries, newest first",
        description: 'Deliveries and their events are kept for 30 days.',
        security,
        params: WebhookParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: Paged(WebhookDelivery), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { webhook } = await webhookOf(request);
      const { page, numberOfEntries } = request.query;
      const { rows, total } = await listDeliveries(app.db, webhook.id, {
        limit: numberOfEntries,
        offset: page * numberOfEntries,
      });
      return paged(rows.map(toWebhookDelivery), total, request.query);
    },
  );

  app.post<{ Params: WebhookDeliveryParams; Querystring: DomainQuery }>(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivery’s event again, as a new delivery with the same webhook-id',
        description:
          'The new delivery is queued behind the webhook’s pending ones; the answer is 202. Tests and ' +
          'redeliveries share a budget per domain (WEBHOOK_TESTS_PER_MINUTE, 20 a minute): 429 with ' +
          'Retry-After past it.',
        security,
        params: WebhookDeliveryParams,
        querystring: DomainQuery,
        response: { 202: WebhookDelivery, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { access, webhook } = await webhookOf(request);
      const delivery = await queued(
        access.id,
        () => redeliver(app.db, access.id, webhook.id, request.params.deliveryId),
        REDELIVER_OFF,
        'Delivery',
      );
      return reply.code(202).send(delivery);
    },
  );

  app.post<{ Params: WebhookParams; Querystring: DomainQuery }>(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a ping event to the webhook',
        description:
          'The ping is queued like any event (202); its delivery shows in the webhook’s deliveries. ' +
          'Tests and redeliveries share a budget per domain (WEBHOOK_TESTS_PER_MINUTE, 20 a minute): ' +
          '429 with Retry-After past it.',
        security,
        params: WebhookParams,
        querystring: DomainQuery,
        response: { 202: WebhookDelivery, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { access, webhook } = await webhookOf(request);
      const delivery = await queued(
        access.id,
        () => pingWebhook(app.db, access, webhook.id),
        TEST_OFF,
        'Webhook',
      );
      return reply.code(202).send(delivery);
    },
  );
}
