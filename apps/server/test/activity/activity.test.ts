import type { LookupAddress } from 'node:dns';
import type { ActivityEntry, PagedResponse } from '@masthead/contract';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityCountQuery,
  activityPageQuery,
  type ActivityFilter,
} from '../../src/db/repositories/activity.repository.js';
import { recordActivity } from '../../src/services/activity.js';
import { publishScheduledPost } from '../../src/services/post-workflow.service.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { uploadAsset } from '../routes/assets/asset-fixtures.js';

/** The audit trail (issue 22): one row per change in the change's transaction, and its list. */
const lookup = async (): Promise<LookupAddress[]> => [{ address: '93.184.216.34', family: 4 }];

let ctx: TestContext;
let domain: TestDomain;
let other: TestDomain;
let admin: { email: string; token: string };
let editor: { email: string; token: string };
let author: { email: string; token: string };
let otherAdmin: { email: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' }, webhooks: { lookup } });
  [domain, other] = [await ctx.domain('Audited'), await ctx.domain('Other')];
  admin = await ctx.member('admin', domain);
  editor = await ctx.member('editor', domain);
  author = await ctx.member('author', domain);
  otherAdmin = await ctx.member('admin', other);
});
afterAll(async () => ctx?.close());

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

async function call(token: string, options: Call, status: number) {
  const response = await ctx.request(token, {
    method: options.method,
    url: options.url,
    headers: options.headers,
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

const q = (params: Record<string, string>, host = domain.domain) =>
  new URLSearchParams({ domain: host, ...params }).toString();

async function activity(params: Record<string, string> = {}, token = admin.token, host = domain.domain) {
  const response = await call(token, { method: 'GET', url: `/cms/activity?${q(params, host)}` }, 200);
  return response.json<PagedResponse<ActivityEntry>>();
}

/** The domain's rows straight from the table, oldest first. */
const rows = (target = domain) =>
  ctx.db.selectFrom('activity').selectAll().where('domain_id', '=', target.id).orderBy('id').execute();
const count = async (target = domain) => (await rows(target)).length;

const post = (title: string, token = admin.token) =>
  call(
    token,
    {
      method: 'POST',
      url: `/cms/blogs/info?${q({})}`,
      payload: { title, writtenBy: 'Ana Lima', editorHtmlContent: '<p>Text</p>' },
    },
    201,
  ).then((response) => response.json<{ id: string; title: string }>());

const manage = (
  id: string,
  type: 'APPROVAL' | 'PUBLISH',
  value: boolean,
  status = 200,
  token = admin.token,
) =>
  call(token, { method: 'PUT', url: `/cms/blogs/manage/${id}?${q({ type, value: String(value) })}` }, status);

describe('activity rows of each change', () => {
  it('should add one row per post change, naming the actor and the title at the time', async () => {
    const before = await count();
    const created = await post('Hello world');
    await call(
      admin.token,
      {
        method: 'PUT',
        url: `/cms/blogs/info/${created.id}?${q({})}`,
        payload: { title: 'Hello again', writtenBy: 'Ana Lima', editorHtmlContent: '<p>More</p>' },
      },
      200,
    );
    await manage(created.id, 'APPROVAL', true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await call(
      admin.token,
      { method: 'PUT', url: `/cms/blogs/schedule/${created.id}?${q({})}`, payload: { publishAt: future } },
      200,
    );
    await call(admin.token, { method: 'DELETE', url: `/cms/blogs/schedule/${created.id}?${q({})}` }, 200);
    await manage(created.id, 'PUBLISH', true);
    await manage(created.id, 'PUBLISH', false);
    await manage(created.id, 'APPROVAL', false);
    await call(admin.token, { method: 'DELETE', url: `/cms/blogs/info/${created.id}?${q({})}` }, 204);

    const added = (await rows()).slice(before);
    expect(added.map((row) => row.kind)).toEqual([
      'post.created',
      'post.updated',
      'post.approved',
      'post.scheduled',
      'post.unscheduled',
      'post.published',
      'post.unpublished',
      'post.unapproved',
      'post.deleted',
    ]);
    expect(added.map((row) => row.object_label)).toEqual([
      'Hello world',
      ...Array<string>(8).fill('Hello again'),
    ]);
    for (const row of added) {
      expect(row.object_id).toBe(created.id);
      expect(row.actor_email).toBe(admin.email);
      expect(row.actor_name).toBe(admin.email.split('@')[0]);
    }
    expect(added[3]?.after).toEqual({ publishAt: future });
    expect(added[4]?.before).toEqual({ publishAt: future });
  });

  it("should name the system as the actor of the schedule's publish", async () => {
    const created = await post('Scheduled one');
    await manage(created.id, 'APPROVAL', true);
    const at = new Date(Date.now() + 7_200_000);
    await call(
      admin.token,
      {
        method: 'PUT',
        url: `/cms/blogs/schedule/${created.id}?${q({})}`,
        payload: { publishAt: at.toISOString() },
      },
      200,
    );
    // The worker's step, at a time when only this post of the database is due.
    await sql`update posts set scheduled_for = null where id <> ${created.id} and scheduled_for is not null`.execute(
      ctx.db,
    );
    const published = await ctx.db
      .transaction()
      .execute((trx) => publishScheduledPost(trx, new Date(at.getTime() + 1000)));
    expect(published?.id).toBe(created.id);
    const last = (await rows()).at(-1);
    expect(last).toMatchObject({
      kind: 'post.published',
      actor_email: 'system',
      actor_name: null,
      object_id: created.id,
      object_label: 'Scheduled one',
    });
  });

  it('should add one row per tag and category change', async () => {
    for (const [path, field, what] of [
      ['tags', 'tagDisplayName', 'tag'],
      ['categories', 'categoryDisplayName', 'category'],
    ] as const) {
      const before = await count();
      const created = (
        await call(
          editor.token,
          { method: 'POST', url: `/cms/${path}/info?${q({})}`, payload: { [field]: 'News' } },
          201,
        )
      ).json<{ id: string }>();
      await call(
        editor.token,
        {
          method: 'PUT',
          url: `/cms/${path}/info/${created.id}?${q({})}`,
          payload: { [field]: 'World news' },
        },
        200,
      );
      await call(editor.token, { method: 'DELETE', url: `/cms/${path}/info/${created.id}?${q({})}` }, 204);
      const added = (await rows()).slice(before);
      expect(added.map((row) => [row.kind, row.object_label, row.actor_email])).toEqual([
        [`${what}.created`, 'News', editor.email],
        [`${what}.updated`, 'World news', editor.email],
        [`${what}.deleted`, 'World news', editor.email],
      ]);
      expect(added[1]?.before).toEqual({ name: 'News' });
      expect(added[1]?.after).toEqual({ name: 'World news' });
    }
  });

  it('should add one row per asset change, labelled with its file name', async () => {
    const before = await count();
    const { asset } = await uploadAsset(ctx, editor.token, domain, { fileName: 'cover.png' });
    await call(
      editor.token,
      { method: 'PUT', url: `/cms/assets/list/${asset.id}?${q({})}`, payload: { description: 'New words' } },
      200,
    );
    await call(editor.token, { method: 'DELETE', url: `/cms/assets/list/${asset.id}?${q({})}` }, 204);
    const added = (await rows()).slice(before);
    expect(added.map((row) => [row.kind, row.object_id, row.object_label])).toEqual([
      ['asset.uploaded', asset.id, 'cover.png'],
      ['asset.updated', asset.id, 'cover.png'],
      ['asset.deleted', asset.id, 'cover.png'],
    ]);
  });

  it('should add rows for content keys, webhooks and the domain settings (with before and after)', async () => {
    const before = await count();
    const key = (
      await call(
        admin.token,
        { method: 'POST', url: `/cms/content-keys?${q({})}`, payload: { name: 'Site' } },
        201,
      )
    ).json<{ id: string }>();
    await call(admin.token, { method: 'DELETE', url: `/cms/content-keys/${key.id}?${q({})}` }, 204);
    const hook = (
      await call(
        admin.token,
        {
          method: 'POST',
          url: `/cms/webhooks?${q({})}`,
          payload: { url: 'https://site.example.test/hooks', events: ['post.published'] },
        },
        201,
      )
    ).json<{ id: string }>();
    await call(
      admin.token,
      {
        method: 'PUT',
        url: `/cms/webhooks/${hook.id}?${q({})}`,
        payload: { url: 'https://site.example.test/other', events: ['post.published'], active: false },
      },
      200,
    );
    await call(admin.token, { method: 'DELETE', url: `/cms/webhooks/${hook.id}?${q({})}` }, 204);
    const settings = { postUrl: 'https://blog.example.test/posts/{slug}', publicFeeds: true };
    await call(admin.token, { method: 'PUT', url: `/cms/domain/settings?${q({})}`, payload: settings }, 200);
    // The same settings again change nothing and add no row.
    await call(admin.token, { method: 'PUT', url: `/cms/domain/settings?${q({})}`, payload: settings }, 200);

    const added = (await rows()).slice(before);
    expect(added.map((row) => [row.kind, row.object_label])).toEqual([
      ['content_key.created', 'Site'],
      ['content_key.revoked', 'Site'],
      // A webhook's URL only by its origin (issue 29: its path may hold the receiver's secret).
      ['webhook.created', 'https://site.example.test'],
      ['webhook.updated', 'https://site.example.test'],
      ['webhook.deleted', 'https://site.example.test'],
      ['domain.settings_updated', null],
    ]);
    expect(added[3]?.after).toMatchObject({ active: false, url: 'https://site.example.test' });
    expect(JSON.stringify(added)).not.toMatch(/secret/i);
    expect(added[5]?.before).toEqual({ postUrl: null, publicFeeds: false, previewUrl: null });
    expect(added[5]?.after).toEqual({ ...settings, previewUrl: null });
  });
});

describe('no row without a change', () => {
  it('should add none for a refused change (403, 409, 412, 404)', async () => {
    const created = await post('Refusals');
    const before = await count();
    // 403: an author may not approve; another domain's admin may not touch this one.
    await manage(created.id, 'APPROVAL', true, 403, author.token);
    await call(
      otherAdmin.token,
      { method: 'POST', url: `/cms/tags/info?${q({})}`, payload: { tagDisplayName: 'X' } },
      403,
    );
    // 409: publishing a draft.
    await manage(created.id, 'PUBLISH', true, 409);
    // 412: a stale If-Match.
    await call(
      admin.token,
      {
        method: 'PUT',
        url: `/cms/blogs/info/${created.id}?${q({})}`,
        headers: { 'if-match': '"999"' },
        payload: { title: 'Stale', writtenBy: 'Ana Lima', editorHtmlContent: '<p>x</p>' },
      },
      412,
    );
    // 404 and 400.
    await call(
      admin.token,
      { method: 'DELETE', url: `/cms/content-keys/00000000-0000-4000-8000-000000000000?${q({})}` },
      404,
    );
    await call(admin.token, { method: 'POST', url: `/cms/blogs/info?${q({})}`, payload: { title: '' } }, 400);
    expect(await count()).toBe(before);
  });

  it('should add none when the transaction rolls back', async () => {
    const before = await count();
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await recordActivity(
          trx,
          domain.id,
          { email: admin.email },
          { kind: 'tag.created', objectLabel: 'Gone' },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(before);
  });

  it('should refuse to change a row (the append-only trigger)', async () => {
    const [first] = await rows();
    expect(first).toBeDefined();
    await expect(
      sql`update activity set object_label = 'Forged' where id = ${first!.id}`.execute(ctx.db),
    ).rejects.toThrow(/cannot be changed/);
    expect((await rows())[0]?.object_label).toBe(first!.object_label);
  });
});

describe('GET /cms/activity', () => {
  let listed: TestDomain;
  let ana: { email: string; token: string };
  let bo: { email: string; token: string };

  beforeAll(async () => {
    listed = await ctx.domain('Listed');
    ana = await ctx.member('admin', listed);
    bo = await ctx.member('editor', listed);
    // 12 rows: ana and bo take turns, posts and tags.
    for (let i = 0; i < 12; i++) {
      const who = i % 2 === 0 ? ana : bo;
      await recordActivity(
        ctx.db,
        listed.id,
        { email: who.email, name: who === ana ? 'Ana Lima' : null },
        {
          kind: i % 3 === 0 ? 'tag.created' : 'post.published',
          objectId: String(i),
          objectLabel: `Object ${i}`,
        },
      );
    }
  });

  const list = (params: Record<string, string> = {}) => activity(params, ana.token, listed.domain);

  it('should answer newest first, paged with exact totals', async () => {
    const first = await list({ numberOfEntries: '5' });
    expect(first.totalEntries).toBe(12);
    expect(first.totalPages).toBe(3);
    expect(first.totalEntriesIsEstimate).toBe(false);
    expect(first.entries.map((entry) => entry.objectId)).toEqual(['11', '10', '9', '8', '7']);
    const last = await list({ numberOfEntries: '5', page: '2' });
    expect(last.currentPage).toBe(2);
    expect(last.entries.map((entry) => entry.objectId)).toEqual(['1', '0']);
    const past = await list({ numberOfEntries: '5', page: '9' });
    expect(past.entries).toEqual([]);
    expect(past.totalEntries).toBe(12);
    const ids = first.entries.map((entry) => BigInt(entry.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
  });

  it('should answer each entry with its actor, kind, object and date', async () => {
    const [newest] = (await list({ numberOfEntries: '1', email: ana.email })).entries;
    expect(newest).toEqual({
      id: expect.any(String) as string,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      actor: { email: ana.email, name: 'Ana Lima' },
      kind: 'post.published',
      objectId: '10',
      objectLabel: 'Object 10',
      before: null,
      after: null,
    });
  });

  it('should filter by person, by kind and by object', async () => {
    const bos = await list({ email: bo.email.toUpperCase() });
    expect(bos.totalEntries).toBe(6);
    expect(bos.entries.every((entry) => entry.actor.email === bo.email)).toBe(true);
    const tags = await list({ kind: 'tag.created' });
    expect(tags.entries.map((entry) => entry.objectId)).toEqual(['9', '6', '3', '0']);
    expect((await list({ kind: 'tag' })).totalEntries).toBe(4);
    expect((await list({ kind: 'post' })).totalEntries).toBe(8);
    expect((await list({ kind: 'member' })).totalEntries).toBe(0);
    const both = await list({ kind: 'tag', email: ana.email });
    expect(both.entries.map((entry) => entry.objectId)).toEqual(['6', '0']);
  });

  it('should answer 400 naming the parameter for an unknown kind or bad paging', async () => {
    for (const kind of ['posts', 'post.', 'post.renamed', 'drop table']) {
      const response = await ctx.request(ana.token, {
        method: 'GET',
        url: `/cms/activity?${q({ kind }, listed.domain)}`,
      });
      const body = expectErrorBody(response, 400);
      expect(body.errors.join(' ')).toMatch(/^kind: /);
    }
    const paging = await ctx.request(ana.token, {
      method: 'GET',
      url: `/cms/activity?${q({ numberOfEntries: '101' }, listed.domain)}`,
    });
    expect(expectErrorBody(paging, 400).errors.join(' ')).toMatch(/numberOfEntries/);
  });

  it('should let only the domain admins read it', async () => {
    for (const token of [bo.token, (await ctx.member('author', listed)).token, otherAdmin.token]) {
      for (const url of [
        `/cms/activity?${q({}, listed.domain)}`,
        `/cms/activity/people?${q({}, listed.domain)}`,
      ]) {
        expectErrorBody(await ctx.request(token, { method: 'GET', url }), 403);
      }
    }
    expectErrorBody(
      await ctx.request(null, { method: 'GET', url: `/cms/activity?${q({}, listed.domain)}` }),
      401,
    );
    // Another domain's rows never show in this one.
    const mine = await activity({ numberOfEntries: '100' }, otherAdmin.token, other.domain);
    expect(mine.entries.every((entry) => !entry.objectLabel?.startsWith('Object '))).toBe(true);
  });

  it('should list the people of the activity, each with their latest name', async () => {
    const response = await call(
      ana.token,
      { method: 'GET', url: `/cms/activity/people?${q({}, listed.domain)}` },
      200,
    );
    const people = response.json<{ email: string; name: string | null }[]>();
    expect(people).toEqual(
      [
        { email: ana.email, name: 'Ana Lima' },
        { email: bo.email, name: null },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('should bound the total of a big domain and still show the next page', async () => {
    const big = await ctx.domain('Big');
    const owner = await ctx.member('admin', big);
    await sql`
      insert into activity (domain_id, actor_email, kind, object_label)
      select ${big.id}, 'bulk@example.test', 'post.updated', 'Bulk ' || n from generate_series(1, 10050) n`.execute(
      ctx.db,
    );
    const first = await activity({ numberOfEntries: '100' }, owner.token, big.domain);
    expect(first.totalEntriesIsEstimate).toBe(true);
    expect(first.totalEntries).toBe(10_000);
    expect(first.entries[0]?.objectLabel).toBe('Bulk 10050');
    const deep = await activity({ numberOfEntries: '100', page: '100' }, owner.token, big.domain);
    expect(deep.entries).toHaveLength(50);
    expect(deep.totalEntries).toBe(10_050);
    expect(deep.totalEntriesIsEstimate).toBe(false);
  });

  it('should read pages and totals from the indexes, never the whole table', async () => {
    const plan = async (compiled: CompiledQuery) => {
      const { rows } = await ctx.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const planned = await ctx.domain('Planned');
    // Another domain's many rows: the plans must not read them.
    await sql`
      insert into activity (domain_id, actor_email, kind, object_label)
      select ${other.id}, 'p' || (n % 50) || '@example.test',
        (array['post.updated', 'tag.created', 'asset.uploaded'])[1 + n % 3], 'Row ' || n
      from generate_series(1, 30000) n`.execute(ctx.db);
    await sql`analyze activity`.execute(ctx.db);
    const filters: ActivityFilter[] = [
      {},
      { email: 'p7@example.test' },
      { kinds: ['tag.created'] },
      { kinds: ['post.created', 'post.updated', 'post.deleted'] },
      { email: 'p7@example.test', kinds: ['tag.created'] },
    ];
    for (const filter of filters) {
      for (const compiled of [
        activityPageQuery(ctx.db, planned.id, filter, { limit: 10, offset: 0 }).compile(),
        activityCountQuery(ctx.db, planned.id, filter, 10_000).compile(),
      ]) {
        const text = await plan(compiled);
        expect(text, JSON.stringify(filter)).toMatch(/activity_(domain|actor|kind)_idx/);
        expect(text, JSON.stringify(filter)).not.toMatch(/Seq Scan/);
      }
    }
  });
});
