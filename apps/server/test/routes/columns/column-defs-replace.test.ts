import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';

/** Issue 22: an admin replaces the domain's custom fields from the browser. */
let ctx: TestContext;
let domain: TestDomain;
let other: TestDomain;
let admin: { email: string; token: string };

const client: ColumnDef = {
  key: 'client',
  label: 'Client',
  type: 'select',
  required: false,
  options: ['Acme', 'Globex'],
  filterable: true,
};
const note: ColumnDef = { key: 'note', label: 'Note', type: 'text', required: false, filterable: false };
const url = (host: string, query = '') => `/cms/column/def/all?domain=${host}${query}`;

const get = (token: string, host = domain.domain) => ctx.request(token, { method: 'GET', url: url(host) });
function put(
  token: string,
  payload: unknown,
  options: { etag?: string; query?: string; host?: string } = {},
) {
  return ctx.request(token, {
    method: 'PUT',
    url: url(options.host ?? domain.domain, options.query),
    payload: payload as object,
    headers: options.etag ? { 'if-match': options.etag } : {},
  });
}

const activityRows = () =>
  ctx.db
    .selectFrom('activity')
    .selectAll()
    .where('domain_id', '=', domain.id)
    .where('kind', '=', 'fields.replaced')
    .execute();

async function currentEtag() {
  const response = await get(admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.headers.etag as string;
}

/** Sets the list through the API (no precondition) and returns the new ETag. */
async function setFields(defs: ColumnDef[]) {
  const response = await put(admin.token, defs, { query: '&confirmRemoval=true' });
  expect(response.statusCode, response.body).toBe(200);
  return response.headers.etag as string;
}

async function postWith(fields: Record<string, unknown>) {
  const response = await ctx.request(admin.token, {
    method: 'POST',
    url: `/cms/blogs/info?domain=${domain.domain}`,
    payload: { title: 'With fields', writtenBy: 'Tester', editorHtmlContent: '<p>x</p>', fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const storedFields = async (id: string) =>
  await ctx.db
    .selectFrom('posts')
    .select(['fields', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain('Fields');
  other = await ctx.domain('Other');
  admin = await ctx.member('admin', domain);
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('posts').where('domain_id', '=', domain.id).execute();
  await setFields([]);
});

describe('PUT /cms/column/def/all', () => {
  it('should let an admin replace the list, answer it with a new ETag and keep the order', async () => {
    const before = await currentEtag();
    const response = await put(admin.token, [note, client], { etag: before });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([note, client]);
    const after = response.headers.etag as string;
    expect(after).toMatch(/^"[\w-]+"$/);
    expect(after).not.toBe(before);
    expect(await currentEtag()).toBe(after);
    expect((await get(admin.token)).json()).toEqual([note, client]);
  });

  it('should refuse authors and editors with 403 and change nothing', async () => {
    await setFields([client]);
    const etag = await currentEtag();
    for (const role of ['author', 'editor'] as const) {
      const { token } = await ctx.member(role, domain);
      expect((await get(token)).statusCode).toBe(200);
      const body = expectErrorBody(await put(token, [note], { etag }), 403);
      expect(body.errors[0]).toContain(`Your role (${role})`);
    }
    expect(await currentEtag()).toBe(etag);
  });

  it("should refuse another domain's admin with 403", async () => {
    const { token } = await ctx.member('admin', other);
    expectErrorBody(await put(token, [note]), 403);
    expect((await get(admin.token)).json()).toEqual([]);
  });

  it('should refuse a stale If-Match with 412, write nothing and record no activity', async () => {
    const stale = await currentEtag();
    await setFields([client]);
    const rows = (await activityRows()).length;
    expectErrorBody(await put(admin.token, [note], { etag: stale }), 412);
    expect((await get(admin.token)).json()).toEqual([client]);
    expect(await activityRows()).toHaveLength(rows);
    expectErrorBody(await put(admin.token, [note], { etag: 'W/"whatever"' }), 412);
  });

  it("should answer the CLI's problems one per line with 400", async () => {
    const response = await put(admin.token, [
      { key: '1bad', label: 'Bad', type: 'text', required: false },
      { key: 'kind', label: 'Kind', type: 'list', required: false },
      { key: 'extra', label: 'Extra', type: 'text', required: false, colour: 'red' },
    ]);
    const body = expectErrorBody(response, 400);
    expect(body.errors).toEqual([
      'field 1 "1bad": key: must start with a letter and hold only letters, digits and _ (64 at most)',
      'field 2 "kind": type: must be one of text, textarea, number, select, multiselect, date, boolean',
      'field 3 "extra": colour: is not a property of a field',
    ]);
    const semantic = expectErrorBody(
      await put(admin.token, [
        { ...client, options: [] },
        { ...note, filterable: true },
        { ...note, label: 'Again' },
      ]),
      400,
    );
    expect(semantic.errors).toEqual([
      'field 1 "client": a select field needs a non-empty "options" list',
      'field 2 "note": only a select or multiselect field can be filterable',
      'field 3 "note": duplicate key (field 2 has it too)',
    ]);
    expectErrorBody(await put(admin.token, { key: 'x' }), 400);
    expect((await get(admin.token)).json()).toEqual([]);
  });

  it('should refuse to remove a field posts hold values for with 409 and the count', async () => {
    await setFields([client, note]);
    await postWith({ client: 'Acme', note: 'n' });
    await postWith({ client: 'Globex' });
    await postWith({});
    const etag = await currentEtag();
    const rows = (await activityRows()).length;
    const body = expectErrorBody(await put(admin.token, [], { etag }), 409);
    expect(body.errors).toEqual([
      'client: 2 posts hold a value of this field',
      'note: 1 post holds a value of this field',
    ]);
    expect(body.detailedMessage).toMatch(/^2 posts hold values of the fields you remove/);
    expect(await currentEtag()).toBe(etag);
    expect(await activityRows()).toHaveLength(rows);
  });

  it('should remove a field no post holds a value for without confirmation', async () => {
    await setFields([client, note]);
    await postWith({ client: 'Acme' });
    const response = await put(admin.token, [client], { etag: await currentEtag() });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('should keep the values in the posts when the removal is confirmed', async () => {
    await setFields([client, note]);
    const id = await postWith({ client: 'Acme', note: 'kept' });
    const before = await storedFields(id);
    const response = await put(admin.token, [note], {
      etag: await currentEtag(),
      query: '&confirmRemoval=true',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedFields(id)).toEqual(before);
  });

  it('should drop the values when the admin chooses to', async () => {
    await setFields([client, note]);
    const id = await postWith({ client: 'Acme', note: 'kept' });
    const untouched = await postWith({ note: 'only a note' });
    const before = await storedFields(id);
    const untouchedBefore = await storedFields(untouched);
    const response = await put(admin.token, [note], {
      etag: await currentEtag(),
      query: '&confirmRemoval=true&dropValues=true',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await storedFields(id);
    expect(after.fields).toEqual({ note: 'kept' });
    expect(after.version).toBe(before.version + 1);
    expect(await storedFields(untouched)).toEqual(untouchedBefore);
  });

  it('should record a fields.replaced row with the lists before and after', async () => {
    await setFields([client]);
    const rows = (await activityRows()).length;
    const response = await put(admin.token, [client, note], { etag: await currentEtag() });
    expect(response.statusCode, response.body).toBe(200);
    const all = await activityRows();
    expect(all).toHaveLength(rows + 1);
    const row = all.find((r) => Array.isArray(r.after) && r.after.length === 2);
    expect(row).toMatchObject({ actor_email: admin.email, before: [client], after: [client, note] });
  });
});
