import type { LookupAddress } from 'node:dns';
import { Webhook as Verifier } from 'standardwebhooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneDeliveries } from '../../src/db/repositories/webhooks.repository.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { webhookApi } from './webhook-fixtures.js';

/** DNS for this file: every name is public except those the table says otherwise. */
const dns = new Map<string, string>([['internal.example.test', '10.0.0.7']]);
const lookup = async (host: string): Promise<LookupAddress[]> => [
  { address: dns.get(host) ?? '93.184.216.34', family: 4 },
];

let ctx: TestContext;
let domain: TestDomain;
let other: TestDomain;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  // No delivery worker: these tests look at the API and the rows only.
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' }, webhooks: { lookup } });
  [domain, other] = [await ctx.domain('Hooks'), await ctx.domain('Other')];
  admin = (await ctx.member('admin', domain)).token;
  otherAdmin = (await ctx.member('admin', other)).token;
});
afterAll(async () => ctx?.close());

const ABSENT = '00000000-0000-4000-8000-000000000000';
const hooks = (token = admin, host = domain.domain) => webhookApi(ctx, token, host);
const valid = { url: 'https://site.example.test/hooks', events: ['post.published', 'tag.created'] };

async function created(payload: object = valid) {
  const res = await hooks().create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string; url: string; events: string[]; active: boolean }>();
}

describe('POST /cms/webhooks', () => {
  it('should answer 201 with the webhook and its secret, stored encrypted only', async () => {
    const res = await hooks().create({
      url: 'https://site.example.test/a',
      events: ['tag.created', 'post.published', 'tag.created'],
      description: '  Rebuild the site ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      ['active', 'createdDate', 'description', 'events', 'id', 'lastModifiedDate', 'secret', 'url'].sort(),
    );
    expect(body).toMatchObject({
      url: 'https://site.example.test/a',
      events: ['post.published', 'tag.created'],
      active: true,
      description: 'Rebuild the site',
    });
    const secret = body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The library takes it as it is.
    expect(() => new Verifier(secret)).not.toThrow();
    const row = await ctx.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', body.id as string)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret.slice(6, 20));
    expect(row.secret_encrypted).toMatch(/^v1:/);
    // Never again: not in the list, not in the one webhook, not after an update.
    const id = body.id as string;
    for (const res of [await hooks().list(), await hooks().get(id), await hooks().update(id, valid)]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(secret.slice(6));
      expect(res.body).not.toContain('secret');
    }
  });

  it('should refuse unknown events, bad URLs and private addresses with 400 naming each field', async () => {
    const cases: [object, RegExp][] = [
      [
        { ...valid, events: ['post.published', 'post.exploded'] },
        /^events\.1: "post\.exploded" is not an event/,
      ],
      [{ ...valid, events: ['ping'] }, /^events\.0: "ping" is not an event/],
      [{ ...valid, events: [] }, /^events/],
      [{ ...valid, url: 'http://site.example.test/hooks' }, /^url: must be an https URL$/],
      [{ ...valid, url: 'ftp://site.example.test/' }, /^url: must be an https URL$/],
      [{ ...valid, url: 'not a url' }, /^url: must be an absolute URL$/],
      [
        { ...valid, url: 'https://user:pw@site.example.test/' },
        /^url: must not carry a user name or password$/,
      ],
      [
        { ...valid, url: 'https://127.0.0.1/' },
        /^url: the host 127\.0\.0\.1 resolves to 127\.0\.0\.1, a private/,
      ],
      [{ ...valid, url: 'https://[::1]:8443/' }, /^url: the host ::1 resolves to ::1, a private/],
      [{ ...valid, url: 'https://169.254.169.254/latest' }, /a private or reserved address$/],
      [{ ...valid, url: 'https://[::ffff:10.0.0.1]/' }, /a private or reserved address$/],
      [
        { ...valid, url: 'https://internal.example.test/' },
        /^url: the host internal\.example\.test resolves to 10\.0\.0\.7/,
      ],
      [{ ...valid, description: 'two\nlines' }, /^description: must not contain control characters$/],
      [{ url: 'https://site.example.test/' }, /^body must have required property 'events'|^events/],
    ];
    for (const [payload, line] of cases) {
      const body = expectErrorBody(await hooks().create(payload), 400);
      expect(
        body.errors.some((error) => line.test(error)),
        `${JSON.stringify(payload)}: ${body.errors.join(' | ')}`,
      ).toBe(true);
    }
    expect(
      (await hooks().list())
        .json<unknown[]>()
        .every((hook) => (hook as { url: string }).url.startsWith('https://site.')),
    ).toBe(true);
  });
});

describe('PUT /cms/webhooks/{id}', () => {
  it('should replace the fields, keep the secret, and check the URL again', async () => {
    const hook = await created();
    const res = await hooks().update(hook.id, {
      url: 'https://other.example.test/x',
      events: ['category.deleted'],
      active: false,
      description: 'Off for now',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      url: 'https://other.example.test/x',
      events: ['category.deleted'],
      active: false,
    });
    const row = await ctx.db
      .selectFrom('webhooks')
      .select('secret_encrypted')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).toMatch(/^v1:/);
    const refused = expectErrorBody(
      await hooks().update(hook.id, { ...valid, url: 'https://internal.example.test/' }),
      400,
    );
    expect(refused.errors[0]).toMatch(/^url: /);
    expect((await hooks().get(hook.id)).json()).toMatchObject({ url: 'https://other.example.test/x' });
  });
});

