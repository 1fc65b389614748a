import type { LookupAddress } from 'node:dns';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDomain } from '../../src/db/repositories/domains.repository.js';
import * as activityAppendOnly from '../../src/db/migrations/2026-12-13T1600-activity-append-only.js';
import { recordActivity } from '../../src/services/activity.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { webhookApi } from '../webhooks/webhook-fixtures.js';

// Issue 29, finding 9: the trail refused UPDATE but not DELETE, and kept webhook URLs (which often
// carry a secret in their path or query) for good.
const lookup = async (): Promise<LookupAddress[]> => [{ address: '93.184.216.34', family: 4 }];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' }, webhooks: { lookup } });
});
afterAll(async () => ctx?.close());

const rowsOf = (domain: TestDomain) =>
  ctx.db.selectFrom('activity').selectAll().where('domain_id', '=', domain.id).orderBy('id').execute();

async function domainWithRows(count = 2) {
  const domain = await ctx.domain();
  for (let i = 0; i < count; i++)
    await recordActivity(
      ctx.db,
      domain.id,
      { email: 'ana@example.test' },
      { kind: 'tag.created', objectLabel: `Tag ${i}` },
    );
  return domain;
}

describe('the activity trail', () => {
  it('should refuse to delete or truncate rows (issue 29: it refused UPDATE only)', async () => {
    const domain = await domainWithRows();
    const [first] = await rowsOf(domain);
    await expect(sql`delete from activity where id = ${first!.id}`.execute(ctx.db)).rejects.toThrow(
      /activity rows cannot be changed or removed/,
    );
    await expect(ctx.db.deleteFrom('activity').where('domain_id', '=', domain.id).execute()).rejects.toThrow(
      /cannot be changed or removed/,
    );
    await expect(sql`truncate activity`.execute(ctx.db)).rejects.toThrow(/cannot be changed or removed/);
    await expect(
      sql`update activity set object_label = 'Forged' where id = ${first!.id}`.execute(ctx.db),
    ).rejects.toThrow(/cannot be changed or removed/);
    expect(await rowsOf(domain)).toHaveLength(2);
  });

  it('should still let the rows go with their domain when the domain is removed', async () => {
    const removed = await domainWithRows(3);
    const kept = await domainWithRows(2);
    expect(Number((await deleteDomain(ctx.db, removed.domain)).numDeletedRows)).toBe(1);
    expect(await rowsOf(removed)).toEqual([]);
    expect(await rowsOf(kept)).toHaveLength(2);
  });

  it("should keep only the origin of a webhook's URL", async () => {
    const domain = await ctx.domain();
    const { token } = await ctx.member('admin', domain);
    const hooks = webhookApi(ctx, token, domain.domain);
    const created = await hooks.create({
      url: 'https://Hooks.Example.test:443/t/s3cr3t-path?token=abc',
      events: ['post.published'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string; url: string }>();
    // The webhook itself keeps its whole URL: it is where deliveries go.
    expect((await hooks.get(id)).json()).toMatchObject({
      url: 'https://Hooks.Example.test:443/t/s3cr3t-path?token=abc',
    });
    const updated = await hooks.update(id, {
      url: 'https://hooks.example.test:8443/t/other-secret#frag',
      events: ['post.published'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await hooks.remove(id)).statusCode).toBe(204);

    const rows = await rowsOf(domain);
    expect(
      rows.map((row) => [row.kind, row.object_label, (row.after as { url?: string } | null)?.url]),
    ).toEqual([
      ['webhook.created', 'https://hooks.example.test', 'https://hooks.example.test'],
      ['webhook.updated', 'https://hooks.example.test:8443', 'https://hooks.example.test:8443'],
      ['webhook.deleted', 'https://hooks.example.test:8443', undefined],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/secret|token=|s3cr3t/);
  });

  it('should reduce the webhook URLs already in the trail to their origin when migrated', async () => {
    const domain = await ctx.domain();
    // The trail as the earlier migrations left it, with rows written by the earlier code.
    await activityAppendOnly.down(ctx.db as unknown as Kysely<unknown>);
    try {
      const actor = { email: 'ana@example.test' };
      await recordActivity(ctx.db, domain.id, actor, {
        kind: 'webhook.created',
        objectId: 'a',
        objectLabel: 'https://hooks.example.test/t/s3cr3t?token=abc',
        after: { url: 'https://hooks.example.test/t/s3cr3t?token=abc', events: ['ping'], active: true },
      });
      await recordActivity(ctx.db, domain.id, actor, {
        kind: 'webhook.deleted',
        objectId: 'b',
        objectLabel: 'http://10.0.0.7:9000/hook/k3y',
      });
      await recordActivity(ctx.db, domain.id, actor, {
        kind: 'tag.created',
        objectLabel: 'https://not-a-webhook.example.test/keep/this',
      });
      await recordActivity(ctx.db, domain.id, actor, { kind: 'webhook.updated', objectLabel: 'not a URL' });
      // The earlier trail allowed a delete.
      await sql`delete from activity where domain_id = ${domain.id} and object_label = 'not a URL'`.execute(
        ctx.db,
      );
      await recordActivity(ctx.db, domain.id, actor, { kind: 'webhook.updated', objectLabel: 'not a URL' });
    } finally {
      await activityAppendOnly.up(ctx.db as unknown as Kysely<unknown>);
    }
    const rows = await rowsOf(domain);
    expect(rows.map((row) => [row.kind, row.object_label, row.after])).toEqual([
      [
        'webhook.created',
        'https://hooks.example.test',
        { url: 'https://hooks.example.test', events: ['ping'], active: true },
      ],
      ['webhook.deleted', 'http://10.0.0.7:9000', null],
      ['tag.created', 'https://not-a-webhook.example.test/keep/this', null],
      ['webhook.updated', null, null],
    ]);
    // And the trail refuses changes again.
    await expect(sql`delete from activity where domain_id = ${domain.id}`.execute(ctx.db)).rejects.toThrow(
      /cannot be changed or removed/,
    );
  });
});
