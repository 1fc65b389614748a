import { ROLES, type Role } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { expectErrorBody, seedDomain, snapshotDomain } from './access-fixtures.js';

/**
 * DESIGN §2: an author writes posts; an editor also approves, publishes and manages tags and
 * categories; an admin can do all of that. A refused write is a 403 that names the role needed
 * and changes nothing.
 */
let ctx: TestContext;
let domain: TestDomain;
let ownerToken: string;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain('Roles');
  ownerToken = (await ctx.member('admin', domain)).token;
  for (const role of ROLES) tokens[role] = (await ctx.member(role, domain)).token;
});
afterAll(async () => ctx?.close());

const q = () => `domain=${domain.domain}`;
const postBody = { title: 'Role Post', writtenBy: 'Someone', editorHtmlContent: '<p>Body</p>' };

async function call(
  role: Role | 'owner',
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const token = role === 'owner' ? ownerToken : tokens[role];
  return ctx.request(token, { method, url, ...(payload ? { payload } : {}) });
}

async function draftPost() {
  const response = await call('owner', 'POST', `/cms/blogs/info?${q()}`, postBody);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const manage = (id: string, type: 'APPROVAL' | 'PUBLISH', value: boolean) =>
  `/cms/blogs/manage/${id}?${q()}&type=${type}&value=${value}`;

/** A refused write: 403 that says an editor is needed, and the domain's rows unchanged. */
async function expectRefused(send: () => Promise<Awaited<ReturnType<typeof call>>>, role: Role, need: Role) {
  const before = await snapshotDomain(ctx, domain.id);
  const response = await send();
  const body = expectErrorBody(response, 403);
  expect(body.errors[0]).toContain(`Your role (${role})`);
  expect(body.errors[0]).toContain(`an ${need} or higher can`);
  expect(await snapshotDomain(ctx, domain.id)).toEqual(before);
}

describe.each(ROLES)('as %s', (role) => {
  const canManage = role !== 'author';

  it('should create, update and delete a draft post', async () => {
    const created = await call(role, 'POST', `/cms/blogs/info?${q()}`, postBody);
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const updated = await call(role, 'PUT', `/cms/blogs/info/${id}?${q()}`, {
      ...postBody,
      title: `By ${role}`,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: `By ${role}`, slug: `by-${role}` });
    const deleted = await call(role, 'DELETE', `/cms/blogs/info/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(
      await ctx.db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it(`should ${canManage ? 'approve and publish' : 'not approve or publish'} a post`, async () => {
    const id = await draftPost();
    if (!canManage) {
      await expectRefused(() => call(role, 'PUT', manage(id, 'APPROVAL', true)), role, 'editor');
      await call('owner', 'PUT', manage(id, 'APPROVAL', true));
      await expectRefused(() => call(role, 'PUT', manage(id, 'PUBLISH', true)), role, 'editor');
      await expectRefused(() => call(role, 'PUT', manage(id, 'APPROVAL', false)), role, 'editor');
      await call('owner', 'PUT', manage(id, 'PUBLISH', true));
      await expectRefused(() => call(role, 'PUT', manage(id, 'PUBLISH', false)), role, 'editor');
      return;
    }
    const steps: ['APPROVAL' | 'PUBLISH', boolean, { approved: boolean; published: boolean }][] = [
      ['APPROVAL', true, { approved: true, published: false }],
      ['PUBLISH', true, { approved: true, published: true }],
      ['PUBLISH', false, { approved: true, published: false }],
      ['APPROVAL', false, { approved: false, published: false }],
    ];
    for (const [type, value, flags] of steps) {
      const response = await call(role, 'PUT', manage(id, type, value));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject(flags);
    }
  });

  describe.each([
    { path: 'tags', nameField: 'tagDisplayName', table: 'tags' },
    { path: 'categories', nameField: 'categoryDisplayName', table: 'categories' },
  ] as const)('$path', ({ path, nameField, table }) => {
    async function existing() {
      const response = await call('owner', 'POST', `/cms/${path}/info?${q()}`, {
        [nameField]: `${role} ${path} ${Math.random().toString(36).slice(2, 8)}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    }
    const row = (id: string) => ctx.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

    it(`should ${canManage ? '' : 'not '}create one`, async () => {
      const send = () => call(role, 'POST', `/cms/${path}/info?${q()}`, { [nameField]: `New by ${role}` });
      if (!canManage) return expectRefused(send, role, 'editor');
      const response = await send();
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ [nameField]: `New by ${role}` });
    });

    it(`should ${canManage ? '' : 'not '}rename one`, async () => {
      const id = await existing();
      const send = () =>
        call(role, 'PUT', `/cms/${path}/info/${id}?${q()}`, { [nameField]: `Renamed by ${role}` });
      if (!canManage) return expectRefused(send, role, 'editor');
      const response = await send();
      expect(response.statusCode, response.body).toBe(200);
      expect((await row(id))?.display_name).toBe(`Renamed by ${role}`);
    });

    it(`should ${canManage ? '' : 'not '}delete one, with or without the domain`, async () => {
      const [withDomain, withoutDomain] = [await existing(), await existing()];
      const sendWith = () => call(role, 'DELETE', `/cms/${path}/info/${withDomain}?${q()}`);
      const sendWithout = () => call(role, 'DELETE', `/cms/${path}/info/${withoutDomain}`);
      if (!canManage) {
        await expectRefused(sendWith, role, 'editor');
        return expectRefused(sendWithout, role, 'editor');
      }
      for (const [send, id] of [
        [sendWith, withDomain],
        [sendWithout, withoutDomain],
      ] as const) {
        const response = await send();
        expect(response.statusCode, response.body).toBe(204);
        expect(await row(id)).toBeUndefined();
      }
    });
  });

  it('should read everything in the domain', async () => {
    const data = await seedDomain(ctx, ownerToken, { ...domain, name: `read by ${role}` });
    const reads = [
      '/cms/user/info',
      `/cms/domain/info?${q()}`,
      `/cms/column/def/all?${q()}`,
      `/cms/blogs/all?${q()}`,
      `/cms/blogs/info/${data.postId}?${q()}`,
      `/cms/tags/all?${q()}`,
      `/cms/tags/list?${q()}`,
      `/cms/tags/info/${data.tagId}?${q()}`,
      `/cms/categories/all?${q()}`,
      `/cms/categories/list?${q()}`,
      `/cms/categories/info/${data.categoryId}?${q()}`,
    ];
    for (const url of reads) {
      const response = await call(role, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const info = await call(role, 'GET', '/cms/user/info');
    expect(info.json()).toMatchObject({ memberships: [{ domain: domain.domain, role }] });
    const post = await call(role, 'GET', `/cms/blogs/info/${data.postId}?${q()}`);
    expect(post.json()).toMatchObject({
      id: data.postId,
      tags: [{ id: data.tagId }],
      category: { id: data.categoryId },
    });
  });
});
