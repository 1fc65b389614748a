import { randomUUID } from 'node:crypto';
import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceColumnDefs } from '../../../src/db/repositories/column-defs.repository.js';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import {
  countPosts,
  createPost,
  expectError,
  lexicalState,
  newDomainApi,
  postBody,
} from './blog-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const MB = 1024 * 1024;
const ID_LINE = 'id: must be a valid id (uuid)';
const IMAGE_LINE = 'featureImageUrl: must be an http or https address';
const STATE_LINE = 'editorState: is not a valid Lexical editor state';
const required = (field: string) => `${field}: This field is required`;

const CLIENTS = ['Acme Corp', 'Globex'];
const FIELD_DEFS: ColumnDef[] = [
  { key: 'client', label: 'Client', type: 'select', required: true, options: CLIENTS, filterable: true },
  { key: 'wordCount', label: 'Words', type: 'number', required: false },
  { key: 'dueDate', label: 'Due', type: 'date', required: false },
  { key: 'featured', label: 'Featured', type: 'boolean', required: false },
  { key: 'note', label: 'Note', type: 'text', required: false },
];

/** A domain with the custom fields above. */
async function domainWithFields() {
  const setup = await newDomainApi(ctx);
  await ctx.db.transaction().execute((trx) => replaceColumnDefs(trx, setup.domain.id, FIELD_DEFS));
  return setup;
}

/** POSTs the body, expects the status and the error body, and checks that nothing was written. */
async function refusedCreate(setup: Awaited<ReturnType<typeof newDomainApi>>, payload: object, status = 400) {
  const before = await countPosts(ctx, setup.domain);
  const body = expectError(await setup.api.create(payload), status);
  expect(await countPosts(ctx, setup.domain)).toBe(before);
  return body;
}