describe('GET /cms/webhooks/{id}/deliveries', () => {
  it('should page the deliveries, newest first', async () => {
    const hook = await created();
    for (let i = 0; i < 3; i++) expect((await hooks().test(hook.id)).statusCode).toBe(202);
    const first = await hooks().deliveries(hook.id, '&numberOfEntries=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{
      entries: { event: string; status: string; attempt: number; nextAttemptDate: string }[];
      totalEntries: number;
      totalPages: number;
    }>();
    expect(page).toMatchObject({ totalEntries: 3, totalPages: 2, currentPage: 0 });
    expect(page.entries.map((d) => [d.event, d.status, d.attempt])).toEqual([
      ['ping', 'pending', 0],
      ['ping', 'pending', 0],
    ]);
    expect(page.entries[0]!.nextAttemptDate).toEqual(expect.any(String));
    expect(
      (await hooks().deliveries(hook.id, '&page=1&numberOfEntries=2')).json<{ entries: unknown[] }>().entries,
    ).toHaveLength(1);
    expectErrorBody(await hooks().deliveries(hook.id, '&numberOfEntries=101'), 400);
    expectErrorBody(await hooks().deliveries(hook.id, '&page=-1'), 400);
  });

  it('should refuse to test or redeliver through a webhook that is off (409)', async () => {
    const hook = await created();
    const ping = (await hooks().test(hook.id)).json<{ id: string }>();
    await hooks().update(hook.id, { ...valid, active: false });
    const [failed] = (await hooks().deliveries(hook.id)).json<{
      entries: { status: string; error: string }[];
    }>().entries;
    expect(failed).toMatchObject({ status: 'failed', error: 'The webhook was turned off' });
    expectErrorBody(await hooks().test(hook.id), 409);
    expectErrorBody(await hooks().redeliver(hook.id, ping.id), 409);
  });
});

