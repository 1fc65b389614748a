import { sql } from 'kysely';
import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDomain } from '../../../src/db/repositories/domains.repository.js';
import { recountDomain } from '../../../src/db/repositories/post-counts.repository.js';
import { setColumnDefs } from '../../../src/services/column-defs.service.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { createPost, newDomainApi, postBody, type BlogApi } from './blog-fixtures.js';

// The list totals come from post_counts (decision 025). After every kind of write, the counters
// must equal count(*) over the posts for every filter the list offers without a search.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const CLIENTS = ['Acme', 'Globex', 'Initech'];
const REGIONS = ['North', 'South'];
const fieldDefs = (overrides: { regionFilterable?: boolean; clientOptions?: string[] } = {}): ColumnDef[] => [
  {
    key: 'client',
    label: 'Client',
    type: 'select',
    required: false,
    options: overrides.clientOptions ?? CLIENTS,
    filterable: true,
  },
  {
    key: 'region',
    label: 'Region',
    type: 'select',
    required: false,
    options: REGIONS,
    filterable: overrides.regionFilterable ?? true,
  },
  { key: 'note', label: 'Note', type: 'text', required: false },
];

async function setFields(domain: TestDomain, defs: ColumnDef[]) {
  await ctx.db.transaction().execute((trx) => setColumnDefs(trx, domain.id, defs));
}

/** Every counter row of every domain equals a count(*) of the posts, and no counter is orphaned. */
async function expectCountersExact() {
  const { rows } = await sql<{ problem: string }>`
    with truth as (
      select domain_id, approved, published, post_count_values(fields, post_count_keys(domain_id)) v,
             count(*) n
      from posts group by 1, 2, 3, 4
    ), kept as (select domain_id, approved, published, filter_values v, n from post_counts where n <> 0)
    select coalesce(t.domain_id, k.domain_id)::text || ' ' || coalesce(t.v, k.v)::text ||
           ': counted ' || coalesce(k.n, 0) || ', really ' || coalesce(t.n, 0) as problem
    from truth t full join kept k
      on k.domain_id = t.domain_id and k.approved = t.approved and k.published = t.published and k.v = t.v
    where coalesce(t.n, 0) <> coalesce(k.n, 0)
    union all
    select 'orphan counters of ' || domain_id from post_counts
    where domain_id not in (select id from domains)`.execute(ctx.db);
  expect(rows.map((r) => r.problem)).toEqual([]);
}

/** Every filter the list offers without a search: its total equals a count(*) of the posts. */
async function expectListTotalsExact(api: BlogApi, domain: TestDomain, filterable: string[]) {
  const valueSets: Record<string, string>[] = [{}];
  const choices: Record<string, string[]> = { client: [...CLIENTS, 'Unknown'], region: REGIONS };
  for (const key of filterable) {
    for (const set of [...valueSets]) {
      for (const value of choices[key]!) valueSets.push({ ...set, [key]: value });
    }
  }
  for (const status of [undefined, 'draft', 'approved', 'published'] as const) {
    for (const values of valueSets) {
      let query = ctx.db.selectFrom('posts').where('domain_id', '=', domain.id);
      if (status === 'draft') query = query.where('published', '=', false).where('approved', '=', false);
      if (status === 'approved') query = query.where('published', '=', false).where('approved', '=', true);
      if (status === 'published') query = query.where('published', '=', true);
      for (const [key, value] of Object.entries(values))
        query = query.where(sql<boolean>`fields @> ${JSON.stringify({ [key]: value })}::jsonb`);
      const { n } = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const params: Record<string, string> = { ...(status ? { status } : {}) };
      for (const [key, value] of Object.entries(values)) params[`field.${key}`] = value;
      const reply = await api.list(params);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().totalEntries, JSON.stringify(params)).toBe(n);
      expect(reply.json().totalEntriesIsEstimate).toBeUndefined();
    }
  }
}

async function fieldDomain(role: 'editor' | 'admin' = 'editor') {
  const context = await newDomainApi(ctx, role);
  await setFields(context.domain, fieldDefs());
  return context;
}

const fieldsOf = (i: number) => ({
  client: CLIENTS[i % CLIENTS.length],
  ...(i % 4 === 0 ? {} : { region: REGIONS[i % 2] }),
  note: `note ${i}`,
});

async function approve(api: BlogApi, id: string, publish = false) {
  expect((await api.manage(id, 'APPROVAL', true)).statusCode).toBe(200);
  if (publish) expect((await api.manage(id, 'PUBLISH', true)).statusCode).toBe(200);
}