describe('POST /cms/blogs/info', () => {
  it.each([
    ['a missing title', { title: undefined }, required('title')],
    ['a blank title', { title: '   ' }, required('title')],
    ['a missing writtenBy', { writtenBy: undefined }, required('writtenBy')],
    ['a blank writtenBy', { writtenBy: '\t ' }, required('writtenBy')],
    ['missing content', { editorHtmlContent: undefined }, required('editorHtmlContent')],
    ['a javascript: feature image', { featureImageUrl: 'javascript:alert(1)' }, IMAGE_LINE],
    ['a data: feature image', { featureImageUrl: 'data:image/png;base64,AAAA' }, IMAGE_LINE],
    ['a relative feature image', { featureImageUrl: '/images/a.png' }, IMAGE_LINE],
    ['an editorState that is not JSON', { editorState: '{root:' }, 'editorState: is not valid JSON'],
    ['an editorState without a root', { editorState: '{"children":[]}' }, STATE_LINE],
    ['an editorState whose root is not a root', { editorState: '{"root":{"type":"paragraph"}}' }, STATE_LINE],
  ])('should refuse %s with 400 and one line', async (_name, overrides, line) => {
    const setup = await newDomainApi(ctx);

    const body = await refusedCreate(setup, postBody(overrides));

    expect(body.errors).toEqual([line]);
  });

  it.each([
    ['a number as the title', { title: 123 }, 'title'],
    ['a boolean as writtenBy', { writtenBy: true }, 'writtenBy'],
    ['a number as the short description', { shortDescription: 7 }, 'shortDescription'],
  ])(
    'should refuse %s with a 400 naming the field, not convert it (regression: JSON bodies were coerced)',
    async (_name, overrides, field) => {
      const setup = await newDomainApi(ctx);

      const body = await refusedCreate(setup, postBody(overrides));

      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatch(new RegExp(`^${field}\\b`));
    },
  );

  it('should refuse a lone tag id instead of a list, even of a tag of the domain', async () => {
    const setup = await newDomainApi(ctx);
    const tag = await setup.api.createTag('Lone');

    const body = await refusedCreate(setup, postBody({ tags: tag.id }));

    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatch(/^tags\b/);
  });

  it('should still read typed values from the query string (page=1, value=true)', async () => {
    const setup = await newDomainApi(ctx, 'admin');
    const post = await createPost(setup.api, { title: 'Query types' });
    expect((await setup.api.manage(post.id, 'APPROVAL', 'true')).statusCode).toBe(200);
    const list = await setup.api.list({ page: '0', numberOfEntries: '1' });
    expect(list.statusCode).toBe(200);
    expect(list.json().entries).toHaveLength(1);
  });

  it('should give every missing required field its own line', async () => {
    const setup = await newDomainApi(ctx);

    const body = await refusedCreate(setup, {});

    expect(body.errors.sort()).toEqual([
      required('editorHtmlContent'),
      required('title'),
      required('writtenBy'),
    ]);
  });

  it('should refuse a tag id unknown anywhere and a tag or category of another domain', async () => {
    const setup = await newDomainApi(ctx);
    const other = await newDomainApi(ctx);
    const foreignTag = await other.api.createTag('Foreign');
    const foreignCategory = await other.api.createCategory('Foreign');
    const ownTag = await setup.api.createTag('Own');
    const unknown = randomUUID();

    const body = await refusedCreate(
      setup,
      postBody({ tags: [ownTag.id, unknown, { id: foreignTag.id }], category: foreignCategory.id }),
    );

    expect(body.errors).toEqual([
      `tags: ${unknown} is not a tag of this domain`,
      `tags: ${foreignTag.id} is not a tag of this domain`,
      `category: ${foreignCategory.id} is not a category of this domain`,
    ]);
  });

  it.each([
    ['tags given as an object', { tags: { id: randomUUID() } }],
    ['tags given as a word', { tags: 'news' }],
    ['a tag that is not a uuid', { tags: ['news'] }],
    ['a category that is not a uuid', { category: 'news' }],
    ['a title that is not text', { title: { text: 'x' } }],
  ])('should refuse %s with 400', async (_name, overrides) => {
    const setup = await newDomainApi(ctx);

    const body = await refusedCreate(setup, postBody(overrides));

    const field = Object.keys(overrides)[0]!;
    expect(body.errors.every((line) => line.startsWith(field))).toBe(true);
  });

  it.each([
    ['the required select missing', {}, 'fields.client: This field is required'],
    [
      'a select value not among the options',
      { client: 'Umbrella' },
      'fields.client: must be one of Acme Corp, Globex',
    ],
    [
      'an unknown field key',
      { client: 'Globex', colour: 'red' },
      'fields.colour: is not a field of this domain',
    ],
    ['text in a number field', { client: 'Globex', wordCount: 'many' }, 'fields.wordCount: must be a number'],
    [
      'an impossible date',
      { client: 'Globex', dueDate: '2024-13-45' },
      'fields.dueDate: must be a date (yyyy-MM-dd)',
    ],
    [
      '"yes" in a boolean field',
      { client: 'Globex', featured: 'yes' },
      'fields.featured: must be true or false',
    ],
    ['a number in a text field', { client: 'Globex', note: 7 }, 'fields.note: must be text'],
  ])('should refuse custom fields with %s', async (_name, fields, line) => {
    const setup = await domainWithFields();

    const body = await refusedCreate(setup, postBody({ fields }));

    expect(body.errors).toEqual([line]);
  });

  // Regression: ajv's coerceTypes turned 42 and true into "42" and "true" in the first branch of the
  // field-value union, so valid numbers and booleans were refused as "must be a number".
  it('should accept typed custom field values and store them with their types', async () => {
    const { api } = await domainWithFields();

    const post = await createPost(api, {
      fields: { client: 'Acme Corp', wordCount: 42, dueDate: '2024-02-29', featured: true, note: 'true' },
    });

    expect(post.fields).toEqual({
      client: 'Acme Corp',
      wordCount: 42,
      dueDate: '2024-02-29',
      featured: true,
      note: 'true',
    });
    expect((await api.get(post.id)).json().fields).toEqual(post.fields);
  });

  it('should store an editorState of null as null', async () => {
    const { api } = await newDomainApi(ctx);

    expect((await createPost(api, { editorState: null })).editorState).toBeNull();
  });

  it('should refuse an editorState over 2 MB with 413', async () => {
    const setup = await newDomainApi(ctx);
    const state = JSON.parse(lexicalState());
    state.root.children[0].children[0].text = 'x'.repeat(2 * MB);

    await refusedCreate(setup, postBody({ editorState: JSON.stringify(state) }), 413);
  });

  it('should refuse a body over the 8 MB limit with 413', async () => {
    const setup = await newDomainApi(ctx);

    await refusedCreate(setup, postBody({ editorTextString: 'x'.repeat(9 * MB) }), 413);
  });

  it('should refuse a body that is not valid JSON with 400', async () => {
    const setup = await newDomainApi(ctx);
    const before = await countPosts(ctx, setup.domain);

    const res = await ctx.request(setup.token, {
      method: 'POST',
      url: `/cms/blogs/info?domain=${setup.domain.domain}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "Broken",',
    });

    expectError(res, 400);
    expect(await countPosts(ctx, setup.domain)).toBe(before);
  });

  it('should refuse a text/plain body with 415', async () => {
    const setup = await newDomainApi(ctx);

    const res = await ctx.request(setup.token, {
      method: 'POST',
      url: `/cms/blogs/info?domain=${setup.domain.domain}`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(postBody()),
    });

    expectError(res, 415);
    expect(await countPosts(ctx, setup.domain)).toBe(0);
  });
});

describe('PUT /cms/blogs/info/{id}', () => {
  it('should refuse invalid changes with 400 and leave the post unchanged', async () => {
    const { api } = await domainWithFields();
    const post = await createPost(api, { title: 'Kept', fields: { client: 'Globex' } });
    const before = await api.get(post.id);

    const body = expectError(
      await api.update(post.id, postBody({ title: ' ', fields: { client: 'Nobody', wordCount: '12' } })),
      400,
    );

    expect(body.errors).toEqual([
      'title: This field is required',
      'fields.client: must be one of Acme Corp, Globex',
      'fields.wordCount: must be a number',
    ]);
    const after = await api.get(post.id);
    expect(after.json()).toEqual(before.json());
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('should refuse an id that is not a uuid with 400', async () => {
    const { api, domain } = await newDomainApi(ctx);

    expect(expectError(await api.update('not-a-uuid', postBody()), 400).errors).toEqual([ID_LINE]);
    expect(await countPosts(ctx, domain)).toBe(0);
  });
});

describe('GET /cms/blogs/all', () => {
  it.each([
    ['page=-1', { page: -1 }, /^page: /],
    ['numberOfEntries=0', { numberOfEntries: 0 }, /^numberOfEntries: /],
    ['numberOfEntries=101', { numberOfEntries: 101 }, /^numberOfEntries: /],
    ['page=abc', { page: 'abc' }, /^page: /],
    // Regression: a page this large overflowed the database OFFSET and gave a 500.
    ['page=100000000000000000000', { page: '100000000000000000000' }, /^page: /],
    // Regression: ajv coerced 1e400 to Infinity and let it through; the database then gave a 500.
    ['page=1e400', { page: '1e400' }, /^page: /],
    ['numberOfEntries=1e400', { numberOfEntries: '1e400' }, /^numberOfEntries: /],
    ['status=archived', { status: 'archived' }, /^status: /],
  ])('should refuse %s with 400 naming the parameter', async (_name, query, line) => {
    const { api } = await newDomainApi(ctx);

    const body = expectError(await api.list(query), 400);

    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatch(line);
  });

  it('should accept numberOfEntries=100', async () => {
    const { api } = await newDomainApi(ctx);
    await createPost(api);

    const res = await api.list({ numberOfEntries: 100 });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalEntries: 1, totalPages: 1, currentPage: 0 });
  });
});

describe('GET /cms/blogs/info/{id}', () => {
  it('should refuse an id that is not a uuid with 400', async () => {
    const { api } = await newDomainApi(ctx);

    expect(expectError(await api.get('not-a-uuid'), 400).errors).toEqual([ID_LINE]);
  });
});

describe('DELETE /cms/blogs/info/{id}', () => {
  it('should refuse an id that is not a uuid with 400, with or without the domain', async () => {
    const { api, domain } = await newDomainApi(ctx);
    await createPost(api);

    expect(expectError(await api.remove('not-a-uuid'), 400).errors).toEqual([ID_LINE]);
    expect(expectError(await api.remove('not-a-uuid', { withDomain: false }), 400).errors).toEqual([ID_LINE]);
    expect(await countPosts(ctx, domain)).toBe(1);
  });
});

describe('PUT /cms/blogs/manage/{id}', () => {
  it('should refuse an id that is not a uuid with 400', async () => {
    const { api } = await newDomainApi(ctx);

    expect(expectError(await api.manage('not-a-uuid', 'APPROVAL', true), 400).errors).toEqual([ID_LINE]);
  });
});
