import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { expectErrorBody, seedDomain, snapshotDomain, type DomainData } from './access-fixtures.js';

/**
 * DESIGN §2: a call for a domain the user is not a member of gets 403, whether or not the domain
 * exists; an id of another domain (or of none) gets 404; a DELETE without a domain is checked
 * against the resource's own domain; and none of these changes anything.
 */
type IdKind = keyof DomainData;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The id in the path, when there is one. */
  id?: IdKind;
  query?: Record<string, string>;
  payload?: object;
  /** POST /cms/domain/info/all names its domains in the body, not the query. */
  domainsInBody?: boolean;
}

const post = { title: 'Hijacked', writtenBy: 'Mallory', editorHtmlContent: '<p>Hijacked</p>' };
const page = { page: '0', numberOfEntries: '10' };
const taxonomyCalls = (path: 'tags' | 'categories', id: IdKind, payload: object): Call[] => [
  { method: 'GET', path: `/cms/${path}/all`, query: page },
  { method: 'GET', path: `/cms/${path}/list` },
  { method: 'GET', path: `/cms/${path}/info/{id}`, id },
  { method: 'POST', path: `/cms/${path}/info`, payload },
  { method: 'PUT', path: `/cms/${path}/info/{id}`, id, payload },
  { method: 'DELETE', path: `/cms/${path}/info/{id}`, id },
];

const CALLS: Call[] = [
  { method: 'GET', path: '/cms/domain/info' },
  { method: 'POST', path: '/cms/domain/info/all', domainsInBody: true },
  { method: 'GET', path: '/cms/column/def/all' },
  { method: 'GET', path: '/cms/blogs/all', query: page },
  { method: 'GET', path: '/cms/blogs/info/{id}', id: 'postId' },
  { method: 'POST', path: '/cms/blogs/info', payload: post },
  { method: 'PUT', path: '/cms/blogs/info/{id}', id: 'postId', payload: post },
  { method: 'DELETE', path: '/cms/blogs/info/{id}', id: 'postId' },
  { method: 'PUT', path: '/cms/blogs/manage/{id}', id: 'postId', query: { type: 'APPROVAL', value: 'true' } },
  { method: 'PUT', path: '/cms/blogs/manage/{id}', id: 'postId', query: { type: 'PUBLISH', value: 'false' } },
  ...taxonomyCalls('tags', 'tagId', { tagDisplayName: 'Hijacked' }),
  ...taxonomyCalls('categories', 'categoryId', { categoryDisplayName: 'Hijacked' }),
];
const ID_CALLS = CALLS.filter((call) => call.id);
const DELETES = CALLS.filter((call) => call.method === 'DELETE');
const label = (call: Call) => `${call.method} ${call.path}${call.query?.type ? ` ${call.query.type}` : ''}`;

let ctx: TestContext;
let a: TestDomain;
let b: TestDomain;
let token: string;
let dataA: DomainData;
let dataB: DomainData;
let before: { a: unknown; b: unknown };

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.domain('Domain A');
  b = await ctx.domain('Domain B');
  ({ token } = await ctx.member('admin', a));
  dataA = await seedDomain(ctx, token, a);
  dataB = await seedDomain(ctx, (await ctx.member('admin', b)).token, b);
  before = { a: await snapshotDomain(ctx, a.id), b: await snapshotDomain(ctx, b.id) };
});
afterAll(async () => ctx?.close());

/** Sends a call of the matrix as the admin of A, for the domain host given and with an id (if any). */
function send(call: Call, host: string | undefined, id?: string) {
  const query = new URLSearchParams({
    ...call.query,
    ...(host && !call.domainsInBody ? { domain: host } : {}),
  });
  const path = call.path.replace('{id}', id ?? '');
  const payload = call.domainsInBody ? [host] : call.payload;
  return ctx.request(token, {
    method: call.method,
    url: `${path}?${query}`,
    ...(payload ? { payload } : {}),
  });
}