describe('pruneDeliveries', () => {
  it('should remove finished deliveries and their events after 30 days, and keep pending ones', async () => {
    const hook = await created();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await hooks().test(hook.id)).json<{ id: string; eventId: string }>());
    const [oldDone, oldPending, recentDone] = ids;
    const age = (id: string, days: number) =>
      sql`update webhook_deliveries set created_at = now() - make_interval(days => ${days}) where id = ${id}`.execute(
        ctx.db,
      );
    const ageEvent = (id: string, days: number) =>
      sql`update webhook_events set created_at = now() - make_interval(days => ${days}) where id = ${id}`.execute(
        ctx.db,
      );
    await ctx.db
      .updateTable('webhook_deliveries')
      .set({ status: 'succeeded' })
      .where('id', 'in', [oldDone!.id, recentDone!.id])
      .execute();
    await age(oldDone!.id, 31);
    await age(oldPending!.id, 31);
    await age(recentDone!.id, 29);
    for (const delivery of ids) await ageEvent(delivery.eventId, 31);

    await pruneDeliveries(ctx.db, 30);

    const left = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([oldPending!.id, recentDone!.id].sort());
    const events = await ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where(
        'id',
        'in',
        ids.map((d) => d.eventId),
      )
      .execute();
    expect(events.map((row) => row.id).sort()).toEqual([oldPending!.eventId, recentDone!.eventId].sort());
  });
});

describe('the webhook calls of each role and domain', () => {
  it('should let only an admin of the domain call each of them', async () => {
    const hook = await created();
    const delivery = (await hooks().test(hook.id)).json<{ id: string }>();
    const calls = (api: ReturnType<typeof hooks>) => [
      () => api.list(),
      () => api.create(valid),
      () => api.get(hook.id),
      () => api.update(hook.id, valid),
      () => api.deliveries(hook.id),
      () => api.redeliver(hook.id, delivery.id),
      () => api.test(hook.id),
      () => api.remove(hook.id),
    ];
    for (const role of ['author', 'editor'] as const) {
      const { token } = await ctx.member(role, domain);
      for (const call of calls(hooks(token))) {
        const body = expectErrorBody(await call(), 403);
        expect(body.errors[0]).toMatch(new RegExp(`Your role \\(${role}\\) cannot manage this domain`));
      }
    }
    // An admin of another domain: 403 for this domain, 404 for this domain's webhook through theirs.
    for (const call of calls(hooks(otherAdmin))) expectErrorBody(await call(), 403);
    for (const call of calls(hooks(otherAdmin, other.domain)).slice(2)) expectErrorBody(await call(), 404);
    // No token: 401.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/cms/webhooks?domain=${domain.domain}` })).statusCode,
    ).toBe(401);
    // Nothing changed.
    expect((await hooks().get(hook.id)).json()).toMatchObject({ url: valid.url, active: true });
    expect((await hooks().deliveries(hook.id)).json()).toMatchObject({ totalEntries: 1 });
    expect((await hooks().list()).json<{ id: string }[]>().some((h) => h.id === hook.id)).toBe(true);
    expect((await hooks(otherAdmin, other.domain).list()).json()).toEqual([]);
  });

  it('should answer 404 for an unknown webhook or delivery, and delete with 204', async () => {
    const hook = await created();
    expectErrorBody(await hooks().get(ABSENT), 404);
    expectErrorBody(await hooks().update(ABSENT, valid), 404);
    expectErrorBody(await hooks().deliveries(ABSENT), 404);
    expectErrorBody(await hooks().test(ABSENT), 404);
    expectErrorBody(await hooks().redeliver(hook.id, ABSENT), 404);
    expectErrorBody(await hooks().get('not-a-uuid'), 400);
    expect((await hooks().remove(hook.id)).statusCode).toBe(204);
    expectErrorBody(await hooks().remove(hook.id), 404);
    expectErrorBody(await hooks().get(hook.id), 404);
  });

  it('should be in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/cms/webhooks']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/cms/webhooks/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/cms/webhooks/{id}/deliveries']).toHaveProperty('get');
    expect(paths['/cms/webhooks/{id}/deliveries/{deliveryId}/redeliver']).toHaveProperty('post');
    expect(paths['/cms/webhooks/{id}/test']).toHaveProperty('post');
  });
});
