import { expect } from 'vitest';
import type { NewWebhook, WebhookDelivery } from '@masthead/contract';
import type { TestContext, TestDomain } from '../helpers/test-app.js';
import { blogApi } from '../routes/blogs/blog-fixtures.js';
import { eventually } from './webhook-receiver.js';

/** The worker's settings for tests: fast polls and retries, no jitter. */
export const FAST_DELIVERY = { pollMs: 30, retryDelaysMs: [100, 100, 100], timeoutMs: 2000, jitter: 0 };

/** The admin API of one domain's webhooks, as its admin (or the token given). */
export function webhookApi(ctx: TestContext, token: string, host: string) {
  const q = `domain=${encodeURIComponent(host)}`;
  return {
    create: (payload: unknown) =>
      ctx.request(token, { method: 'POST', url: `/cms/webhooks?${q}`, payload: payload as object }),
    list: () => ctx.request(token, { method: 'GET', url: `/cms/webhooks?${q}` }),
    get: (id: string) => ctx.request(token, { method: 'GET', url: `/cms/webhooks/${id}?${q}` }),
    update: (id: string, payload: unknown) =>
      ctx.request(token, { method: 'PUT', url: `/cms/webhooks/${id}?${q}`, payload: payload as object }),
    remove: (id: string) => ctx.request(token, { method: 'DELETE', url: `/cms/webhooks/${id}?${q}` }),
    deliveries: (id: string, query = '') =>
      ctx.request(token, { method: 'GET', url: `/cms/webhooks/${id}/deliveries?${q}${query}` }),
    redeliver: (id: string, deliveryId: string) =>
      ctx.request(token, {
        method: 'POST',
        url: `/cms/webhooks/${id}/deliveries/${deliveryId}/redeliver?${q}`,
      }),
    test: (id: string) => ctx.request(token, { method: 'POST', url: `/cms/webhooks/${id}/test?${q}` }),
  };
}

/** A domain with an admin, its blog and webhook calls. */
export async function webhookWorld(ctx: TestContext) {
  const domain: TestDomain = await ctx.domain();
  const { token } = await ctx.member('admin', domain);
  return {
    domain,
    token,
    blogs: blogApi(ctx, token, domain.domain),
    hooks: webhookApi(ctx, token, domain.domain),
  };
}

export async function registered(
  hooks: ReturnType<typeof webhookApi>,
  url: string,
  events: string[],
  extra: Record<string, unknown> = {},
) {
  const res = await hooks.create({ url, events, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<NewWebhook>();
}

export async function deliveriesOf(hooks: ReturnType<typeof webhookApi>, id: string) {
  const res = await hooks.deliveries(id, '&numberOfEntries=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: WebhookDelivery[]; totalEntries: number }>().entries;
}

/**
 * The webhook's deliveries once `count` of them have an outcome: the worker records it after the
 * receiver has answered, so a receiver's count alone can run ahead of the statuses.
 */
export async function settledDeliveries(hooks: ReturnType<typeof webhookApi>, id: string, count: number) {
  let entries: WebhookDelivery[] = [];
  await eventually(
    async () => {
      entries = await deliveriesOf(hooks, id);
      return entries.filter((d) => d.status === 'succeeded' || d.status === 'failed').length >= count;
    },
    10_000,
    `${count} deliveries with an outcome`,
  );
  return entries;
}