describe('isolation between domains', () => {
  it.each(CALLS.map((call) => [label(call), call] as const))(
    'should refuse %s for a domain the user is not a member of with 403',
    async (_label, call) => {
      const response = await send(call, b.domain, call.id && dataB[call.id]);
      const body = expectErrorBody(response, 403);
      expect(body.errors.join(' ')).toContain(b.domain);
    },
  );

  it.each(CALLS.map((call) => [label(call), call] as const))(
    'should answer %s for a domain that does not exist exactly as for a domain of someone else',
    async (_label, call) => {
      const missing = `nowhere-${randomUUID().slice(0, 8)}.example.test`;
      const refused = await send(call, missing, call.id && dataB[call.id]);
      const notMember = await send(call, b.domain, call.id && dataB[call.id]);
      expectErrorBody(refused, 403);
      expect(refused.body.replaceAll(missing, '<host>')).toBe(notMember.body.replaceAll(b.domain, '<host>'));
    },
  );

  it.each(ID_CALLS.map((call) => [label(call), call] as const))(
    'should answer %s with an id of another domain with 404, as for an id of none',
    async (_label, call) => {
      const other = await send(call, a.domain, dataB[call.id!]);
      const none = await send(call, a.domain, randomUUID());
      expectErrorBody(other, 404);
      expect(other.body).toBe(none.body);
    },
  );

  it.each(DELETES.map((call) => [label(call), call] as const))(
    'should answer %s without a domain on an id of another domain with 404',
    async (_label, call) => {
      const other = await send(call, undefined, dataB[call.id!]);
      const none = await send(call, undefined, randomUUID());
      expectErrorBody(other, 404);
      expect(other.body).toBe(none.body);
    },
  );

  it.each(['tags', 'categories', 'blogs'])('should list only the own domain in /cms/%s/all', async (path) => {
    const list = await ctx.request(token, { method: 'GET', url: `/cms/${path}/all?domain=${a.domain}` });
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json() as { entries: { id: string }[] }).entries.map((entry) => entry.id);
    expect(ids).toHaveLength(1);
    for (const id of Object.values(dataB)) expect(list.body).not.toContain(id);
    expect(Object.values(dataA)).toContain(ids[0]);
  });

  it("should refuse a post that refers to another domain's tag or category with 400", async () => {
    const body = { ...post, tags: [dataB.tagId], category: { id: dataB.categoryId } };
    const created = await ctx.request(token, {
      method: 'POST',
      url: `/cms/blogs/info?domain=${a.domain}`,
      payload: body,
    });
    const updated = await ctx.request(token, {
      method: 'PUT',
      url: `/cms/blogs/info/${dataA.postId}?domain=${a.domain}`,
      payload: body,
    });
    for (const response of [created, updated]) {
      expect(expectErrorBody(response, 400).errors).toEqual([
        `tags: ${dataB.tagId} is not a tag of this domain`,
        `category: ${dataB.categoryId} is not a category of this domain`,
      ]);
    }
  });

  it("should leave both domains' rows exactly as they were after the whole matrix", async () => {
    const after = { a: await snapshotDomain(ctx, a.id), b: await snapshotDomain(ctx, b.id) };
    expect(after.b).toEqual(before.b);
    expect(after.a).toEqual(before.a);
    expect(after.b.posts).toMatchObject([
      { title: 'Post of Domain B', version: 1, approved: false, published: false },
    ]);
    expect(after.b.tags.map((t) => t.display_name)).toEqual(['Tag of Domain B']);
    expect(after.b.categories.map((c) => c.display_name)).toEqual(['Category of Domain B']);
    expect(after.b.postTags).toHaveLength(1);
  });
});

describe('GET /cms/user/info', () => {
  it("should list only the user's own domains with their roles, name and e-mail", async () => {
    const c = await ctx.domain('Domain C');
    const d = await ctx.domain('Domain D');
    const { email, token: own } = await ctx.member('author', c);
    await ctx.db.insertInto('memberships').values({ domain_id: d.id, email, role: 'editor' }).execute();
    const response = await ctx.request(own, { method: 'GET', url: '/cms/user/info' });
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      { domain: c.domain, role: 'author' },
      { domain: d.domain, role: 'editor' },
    ].sort((x, y) => x.domain.localeCompare(y.domain));
    expect(response.json()).toEqual({
      domains: expected.map((m) => m.domain),
      memberships: expected,
      name: email.split('@')[0],
      email,
    });
    for (const other of [a, b]) expect(response.body).not.toContain(other.domain);
  });
});
