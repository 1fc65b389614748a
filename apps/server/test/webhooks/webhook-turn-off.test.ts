import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnWebhookOff } from '../../src/db/repositories/webhooks.repository.js';
import { recordEvent } from '../../src/services/webhook-events.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { TEST_DB } from '../helpers/test-database.js';
import { sleep } from '../routes/blogs/blog-fixtures.js';
import { deliveriesOf, registered, webhookWorld } from './webhook-fixtures.js';
import { eventually } from './webhook-receiver.js';

// Turning a webhook off (an admin's PUT, or a 410 from its receiver) while a change that emits one
// of its events is still committing. Two transactions at once need a database with more than one
// connection: PGlite has one, so this runs on PostgreSQL only.
const run = TEST_DB === 'postgres' ? describe : describe.skip;
const lookup = async (): Promise<LookupAddress[]> => [{ address: '93.184.216.34', family: 4 }];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' }, webhooks: { lookup } });
});
afterAll(async () => ctx?.close());

/** A change that records a tag.created event and holds its transaction open until released. */
function heldChange(domainId: string) {
  let release!: () => void;
  let recorded = false;
  const held = new Promise<void>((resolve) => (release = resolve));
  const done = ctx.db.transaction().execute(async (trx) => {
    await recordEvent(trx, domainId, 'tag.created', { name: 'Racing' });
    recorded = true;
    await held;
  });
  return { done, release, recorded: () => recorded };
}

run('turning a webhook off while one of its events is being queued', () => {
  for (const [how, turnOff] of [
    [
      'an admin turns it off',
      (world: Awaited<ReturnType<typeof webhookWorld>>, id: string) =>
        world.hooks
          .update(id, { url: 'https://site.example.test/h', events: ['tag.created'], active: false })
          .then((res) => expect(res.statusCode, res.body).toBe(200)),
    ],
    [
      'its receiver answers 410',
      (_world: unknown, id: string) =>
        ctx.db.transaction().execute((trx) => turnWebhookOff(trx, id, 'The receiver answered 410 Gone')),
    ],
  ] as const) {
    it(`should fail the delivery queued meanwhile when ${how} (issue 29's CI failure: it stayed pending for ever)`, async () => {
      const world = await webhookWorld(ctx);
      const hook = await registered(world.hooks, 'https://site.example.test/h', ['tag.created']);
      const change = heldChange(world.domain.id);
      await eventually(change.recorded, 10_000, 'the event to be recorded');
      const off = turnOff(world, hook.id);
      // The turn-off gets as far as it can before the change commits.
      await sleep(300);
      change.release();
      await Promise.all([change.done, off]);
      const deliveries = await deliveriesOf(world.hooks, hook.id);
      expect(deliveries.map((d) => d.status)).toEqual(['failed']);
      expect((await world.hooks.get(hook.id)).json()).toMatchObject({ active: false });
    });
  }
});