describe('post counters', () => {
  it('should equal count(*) after creates, updates, workflow changes and deletes', async () => {
    const { api, domain } = await fieldDomain();
    const category = await api.createCategory('News');
    const posts: Awaited<ReturnType<typeof createPost>>[] = [];
    for (let i = 0; i < 12; i++)
      posts.push(await createPost(api, { title: `Post ${i}`, fields: fieldsOf(i) }));
    await expectCountersExact();

    // Update changing the fields, the category, or nothing the counters see.
    await api.update(
      posts[0]!.id,
      postBody({ title: 'Post 0', fields: { client: 'Globex', region: 'South' } }),
    );
    await api.update(posts[1]!.id, postBody({ title: 'Post 1', fields: {} }));
    await api.update(posts[2]!.id, postBody({ title: 'Post 2', fields: fieldsOf(2), category: category.id }));
    await api.update(posts[3]!.id, postBody({ title: 'Post 3 renamed', fields: fieldsOf(3) }));
    await expectCountersExact();

    // Workflow: approve, publish, unpublish, unapprove.
    for (const post of posts.slice(4, 10)) await approve(api, post.id, true);
    expect((await api.manage(posts[4]!.id, 'PUBLISH', false)).statusCode).toBe(200);
    expect((await api.manage(posts[5]!.id, 'PUBLISH', false)).statusCode).toBe(200);
    expect((await api.manage(posts[5]!.id, 'APPROVAL', false)).statusCode).toBe(200);
    await approve(api, posts[10]!.id);
    await expectCountersExact();

    expect((await api.remove(posts[11]!.id)).statusCode).toBe(204);
    expect((await api.remove(posts[1]!.id)).statusCode).toBe(204);
    await expectCountersExact();
    await expectListTotalsExact(api, domain, ['client', 'region']);
  });

  it('should equal count(*) after a tag or a category is deleted', async () => {
    const { api, domain, token } = await fieldDomain();
    const tag = await api.createTag('Doomed');
    const category = await api.createCategory('Doomed');
    for (let i = 0; i < 6; i++)
      await createPost(api, { title: `T${i}`, fields: fieldsOf(i), tags: [tag.id], category: category.id });
    for (const [kind, id] of [
      ['tags', tag.id],
      ['categories', category.id],
    ] as const) {
      const reply = await ctx.request(token, {
        method: 'DELETE',
        url: `/cms/${kind}/info/${id}?domain=${domain.domain}`,
      });
      expect(reply.statusCode, reply.body).toBe(204);
      await expectCountersExact();
    }
    await expectListTotalsExact(api, domain, ['client', 'region']);
  });

  it('should equal count(*) after a field becomes filterable or not, or its options change', async () => {
    const { api, domain } = await fieldDomain();
    for (let i = 0; i < 10; i++) await createPost(api, { title: `F${i}`, fields: fieldsOf(i) });
    await approve(api, (await createPost(api, { title: 'Approved', fields: fieldsOf(1) })).id, true);

    await setFields(domain, fieldDefs({ regionFilterable: false }));
    await expectCountersExact();
    await expectListTotalsExact(api, domain, ['client']);
    const refused = await api.list({ 'field.region': 'North' });
    expect(refused.statusCode).toBe(400);

    await setFields(domain, fieldDefs({ regionFilterable: true }));
    await expectCountersExact();
    await expectListTotalsExact(api, domain, ['client', 'region']);

    // Options change no counter: a value that left the list still counts as what it is.
    await setFields(domain, fieldDefs({ clientOptions: ['Acme', 'Hooli'] }));
    await expectCountersExact();
    await expectListTotalsExact(api, domain, ['client', 'region']);

    await setFields(domain, []);
    await expectCountersExact();
    await expectListTotalsExact(api, domain, []);
  });

  it('should leave no counter behind when a domain is deleted with its posts', async () => {
    const { api, domain } = await fieldDomain();
    for (let i = 0; i < 5; i++) await createPost(api, { title: `D${i}`, fields: fieldsOf(i) });
    const before = await ctx.db
      .selectFrom('post_counts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('domain_id', '=', domain.id)
      .executeTakeFirstOrThrow();
    expect(before.n).toBeGreaterThan(0);
    await ctx.db.transaction().execute((trx) => deleteDomain(trx, domain.domain));
    await expectCountersExact();
  });

  it('should equal count(*) after concurrent creates, edits, workflow changes and deletes', async () => {
    const { api, domain } = await fieldDomain();
    const seed: Awaited<ReturnType<typeof createPost>>[] = [];
    for (let i = 0; i < 12; i++)
      seed.push(await createPost(api, { title: `Seed ${i}`, fields: fieldsOf(i) }));
    const work = [
      // Many creates with the same status and values update one counter row at once.
      ...Array.from({ length: 30 }, (_, i) =>
        api.create(postBody({ title: `Crowd ${i}`, fields: fieldsOf(i % 2) })),
      ),
      ...seed
        .slice(0, 4)
        .map((post, i) => api.update(post.id, postBody({ title: post.title, fields: fieldsOf(i + 1) }))),
      ...seed.slice(4, 8).map((post) => api.manage(post.id, 'APPROVAL', true)),
      ...seed.slice(8, 12).map((post) => api.remove(post.id)),
    ];
    const replies = await Promise.all(work);
    for (const reply of replies) expect([200, 201, 204], reply.body).toContain(reply.statusCode);
    // Posts moving both ways between two counter rows at once: the rows are locked in one order.
    const crossing = await Promise.all(
      seed
        .slice(4, 8)
        .flatMap((post, i) => [
          api.manage(post.id, 'PUBLISH', true),
          api.update(seed[i]!.id, postBody({ title: seed[i]!.title, fields: fieldsOf(i + 2) })),
        ]),
    );
    for (const reply of crossing) expect([200, 201], reply.body).toContain(reply.statusCode);
    await expectCountersExact();
    await expectListTotalsExact(api, domain, ['client', 'region']);
  });

  it('should find nothing to correct when recounting, and put right a counter that was wrong', async () => {
    const { api, domain } = await fieldDomain();
    for (let i = 0; i < 4; i++) await createPost(api, { title: `R${i}`, fields: fieldsOf(i) });
    expect(await ctx.db.transaction().execute((trx) => recountDomain(trx, domain.id))).toEqual([]);
    await sql`update post_counts set n = n + 5 where domain_id = ${domain.id}
              and filter_values = '{"client":"Acme"}'::jsonb`.execute(ctx.db);
    const changes = await ctx.db.transaction().execute((trx) => recountDomain(trx, domain.id));
    expect(changes).toEqual([
      { approved: false, published: false, filterValues: { client: 'Acme' }, before: 6, after: 1 },
    ]);
    await expectCountersExact();
  });
});
